/// Strict UTF-8 to `String`. `String(validating:as:)` takes a slow generic path on this
/// toolchain; `String(decoding:as:)` is fast but repairs invalid input instead of refusing it.
/// Decoding and then checking that no byte changed is both fast and strict.
enum UTF8Text {
  /// The string, or nil when the bytes are not valid UTF-8.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var string = String(decoding: bytes, as: UTF8.self)
    let unchanged = string.withUTF8 { Platform.bytesEqual($0, bytes) }
    return unchanged ? string : nil
  }

  /// Whether the bytes are valid UTF-8 (what `string(_:)` accepts), without making a string:
  /// no stray continuation byte, no overlong form, no surrogate, nothing above U+10FFFF.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    let n = bytes.count
    while i < n {
      let lead = bytes[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, high) = (3, 0x9F)
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, high) = (4, 0x8F)
      default: return false
      }
      guard i + length <= n, (low...high).contains(bytes[i + 1]) else { return false }
      for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return false }
      i += length
    }
    return true
  }
}

extension String {
  /// `body` over a copy of the string's UTF-8 bytes in temporary memory (on the stack when
  /// small) rather than in an array: the first array a process makes costs the runtime's
  /// set-up of the standard library's prespecialised array types (25 k instructions, an
  /// eighth of a `read D K`), and a look-up of one key needs none.
  func withTemporaryUTF8<R, E: Error>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R
  ) throws(E) -> R {
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8.count) {
      (buffer) throws(E) -> R in
      _ = buffer.initialize(from: utf8)
      return try body(UnsafeBufferPointer(buffer))
    }
  }
}
