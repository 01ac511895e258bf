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
}
