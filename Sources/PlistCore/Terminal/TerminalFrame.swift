/// A terminal's size in character cells.
package struct TerminalSize: Hashable, Sendable {
  /// Lines.
  package var rows: Int
  /// Columns.
  package var columns: Int

  /// A size.
  ///
  /// - Parameters:
  ///   - rows: Lines.
  ///   - columns: Columns.
  package init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
  }
}

/// A cell on the screen, counted from 0 at the top left.
package struct TerminalPosition: Hashable, Sendable {
  /// The line, from 0.
  var row: Int
  /// The column, from 0 (a wide character takes two).
  package var column: Int
}

/// What the whole screen shows: a line per row from the top (rows past the last line are
/// blank, lines past the last row are not drawn), and where the cursor shows, if anywhere.
package struct TerminalFrame: Hashable, Sendable {
  /// The lines, from the top row.
  package var lines: [StyledLine]
  /// Where the cursor shows (while text is edited); hidden when nil.
  package var cursor: TerminalPosition?

  /// A frame.
  ///
  /// - Parameters:
  ///   - lines: The lines, from the top row.
  ///   - cursor: Where the cursor shows; hidden when nil (the default).
  package init(lines: [StyledLine], cursor: TerminalPosition? = nil) {
    self.lines = lines
    self.cursor = cursor
  }
}
