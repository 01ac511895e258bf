/// Writes JSON: objects with sorted keys, indented by two spaces (or compact), integers in
/// full, reals in their shortest round-trip form. Values JSON has no type for are mapped, not
/// refused: dates become ISO 8601 strings, data base64 strings and UIDs `{"CF$UID": n}`. These
/// do not convert back on reading; NaN and infinite reals cannot be written at all.
struct JSONPlistWriter {
  let out: ByteOutput
  let pretty: Bool
  /// Foundation's layout (`PropertyList.WriteOptions.foundationJSON`).
  var foundationLayout = false

  static func write(
    _ value: PlistValue, pretty: Bool, fragments: Bool = true, foundationLayout: Bool = false,
    to out: ByteOutput
  ) throws(PlistEncodingError) {
    switch value {
    case .array, .dictionary, .uid: break
    default: guard fragments else { throw fragmentError(value) }
    }
    try JSONPlistWriter(out: out, pretty: pretty, foundationLayout: foundationLayout)
      .writeTree(value, depth: 0)
    if !foundationLayout { out.append(0x0A) }
  }

  /// Why a scalar cannot be a JSON file's root (`PropertyList.WriteOptions.jsonFragments`).
  static func fragmentError(_ value: PlistValue) -> PlistEncodingError {
    PlistEncodingError(
      format: .json,
      reason: "\(value.type.withArticle) as the whole file: a JSON property list is an array "
        + "or a dictionary, as plutil requires", path: "")
  }

  /// A scalar (`writeTree` writes arrays and dictionaries).
  func writeScalar(_ value: PlistValue, depth: Int) throws(PlistEncodingError) {
    switch value {
    case .string(let s): appendString(s)
    case .integer(let i): out.appendDecimal(magnitude: i.magnitude, negative: i.isNegative)
    case .real(let r):
      guard r.isFinite else {
        throw PlistEncodingError(format: .json, reason: "a real that is \(r)", path: "")
      }
      let text = r.description
      out.append(utf8: foundationLayout && text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
    case .boolean(let b): out.append(b ? "true" : "false")
    case .date(let d):
      guard let text = DateFormatting.iso8601WithFraction(d) else {
        throw PlistEncodingError(format: .json, reason: "a date that is not finite", path: "")
      }
      appendString(text)
    case .data(let d): appendString(Base64.encode(d.bytes))
    case .uid(let u): try writeTree([XMLUIDSpelling.key: .integer(PlistInteger(u))], depth: depth)
    case .array, .dictionary: try writeTree(value, depth: depth)
    }
    out.flushIfFull()
  }

  func newline(_ depth: Int) {
    guard pretty else { return }
    out.append(0x0A)
    out.append(repeating: 0x20, count: 2 * depth)
  }

  func appendString(_ s: String) {
    out.append(UInt8(ascii: "\""))
    var copy = s
    copy.withUTF8 { appendEscaped($0) }
    out.append(UInt8(ascii: "\""))
  }

  /// JSON's escapes, and `\u` for C0, DEL, C1 and the bidi controls (`ControlCharacters`):
  /// still the same JSON to any reader, and never obeyed by a terminal it is printed on.
  private func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    ControlCharacters.appendEscaped(bytes, to: out, prefix: "\\u") { b in
      if let escape = ControlCharacters.backslashEscape(b) { return escape }
      switch b {
      case 0x08: return "\\b"
      case 0x0C: return "\\f"
      case UInt8(ascii: "/") where foundationLayout: return "\\/"
      default: return nil
      }
    }
  }

}
