/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable {
  /// Lines.
  public var rows: Int
  /// Columns.
  public var columns: Int

  /// A size.
  ///
  /// - Parameters:
  ///   - rows: Lines.
  ///   - columns: Columns.
  public init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
  }
}

/// A cell on the screen, counted from 0 at the top left.
public struct TerminalPosition: Hashable, Sendable {
  /// The line, from 0.
  public var row: Int
  /// The column, from 0 (a wide character takes two).
  public var column: Int

  /// A position.
  ///
  /// - Parameters:
  ///   - row: The line, from 0.
  ///   - column: The column, from 0.
  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }
}

/// What the whole screen shows: a line per row from the top (rows past the last line are
/// blank, lines past the last row are not drawn), and where the cursor shows, if anywhere.
public struct TerminalFrame: Hashable, Sendable {
  /// The lines, from the top row.
  public var lines: [StyledLine]
  /// Where the cursor shows (while text is edited); hidden when nil.
  public var cursor: TerminalPosition?

  /// A frame.
  ///
  /// - Parameters:
  ///   - lines: The lines, from the top row.
  ///   - cursor: Where the cursor shows; hidden when nil (the default).
  public init(lines: [StyledLine], cursor: TerminalPosition? = nil) {
    self.lines = lines
    self.cursor = cursor
  }
}
