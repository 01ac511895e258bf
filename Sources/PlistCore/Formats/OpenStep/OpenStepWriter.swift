/// Writes the OpenStep format in a form CoreFoundation's reader parses back to the same value:
/// 4-space indentation, `key = value;`, keys sorted, strings quoted unless they are plain
/// words, data as `<0fbd777 1e0d>`. The format has only strings, data, arrays and
/// dictionaries, so any other value is refused (see docs/formats.md).
struct OpenStepWriter {
  let out: ByteOutput

  static func write(_ value: PlistValue, to out: ByteOutput) throws(PlistEncodingError) {
    try OpenStepWriter(out: out).writeTree(value, depth: 0)
    out.append(0x0A)
  }

  /// A string or data (`writeTree` writes arrays and dictionaries).
  func writeScalar(_ value: PlistValue, depth: Int) throws(PlistEncodingError) {
    switch value {
    case .string(let s): Self.appendString(s, to: out)
    case .data(let d): d.bytes.withUnsafeBufferPointer { appendData($0) }
    case .array, .dictionary: try writeTree(value, depth: depth)
    default:
      throw PlistEncodingError(
        format: .openStep, reason: "\(value.type.withArticle), which OpenStep cannot hold", path: ""
      )
    }
    out.flushIfFull()
  }

  func indent(_ depth: Int) {
    out.append(repeating: 0x20, count: 4 * depth)
  }

  /// `<0fbd777 1e0d>`: hex, a space after every four bytes.
  func appendData(_ bytes: UnsafeBufferPointer<UInt8>) {
    out.append(UInt8(ascii: "<"))
    for (i, byte) in bytes.enumerated() {
      if i > 0 && i % 4 == 0 { out.append(0x20) }
      out.append(ASCII.lowercaseHex[Int(byte >> 4)])
      out.append(ASCII.lowercaseHex[Int(byte & 0x0F)])
    }
    out.append(UInt8(ascii: ">"))
  }

  /// Bare when the string is a non-empty run of `A–Z a–z 0–9 _ $ . -`, otherwise quoted.
  static func appendString(_ s: String, to out: ByteOutput) {
    OpenStepQuoting.append(s, to: out, bare: OpenStepQuoting.isPlainWord)
  }
}
