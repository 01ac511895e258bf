/// What `TerminalSession.nextEvent` reports.
package enum TerminalEvent: Hashable, Sendable {
  /// Keys were pressed (one read's worth, in order; never empty).
  case keys([TerminalKey])
  /// The window changed size, or the program came back from a stop: draw the whole frame
  /// again for the new size (the next `draw` writes every line).
  case resized(rows: Int, columns: Int)
  /// One of the extra descriptors became readable: read (drain) it, or it stays readable.
  case ready(Int32)
  /// The time given passed with nothing to report.
  case timeout
  /// The terminal's input ended (the terminal is gone): close the session and exit.
  case endOfInput
}
