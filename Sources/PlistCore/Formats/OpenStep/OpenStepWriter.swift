/// Writes the OpenStep format in a form CoreFoundation's reader parses back to the same value:
/// 4-space indentation, `key = value;`, keys sorted, strings quoted unless they are plain
/// words, data as `<0fbd777 1e0d>`. The format has only strings, data, arrays and
/// dictionaries, so any other value is refused (see docs/formats.md).
struct OpenStepWriter {
  var out: ByteOutput

  static func write(_ value: PlistValue, to out: inout ByteOutput) throws(PlistEncodingError) {
    var writer = OpenStepWriter(out: out)
    try writer.write(value, depth: 0)
    writer.out.append(0x0A)
    out = writer.out
  }

  private mutating func write(_ value: PlistValue, depth: Int) throws(PlistEncodingError) {
    guard depth < OpenStepReader.maxDepth else {
      throw PlistEncodingError(
        format: .openStep, reason: "nesting deeper than 512 levels", path: "")
    }
    switch value {
    case .string(let s): Self.appendString(s, to: &out.bytes)
    case .data(let d):
      out.append(UInt8(ascii: "<"))
      for (i, byte) in d.bytes.enumerated() {
        if i > 0 && i % 4 == 0 { out.append(0x20) }
        out.append(ASCII.lowercaseHex[Int(byte >> 4)])
        out.append(ASCII.lowercaseHex[Int(byte & 0x0F)])
      }
      out.append(UInt8(ascii: ">"))
    case .array(let items):
      if items.isEmpty { return out.append("()") }
      out.append("(\n")
      for (index, item) in items.enumerated() {
        indent(depth + 1)
        do { try write(item, depth: depth + 1) } catch { throw error.inside(String(index)) }
        out.append(index + 1 < items.count ? ",\n" : "\n")
      }
      indent(depth)
      out.append(UInt8(ascii: ")"))
    case .dictionary(let dict):
      if dict.isEmpty { return out.append("{\n}") }
      out.append("{\n")
      for key in KeyOrder.sortedKeys(dict) {
        guard let child = dict[key] else { continue }
        indent(depth + 1)
        Self.appendString(key, to: &out.bytes)
        out.append(" = ")
        do { try write(child, depth: depth + 1) } catch { throw error.inside(key) }
        out.append(";\n")
      }
      indent(depth)
      out.append(UInt8(ascii: "}"))
    default:
      throw PlistEncodingError(
        format: .openStep, reason: "\(value.typeDescription), which OpenStep cannot hold", path: "")
    }
    out.flushIfFull()
  }

  private mutating func indent(_ depth: Int) {
    out.append(contentsOf: repeatElement(0x20, count: 4 * depth))
  }

  /// Bare when the string is a non-empty run of `A–Z a–z 0–9 _ $ . -` (slashes and colons are
  /// quoted too, for readers such as libplist's); otherwise quoted with backslash escapes.
  static func appendString(_ s: String, to out: inout [UInt8]) {
    let bare =
      !s.isEmpty
      && s.utf8.allSatisfy {
        ASCII.isDigit($0) || ASCII.isLetter($0) || $0 == UInt8(ascii: "_")
          || $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
      }
    if bare { return out.append(contentsOf: s.utf8) }
    out.append(UInt8(ascii: "\""))
    for b in s.utf8 {
      switch b {
      case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
      case 0x0A: out.append(contentsOf: "\\n".utf8)
      case 0x09: out.append(contentsOf: "\\t".utf8)
      case 0x0D: out.append(contentsOf: "\\r".utf8)
      case 0..<0x20:
        out.append(contentsOf: "\\U00".utf8)
        out.append(ASCII.lowercaseHex[Int(b >> 4)])
        out.append(ASCII.lowercaseHex[Int(b & 0x0F)])
      default: out.append(b)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
