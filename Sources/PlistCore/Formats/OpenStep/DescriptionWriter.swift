/// Writes a value the way `defaults read` prints it (Foundation's `description`): 4-space
/// indentation, keys sorted, the `key =     {` quirk (a nested collection starts with its own
/// indentation), strings quoted unless they are purely `A–Z a–z 0–9`, booleans as 1 and 0,
/// dates as `2024-01-02 03:04:05 +0000`, data as `{length = N, bytes = 0x…}` (abridged past
/// 24 bytes, as Apple's is). Unlike Apple's, non-ASCII text is printed as UTF-8.
///
/// This is a display format: it is lossy and not meant to be parsed back.
enum DescriptionWriter {
  /// The text for a whole value: collections in the description layout, scalars bare.
  static func describe(_ value: PlistValue) -> String {
    var out: [UInt8] = []
    switch value {
    case .array, .dictionary: appendCollection(value, level: 0, to: &out)
    case .string(let s): out.append(contentsOf: s.utf8)
    case .date(let d): out.append(contentsOf: DateFormatting.description(d).utf8)
    default: appendScalar(value, quoted: false, to: &out)
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func appendCollection(_ value: PlistValue, level: Int, to out: inout [UInt8]) {
    indent(level, &out)
    switch value {
    case .dictionary(let dict):
      out.append(contentsOf: "{\n".utf8)
      for key in KeyOrder.sortedKeys(dict) {
        guard let child = dict[key] else { continue }
        indent(level + 1, &out)
        appendQuoted(key, to: &out)
        out.append(contentsOf: " = ".utf8)
        appendNested(child, level: level + 1, to: &out)
        out.append(contentsOf: ";\n".utf8)
      }
      indent(level, &out)
      out.append(UInt8(ascii: "}"))
    case .array(let items):
      out.append(contentsOf: "(\n".utf8)
      for (index, item) in items.enumerated() {
        indent(level + 1, &out)
        appendNested(item, level: level + 1, to: &out)
        out.append(contentsOf: (index + 1 < items.count ? ",\n" : "\n").utf8)
      }
      indent(level, &out)
      out.append(UInt8(ascii: ")"))
    default:
      appendScalar(value, quoted: true, to: &out)
    }
  }

  private static func appendNested(_ value: PlistValue, level: Int, to out: inout [UInt8]) {
    switch value {
    case .array, .dictionary: appendCollection(value, level: level, to: &out)
    default: appendScalar(value, quoted: true, to: &out)
    }
  }

  private static func appendScalar(_ value: PlistValue, quoted: Bool, to out: inout [UInt8]) {
    func emit(_ text: String) {
      if quoted { appendQuoted(text, to: &out) } else { out.append(contentsOf: text.utf8) }
    }
    switch value {
    case .string(let s): emit(s)
    case .integer(let i): emit(i.description)
    case .real(let r):
      emit(String(decoding: Platform.formatDouble(r, precision: 16), as: UTF8.self))
    case .boolean(let b): out.append(b ? UInt8(ascii: "1") : UInt8(ascii: "0"))
    case .date(let d): appendQuoted(DateFormatting.description(d), to: &out, force: true)
    case .data(let d): appendData(d.bytes, to: &out)
    case .uid(let u): out.append(contentsOf: "{value = \(u)}".utf8)
    case .array, .dictionary: appendCollection(value, level: 0, to: &out)
    }
  }

  /// `{length = 4, bytes = 0x01020304}`; past 24 bytes, the first 16 and the last 8 bytes
  /// in groups of four.
  static func appendData(_ bytes: [UInt8], to out: inout [UInt8]) {
    out.append(contentsOf: "{length = \(bytes.count), bytes = 0x".utf8)
    func hex(_ slice: ArraySlice<UInt8>, grouped: Bool) {
      for (i, b) in slice.enumerated() {
        out.append(ASCII.lowercaseHex[Int(b >> 4)])
        out.append(ASCII.lowercaseHex[Int(b & 0x0F)])
        if grouped && i % 4 == 3 { out.append(0x20) }
      }
    }
    if bytes.count <= 24 {
      hex(bytes[...], grouped: false)
    } else {
      hex(bytes.prefix(16), grouped: true)
      out.append(contentsOf: "... ".utf8)
      hex(bytes.suffix(8), grouped: true)
    }
    out.append(UInt8(ascii: "}"))
  }

  /// Bare when non-empty and purely `A–Z a–z 0–9`; otherwise in double quotes with `\"`,
  /// `\\`, `\n`, `\t`, `\r` and `\Uxxxx` for other control characters.
  static func appendQuoted(_ s: String, to out: inout [UInt8], force: Bool = false) {
    if !force && !s.isEmpty && s.utf8.allSatisfy({ ASCII.isDigit($0) || ASCII.isLetter($0) }) {
      return out.append(contentsOf: s.utf8)
    }
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

  private static func indent(_ level: Int, _ out: inout [UInt8]) {
    out.append(contentsOf: repeatElement(0x20, count: 4 * level))
  }
}
