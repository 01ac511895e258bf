/// Byte-level helpers for the ASCII subset shared by every text format.
enum ASCII {
  static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

  static func isHexDigit(_ b: UInt8) -> Bool { digitValue(b).map { $0 < 16 } ?? false }

  static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }

  /// XML and JSON white space: space, tab, line feed, carriage return.
  static func isSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
  }

  /// The value of a digit in bases up to 36 (`0`–`9`, then letters in either case).
  static func digitValue(_ b: UInt8) -> UInt8? {
    if isDigit(b) { return b - 0x30 }
    if isLetter(b) { return (b | 0x20) - 0x61 + 10 }
    return nil
  }

  static let lowercaseHex: [UInt8] = Array("0123456789abcdef".utf8)
}

// MARK: - Searching bytes

extension ASCII {
  /// Whether the bytes start with a literal.
  static func hasPrefix(_ literal: StaticString, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard bytes.count >= count else { return false }
    return Platform.bytesEqual(
      UnsafeBufferPointer(start: literal.utf8Start, count: count),
      UnsafeBufferPointer(rebasing: bytes[..<count]))
  }

  /// Where a literal first occurs in the bytes: a plain byte loop, for short inputs (the
  /// standard library's generic search makes a searcher and walks indices one at a time).
  static func firstIndex(of literal: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let count = literal.utf8CodeUnitCount
    guard count > 0, bytes.count >= count else { return nil }
    let first = literal.utf8Start[0]
    let needle = UnsafeBufferPointer(start: literal.utf8Start, count: count)
    for i in 0...(bytes.count - count) where bytes[i] == first {
      if Platform.bytesEqual(needle, UnsafeBufferPointer(rebasing: bytes[i..<(i + count)])) {
        return i
      }
    }
    return nil
  }
}
