/// How text is drawn: any mix of bold, dim, underline and reverse video.
package struct TextStyle: OptionSet, Hashable, Sendable {
  /// The bits.
  package let rawValue: UInt8

  /// A style from its bits.
  ///
  /// - Parameter rawValue: The bits.
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold (headers).
  package static let bold = TextStyle(rawValue: 1)
  /// Dim (footers, hints).
  package static let dim = TextStyle(rawValue: 2)
  /// Underlined.
  static let underline = TextStyle(rawValue: 4)
  /// Reverse video (the selected row).
  package static let reverse = TextStyle(rawValue: 8)
}

/// A piece of a line in one style.
package struct StyledText: Hashable, Sendable {
  /// The text, on one line (controls are drawn as `�`).
  var text: String
  /// How it is drawn.
  var style: TextStyle

  /// A piece of text in a style.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: How it is drawn; plain by default.
  package init(_ text: String, style: TextStyle = []) {
    self.text = text
    self.style = style
  }
}

/// One line of a frame: pieces of styled text, clipped to the screen's width when drawn (with
/// `…`), and the style of the columns after them, so that a selected row's reverse video
/// reaches the right edge.
package struct StyledLine: Hashable, Sendable, ExpressibleByStringInterpolation {
  /// The pieces, left to right.
  var runs: [StyledText]
  /// The style of the columns after the text.
  var fill: TextStyle

  /// A line of text in one style, which also fills the rest of the line.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: How the whole line is drawn; plain by default.
  package init(_ text: String = "", style: TextStyle = []) {
    self.runs = text.isEmpty ? [] : [StyledText(text, style: style)]
    self.fill = style
  }

  /// A line of pieces in different styles.
  ///
  /// - Parameters:
  ///   - runs: The pieces, left to right.
  ///   - fill: The style of the columns after them; plain by default.
  package init(runs: [StyledText], fill: TextStyle = []) {
    self.runs = runs
    self.fill = fill
  }

  /// A plain line.
  ///
  /// - Parameter value: The text.
  package init(stringLiteral value: String) { self.init(value) }

  /// The line's text without its styles.
  package var text: String { runs.map(\.text).joined() }
}
