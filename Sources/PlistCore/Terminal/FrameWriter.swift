/// Turns frames into the bytes that draw them, writing only the lines that changed since the
/// previous frame (cheap, and nothing flickers). A new size, or `invalidate()`, draws every
/// line again.
///
/// Each line written is positioned, drawn clipped to the width, and either filled to the
/// right edge in its fill style or ended with erase-to-end-of-line, so whatever was there
/// before is gone. The cursor stays hidden unless the frame places it.
struct FrameWriter {
  /// Each row's bytes as last written; nil when the row must be written.
  private var drawn: [[UInt8]?] = []
  /// The size the rows were written for; nil until the first frame and after `invalidate()`.
  private var size: TerminalSize?
  /// Where the cursor shows; nil while hidden.
  private var cursor: TerminalPosition?

  /// Forgets what the screen shows, so the next frame is drawn whole (after a resize, a
  /// return from a stop, a failed write, or Ctrl-L).
  mutating func invalidate() {
    size = nil
    cursor = nil
  }

  /// The bytes that change the screen from the previous frame to `frame`.
  ///
  /// - Parameters:
  ///   - frame: What the screen should show.
  ///   - size: The screen's size now.
  /// - Returns: The bytes to write; none when the screen already shows the frame.
  mutating func bytes(for frame: TerminalFrame, size: TerminalSize) -> [UInt8] {
    if size != self.size {
      self.size = size
      drawn = Array(repeating: nil, count: max(0, size.rows))
      cursor = nil
    }
    var lines: [UInt8] = []
    for row in drawn.indices {
      let line = row < frame.lines.count ? frame.lines[row] : StyledLine()
      let bytes = Self.lineBytes(line, width: size.columns)
      guard drawn[row] != bytes else { continue }
      lines += TerminalControl.moveCursor(to: TerminalPosition(row: row, column: 0)) + bytes
      drawn[row] = bytes
    }
    let wanted = frame.cursor.map { Self.clamped($0, to: size) }
    let wasShown = cursor != nil
    var out: [UInt8] = []
    // A shown cursor would be seen jumping from line to line: hidden while they are written.
    if wasShown && !lines.isEmpty { out += TerminalControl.hideCursor }
    out += lines
    if let wanted {
      if !lines.isEmpty || wanted != cursor { out += TerminalControl.moveCursor(to: wanted) }
      if !lines.isEmpty || !wasShown { out += TerminalControl.showCursor }
    } else if wasShown && lines.isEmpty {
      out += TerminalControl.hideCursor
    }
    cursor = wanted
    return out
  }

  // MARK: - One line

  /// A line's bytes for a width: styled text, then the fill or erase-to-end-of-line, ending
  /// in the plain style.
  static func lineBytes(_ line: StyledLine, width: Int) -> [UInt8] {
    var out: [UInt8] = []
    var style: TextStyle = []
    var used = 0
    for run in clipped(line.runs, to: width) {
      if run.style != style {
        out += TerminalControl.select(run.style)
        style = run.style
      }
      out += run.text.utf8
      used += DisplayWidth.of(run.text)
    }
    if used < width {
      if line.fill.isEmpty {
        if !style.isEmpty { out += TerminalControl.plain }
        style = []
        out += TerminalControl.eraseToEndOfLine
      } else {
        if line.fill != style { out += TerminalControl.select(line.fill) }
        style = line.fill
        out += Array(repeating: UInt8(ascii: " "), count: width - used)
      }
    }
    if !style.isEmpty { out += TerminalControl.plain }
    return out
  }

  /// The runs cut to `width` columns, the last one kept ending in `…` when text was cut;
  /// controls in the text are replaced, so text can never move the cursor.
  static func clipped(_ runs: [StyledText], to width: Int) -> [StyledText] {
    guard width > 0 else { return [] }
    let safe = runs.map { StyledText(sanitized($0.text), style: $0.style) }
    guard DisplayWidth.of(safe.map(\.text).joined()) > width else { return safe }
    var result: [StyledText] = []
    var remaining = width - 1
    for run in safe {
      let runWidth = DisplayWidth.of(run.text)
      if runWidth <= remaining {
        result.append(run)
        remaining -= runWidth
        continue
      }
      var kept = ""
      for character in run.text {
        let characterWidth = DisplayWidth.of(character)
        if characterWidth > remaining { break }
        kept.append(character)
        remaining -= characterWidth
      }
      result.append(StyledText(kept + "…", style: run.style))
      break
    }
    return result
  }

  /// The text with tabs as spaces and other controls escaped as everywhere else
  /// (`TerminalText`): `\U001b`, `\U202e`, so that a bundle's or a domain's text can neither
  /// move the cursor nor reorder the line.
  static func sanitized(_ text: String) -> String {
    guard text.unicodeScalars.contains("\t") else { return TerminalText.escaped(text) }
    return TerminalText.escaped(
      String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\t" ? " " : $0 })))
  }

  private static func clamped(_ position: TerminalPosition, to size: TerminalSize)
    -> TerminalPosition
  {
    TerminalPosition(
      row: min(max(0, position.row), max(0, size.rows - 1)),
      column: min(max(0, position.column), max(0, size.columns - 1)))
  }
}
