/// Writes a value the way `defaults read` prints it (Foundation's `description`): 4-space
/// indentation, keys sorted, the `key =     {` quirk (a nested collection starts with its own
/// indentation), strings quoted unless they are purely `A–Z a–z 0–9`, booleans as 1 and 0,
/// dates as `2024-01-02 03:04:05 +0000`, data as `{length = N, bytes = 0x…}` (abridged past
/// 24 bytes, as Apple's is). Unlike Apple's, non-ASCII text is printed as UTF-8.
///
/// This is a display format: it is lossy and not meant to be parsed back. It cannot fail, so
/// containers nested deeper than `PropertyList.maximumDepth` (which no reader produces) are
/// shown as `(...)` or `{...}` rather than recursed into.
enum DescriptionWriter {
  /// The text for a whole value: collections in the description layout, scalars bare.
  static func describe(_ value: PlistValue) -> String {
    let out = ByteOutput()
    switch value {
    case .array, .dictionary: appendCollection(value, level: 0, to: out)
    case .string(let s): out.append(utf8: s)
    case .date(let d): out.append(utf8: DateFormatting.description(d))
    default: appendScalar(value, quoted: false, to: out)
    }
    return out.finishText()
  }

  private static func appendCollection(_ value: PlistValue, level: Int, to out: ByteOutput) {
    indent(level, out)
    if !NestingLimit.allowsContainer(inside: level) {
      if case .dictionary = value { return out.append("{...}") }
      if case .array = value { return out.append("(...)") }
    }
    switch value {
    case .dictionary(let dict):
      out.append("{\n")
      for (key, child) in zip(dict.keys, dict.values) {
        indent(level + 1, out)
        appendQuoted(key, to: out)
        out.append(" = ")
        appendNested(child, level: level + 1, to: out)
        out.append(";\n")
      }
      indent(level, out)
      out.append(UInt8(ascii: "}"))
    case .array(let items):
      out.append("(\n")
      for (index, item) in items.enumerated() {
        indent(level + 1, out)
        appendNested(item, level: level + 1, to: out)
        out.append(index + 1 < items.count ? ",\n" : "\n")
      }
      indent(level, out)
      out.append(UInt8(ascii: ")"))
    default:
      appendScalar(value, quoted: true, to: out)
    }
  }

  private static func appendNested(_ value: PlistValue, level: Int, to out: ByteOutput) {
    switch value {
    case .array, .dictionary: appendCollection(value, level: level, to: out)
    default: appendScalar(value, quoted: true, to: out)
    }
  }

  private static func appendScalar(_ value: PlistValue, quoted: Bool, to out: ByteOutput) {
    func emit(_ text: String) {
      if quoted { appendQuoted(text, to: out) } else { out.append(utf8: text) }
    }
    switch value {
    case .string(let s): emit(s)
    case .integer(let i): emit(i.description)
    case .real(let r):
      emit(String(decoding: RealFormatting.format(r, precision: 16), as: UTF8.self))
    case .boolean(let b): out.append(b ? UInt8(ascii: "1") : UInt8(ascii: "0"))
    case .date(let d):
      OpenStepQuoting.append(
        DateFormatting.description(d), to: out, force: true, bare: OpenStepQuoting.isAlphanumeric)
    case .data(let d): appendData(d.bytes, to: out)
    case .uid(let u): out.append(utf8: "{value = \(u)}")
    case .array, .dictionary: appendCollection(value, level: 0, to: out)
    }
  }

  /// `{length = 4, bytes = 0x01020304}`; past 24 bytes, the first 16 and the last 8 bytes
  /// in groups of four.
  static func appendData(_ bytes: [UInt8], to out: ByteOutput) {
    out.append(utf8: "{length = \(bytes.count), bytes = 0x")
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
      out.append("... ")
      hex(bytes.suffix(8), grouped: true)
    }
    out.append(UInt8(ascii: "}"))
  }

  /// Bare when non-empty and purely `A–Z a–z 0–9`; otherwise quoted.
  static func appendQuoted(_ s: String, to out: ByteOutput) {
    OpenStepQuoting.append(s, to: out, bare: OpenStepQuoting.isAlphanumeric)
  }

  private static func indent(_ level: Int, _ out: ByteOutput) {
    out.append(repeating: 0x20, count: 4 * level)
  }
}
