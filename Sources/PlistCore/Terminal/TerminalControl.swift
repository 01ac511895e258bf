/// The escape sequences PlistCore writes to a terminal (xterm's, which every terminal
/// emulator in use understands).
enum TerminalControl {
  /// The alternate screen (the shell's screen comes back on leaving), the cursor hidden, and
  /// no automatic wrap, so that a line's last column never scrolls the screen.
  static let enterFullScreen = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l".utf8)
  /// Plain text, wrap and the cursor back, and the shell's screen.
  static let leaveFullScreen = Array("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l".utf8)

  static let showCursor = Array("\u{1B}[?25h".utf8)
  static let hideCursor = Array("\u{1B}[?25l".utf8)
  /// Erases from the cursor to the end of the line.
  static let eraseToEndOfLine = Array("\u{1B}[K".utf8)
  static let plain = Array("\u{1B}[0m".utf8)

  /// Moves the cursor to a cell (counted from 0 here, from 1 in the sequence).
  static func moveCursor(to position: TerminalPosition) -> [UInt8] {
    Array("\u{1B}[\(position.row + 1);\(position.column + 1)H".utf8)
  }

  /// Selects a style (from plain, so attributes never pile up).
  static func select(_ style: TextStyle) -> [UInt8] {
    var codes = "0"
    if style.contains(.bold) { codes += ";1" }
    if style.contains(.dim) { codes += ";2" }
    if style.contains(.underline) { codes += ";4" }
    if style.contains(.reverse) { codes += ";7" }
    return Array("\u{1B}[\(codes)m".utf8)
  }
}
