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

}

extension ASCII {
  /// Whether every byte is below 0x80, eight at a time.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var i = 0
    while i + 8 <= bytes.count {
      if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
        return false
      }
      i += 8
    }
    while i < bytes.count {
      if bytes[i] >= 0x80 { return false }
      i += 1
    }
    return true
  }
}

extension ASCII {
  /// The index of the first `<` or `&` at or after `start`, or the end: eight bytes at a
  /// time (a word holds one of them when a byte of it XORed with the character is zero).
  @inline(__always)
  static func firstMarkup(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = text.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    var i = start
    while i + 8 <= text.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      if hasZeroByte(word ^ 0x3C3C_3C3C_3C3C_3C3C) || hasZeroByte(word ^ 0x2626_2626_2626_2626) {
        break
      }
      i += 8
    }
    while i < text.count, text[i] != UInt8(ascii: "<"), text[i] != UInt8(ascii: "&") { i += 1 }
    return i
  }

  @inline(__always)
  private static func hasZeroByte(_ word: UInt64) -> Bool {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
  }
}

extension ASCII {
  /// Whether `count` bytes (eight or more) at `a` and at `b` are equal, compared a word at
  /// a time, inline: for the short runs where a call to `memcmp` costs more than the
  /// comparison.
  @inline(__always)
  static func equalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    var i = 0
    while i + 8 <= count {
      if a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        != b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      {
        return false
      }
      i += 8
    }
    // The last eight bytes in one load each (overlapping those already compared).
    return i == count
      || a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
  }
}
