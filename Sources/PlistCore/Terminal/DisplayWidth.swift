/// How many terminal columns text takes, and text cut or padded to a number of columns.
///
/// East Asian Wide and Fullwidth characters (CJK, Hangul, fullwidth forms) and emoji shown
/// as emoji take 2 columns; combining marks, format characters (zero-width joiner and
/// space) and controls take none; the rest take 1. A grapheme cluster takes the width of its
/// first scalar, or 2 when an emoji's cluster asks for emoji presentation (U+FE0F), as
/// terminals draw them. Ambiguous-width characters (`…`, Greek and Cyrillic) take 1.
enum DisplayWidth {
  /// The columns one character takes.
  ///
  /// - Parameter character: A grapheme cluster.
  /// - Returns: 0, 1 or 2.
  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let base = width(of: first)
    if base == 1 && scalars.contains("\u{FE0F}") && first.properties.isEmoji { return 2 }
    return base
  }

  /// The columns a string takes.
  ///
  /// - Parameter text: The text, on one line.
  /// - Returns: The sum of its characters' widths.
  static func of(_ text: some StringProtocol) -> Int {
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// The text if it fits in `columns`; otherwise as much of it as fits in one column less,
  /// followed by `…`. A wide character that would straddle the edge is left out whole, so
  /// the result may be a column narrower than `columns`.
  ///
  /// - Parameters:
  ///   - text: The text, on one line.
  ///   - columns: The columns available.
  /// - Returns: Text at most `columns` wide.
  static func clip(_ text: String, to columns: Int) -> String {
    guard columns > 0 else { return "" }
    var used = 0
    var cut = text.startIndex
    for index in text.indices {
      let width = of(text[index])
      if used + width > columns { return String(text[..<cut]) + "…" }
      used += width
      if used < columns { cut = text.index(after: index) }
    }
    return text
  }

  /// The text followed by spaces up to `columns` (text already that wide is unchanged).
  ///
  /// - Parameters:
  ///   - text: The text, on one line.
  ///   - columns: The width to reach.
  /// - Returns: Text at least `columns` wide.
  static func pad(_ text: String, to columns: Int) -> String {
    let width = of(text)
    return width >= columns ? text : text + String(repeating: " ", count: columns - width)
  }

  /// The text clipped (`clip(_:to:)`) and then padded to exactly `columns`.
  ///
  /// - Parameters:
  ///   - text: The text, on one line.
  ///   - columns: The width of the result.
  /// - Returns: Text exactly `columns` wide (none when `columns` is not positive).
  static func fit(_ text: String, to columns: Int) -> String {
    pad(clip(text, to: columns), to: columns)
  }

  // MARK: - Scalars

  /// The columns one scalar takes on its own.
  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .control: return 0
    case .format: return value == 0xAD ? 1 : 0  // a soft hyphen shows, as wcwidth has it
    default: break
    }
    // Hangul medial vowels and final consonants join the syllable before them.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
    return isWide(value) || scalar.properties.isEmojiPresentation ? 2 : 1
  }

  /// Whether a code point is East Asian Wide or Fullwidth (a binary search of the table).
  static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
