/// UTF-16's surrogates: which units are halves of a pair, and the character a pair spells.
/// Every reader of UTF-16 (text in UTF-16, JSON's `\u` and OpenStep's `\U` escapes, a binary
/// plist's strings) takes the arithmetic from here.
enum UTF16Surrogate {
  /// Whether `unit` is a high (first) half, D800–DBFF.
  @inline(__always)
  static func isHigh(_ unit: UInt32) -> Bool { unit & 0xFC00 == 0xD800 }

  /// Whether `unit` is a low (second) half, DC00–DFFF.
  @inline(__always)
  static func isLow(_ unit: UInt32) -> Bool { unit & 0xFC00 == 0xDC00 }

  /// Whether `unit` is either half, D800–DFFF: never a character alone.
  @inline(__always)
  static func isHalf(_ unit: UInt32) -> Bool { unit & 0xF800 == 0xD800 }

  /// The character, U+10000 to U+10FFFF, of a high half and a low half.
  @inline(__always)
  static func scalar(high: UInt32, low: UInt32) -> UInt32 {
    0x1_0000 + ((high - 0xD800) << 10) + (low - 0xDC00)
  }

  /// The two halves of a character above U+FFFF.
  @inline(__always)
  static func halves(of scalar: UInt32) -> (high: UInt32, low: UInt32) {
    let offset = scalar - 0x1_0000
    return (0xD800 + (offset >> 10), 0xDC00 + (offset & 0x3FF))
  }
}
