/// A Settings bundle's panes as plain text, the way `settings show` prints them: each pane
/// under its path from the root, groups under their headers, one row per element with its
/// value on the right, `(default)` where the domain does not set it, footers under their
/// groups.
public enum SettingsText {
  /// Every pane of a schema as lines of at most `width` columns.
  ///
  /// - Parameters:
  ///   - schema: The schema.
  ///   - title: The root pane's title (the app's name, or the domain).
  ///   - width: The columns available.
  ///   - showSecrets: Show secure text fields' values.
  ///   - value: A key's effective value and whether it is the factory default.
  /// - Returns: The lines.
  public static func lines(
    of schema: SettingsSchema, title: String, width: Int = 80, showSecrets: Bool = false,
    value: (String) -> (value: PlistValue, isDefault: Bool)?
  ) -> [String] {
    var lines: [String] = []
    var paths: [String: String] = [
      schema.bundle.root.name: schema.bundle.root.declaredTitle ?? title
    ]
    for pane in schema.bundle.panes {
      let path = TextWidth.clip(TextWidth.oneLine(paths[pane.name] ?? pane.name), to: width)
      if !lines.isEmpty { lines.append("") }
      lines.append(path)
      lines.append(String(repeating: "=", count: TextWidth.columns(path)))
      let rows = schema.rows(of: pane, showSecrets: showSecrets, value: value)
      for row in rows {
        if case .childPane(let child) = row.kind, paths[child] == nil {
          paths[child] = path + " › " + row.title
        }
        lines += self.lines(of: row, width: width)
      }
    }
    return lines
  }

  /// One row as lines: a header as a blank line and the title in capitals, a footer
  /// wrapped, an element as its title with its value flush right.
  ///
  /// - Parameters:
  ///   - row: The row.
  ///   - width: The columns available.
  /// - Returns: The lines.
  public static func lines(of row: SettingsRow, width: Int) -> [String] {
    switch row.kind {
    case .header:
      return row.title.isEmpty ? [""] : [""] + TextWidth.wrap(row.title.uppercased(), width: width)
    case .footer:
      return TextWidth.wrap(row.title, width: width - 2).map { "  " + $0 }
    default:
      return [line(of: row, width: width)]
    }
  }

  /// An element's row on one line: `  Title ……… value (default)`.
  ///
  /// - Parameters:
  ///   - row: The row.
  ///   - width: The columns available.
  /// - Returns: The line.
  public static func line(of row: SettingsRow, width: Int) -> String {
    var left = "  "
    switch row.kind {
    case .radioOption(_, let isChecked): left += (isChecked ? "(•) " : "( ) ") + row.title
    default: left += row.title
    }
    left = TextWidth.oneLine(left)
    var value = TextWidth.oneLine(row.value)
    var suffix = ""
    switch row.kind {
    case .childPane: value = "›"
    case .inert: value = ""
    case .toggle, .multiValue, .slider, .textField, .date, .readOnly:
      // Only a value can be the default one (a child pane may carry a Key too).
      if row.isDefault, row.key != nil, !value.isEmpty { suffix = " (default)" }
    default: break
    }
    if value.isEmpty { return TextWidth.clip(left, to: width) }
    // A value too long to fit beside the title is cut, the title keeping half the line.
    let valueRoom =
      width - TextWidth.columns(suffix) - 1 - min(TextWidth.columns(left), width / 2)
    if TextWidth.columns(value) > valueRoom { value = TextWidth.clip(value, to: max(valueRoom, 1)) }
    let right = value + suffix
    let clipped = TextWidth.clip(left, to: max(width - TextWidth.columns(right) - 1, 4))
    let gap = max(1, width - TextWidth.columns(clipped) - TextWidth.columns(right))
    return clipped + String(repeating: " ", count: gap) + right
  }

}

/// Columns of text on a terminal, approximated by characters (wide scripts count double).
enum TextWidth {
  /// The text on one line: a line break shown as `↵`, other control characters as spaces.
  static func oneLine(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          if scalar == "\n" { return "↵" }
          return scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar
        }))
  }

  /// The columns a string takes.
  static func columns(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
  }

  /// The string cut to `limit` columns, with `…` when cut.
  static func clip(_ text: String, to limit: Int) -> String {
    guard columns(text) > limit else { return text }
    var result = ""
    var used = 0
    for character in text {
      let size = columns(String(character))
      if used + size > limit - 1 { break }
      result.append(character)
      used += size
    }
    return result + "…"
  }

  /// The text wrapped at word boundaries into lines of at most `width` columns; its own
  /// line breaks kept.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ") {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if columns(candidate) > width, !line.isEmpty {
          lines.append(line)
          line = clip(String(word), to: width)
        } else {
          line = columns(candidate) > width ? clip(candidate, to: width) : candidate
        }
      }
      lines.append(line)
    }
    return lines
  }

  /// East Asian wide and full-width characters take two columns; combining marks none.
  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if (0x300..<0x370).contains(value) || (0x200B...0x200F).contains(value) { return 0 }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(value) } ? 2 : 1
  }
}
