/// How text is drawn: any mix of bold, dim, underline and reverse video.
public struct TextStyle: OptionSet, Hashable, Sendable {
  /// The bits.
  public let rawValue: UInt8

  /// A style from its bits.
  ///
  /// - Parameter rawValue: The bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold (headers).
  public static let bold = TextStyle(rawValue: 1)
  /// Dim (footers, hints).
  public static let dim = TextStyle(rawValue: 2)
  /// Underlined.
  public static let underline = TextStyle(rawValue: 4)
  /// Reverse video (the selected row).
  public static let reverse = TextStyle(rawValue: 8)
}

/// A piece of a line in one style.
public struct StyledText: Hashable, Sendable {
  /// The text, on one line (controls are drawn as `�`).
  public var text: String
  /// How it is drawn.
  public var style: TextStyle

  /// A piece of text in a style.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: How it is drawn; plain by default.
  public init(_ text: String, style: TextStyle = []) {
    self.text = text
    self.style = style
  }
}

/// One line of a frame: pieces of styled text, clipped to the screen's width when drawn (with
/// `…`), and the style of the columns after them, so that a selected row's reverse video
/// reaches the right edge.
public struct StyledLine: Hashable, Sendable, ExpressibleByStringInterpolation {
  /// The pieces, left to right.
  public var runs: [StyledText]
  /// The style of the columns after the text.
  public var fill: TextStyle

  /// A line of text in one style, which also fills the rest of the line.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: How the whole line is drawn; plain by default.
  public init(_ text: String = "", style: TextStyle = []) {
    self.runs = text.isEmpty ? [] : [StyledText(text, style: style)]
    self.fill = style
  }

  /// A line of pieces in different styles.
  ///
  /// - Parameters:
  ///   - runs: The pieces, left to right.
  ///   - fill: The style of the columns after them; plain by default.
  public init(runs: [StyledText], fill: TextStyle = []) {
    self.runs = runs
    self.fill = fill
  }

  /// A plain line.
  ///
  /// - Parameter value: The text.
  public init(stringLiteral value: String) { self.init(value) }

  /// The line's text without its styles.
  public var text: String { runs.map(\.text).joined() }
}
