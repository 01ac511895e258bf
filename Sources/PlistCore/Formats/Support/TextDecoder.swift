/// Finds the text encoding of XML or OpenStep input and hands the readers UTF-8, following
/// CoreFoundation's rules: a byte-order mark wins; a NUL in the first two bytes means UTF-16;
/// otherwise UTF-8, unless an XML declaration names another encoding.
enum TextDecoder {
  /// Runs `body` over the input as UTF-8 without a BOM, converting only when the input is not
  /// UTF-8 already.
  ///
  /// - Parameters:
  ///   - bytes: The raw input.
  ///   - format: The format being read (XML honours an `encoding=` declaration).
  ///   - allowTruncation: Tolerate a cut-off final character (when sniffing a prefix).
  ///   - body: The reader, given UTF-8 text.
  /// - Returns: What `body` returns.
  /// - Throws: `PlistParseError` for an unsupported or invalid encoding, or from `body`.
  static func withUTF8<T>(
    _ bytes: UnsafeBufferPointer<UInt8>, format: PlistFormat, allowTruncation: Bool = false,
    _ body: (UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> T
  ) throws(PlistParseError) -> T {
    let encoding = try detect(bytes, format: format)
    switch encoding {
    case .utf8(let bomLength):
      return try body(UnsafeBufferPointer(rebasing: bytes[bomLength...]))
    default:
      let converted = try convert(bytes, from: encoding, format: format, allowTruncation)
      return try converted.withUnsafeBufferPointer { (text) throws(PlistParseError) -> T in
        try body(text)
      }
    }
  }

  enum Encoding: Equatable {
    case utf8(bomLength: Int)
    case utf16(bigEndian: Bool, bomLength: Int)
    case utf32(bigEndian: Bool)
    case latin1
  }

  static func detect(_ b: UnsafeBufferPointer<UInt8>, format: PlistFormat) throws(PlistParseError)
    -> Encoding
  {
    // Byte by byte: array literals here were five allocations per document.
    func starts(_ x: UInt8, _ y: UInt8, _ z: UInt8? = nil, _ w: UInt8? = nil) -> Bool {
      let count = w != nil ? 4 : z != nil ? 3 : 2
      return b.count >= count && b[0] == x && b[1] == y && (z.map { b[2] == $0 } ?? true)
        && (w.map { b[3] == $0 } ?? true)
    }
    if starts(0x00, 0x00, 0xFE, 0xFF) { return .utf32(bigEndian: true) }
    if starts(0xFF, 0xFE, 0x00, 0x00) { return .utf32(bigEndian: false) }
    if starts(0xEF, 0xBB, 0xBF) { return .utf8(bomLength: 3) }
    if starts(0xFE, 0xFF) { return .utf16(bigEndian: true, bomLength: 2) }
    if starts(0xFF, 0xFE) { return .utf16(bigEndian: false, bomLength: 2) }
    if b.count >= 2 && (b[0] == 0 || b[1] == 0) {
      // CF takes the first two bytes of UTF-16 without a BOM for one, and drops them unread.
      if format == .xml { throw badText("UTF-16 text without a byte-order mark", at: 0, format) }
      return .utf16(bigEndian: b[0] == 0, bomLength: 0)
    }
    guard format == .xml, let name = declaredEncoding(b) else { return .utf8(bomLength: 0) }
    // What nearly every file declares, without lowercasing it (a tenth of checking a small
    // file for find).
    if name == "UTF-8" || name == "utf-8" { return .utf8(bomLength: 0) }
    switch name.lowercased() {
    case "utf-8", "utf8": return .utf8(bomLength: 0)
    case "us-ascii", "ascii":
      // CF on Linux reads bytes above 0x7F as Latin-1 here; UTF-8 would read them otherwise.
      if let index = b.firstIndex(where: { $0 > 0x7F }) {
        throw badText("a byte above 0x7F in text declared as ASCII", at: index, format)
      }
      return .utf8(bomLength: 0)
    case "iso-8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "iso8859-1": return .latin1
    default:
      // Including UTF-16 declared in text that has neither a BOM nor NUL bytes.
      throw PlistParseError(
        format: format, kind: .encoding("unsupported text encoding \"\(name)\""),
        position: .line(1, column: 1))
    }
  }

  /// The `encoding="…"` of a leading `<?xml …?>` declaration, if any, found as CoreFoundation
  /// finds it (`encodingForXMLData`): `encoding=` spelled exactly, before the first `?` or
  /// `>`, a quote right after it, and the name up to the matching quote, wherever that is.
  /// Anything else (`encoding = "latin1"`) declares nothing, and the text is UTF-8.
  private static func declaredEncoding(_ b: UnsafeBufferPointer<UInt8>) -> String? {
    let prefix: StaticString = "<?xml"
    let key: StaticString = "encoding="
    func matches(_ literal: StaticString, at offset: Int) -> Bool {
      let count = literal.utf8CodeUnitCount
      guard offset + count <= b.count else { return false }
      for k in 0..<count where b[offset + k] != literal.utf8Start[k] { return false }
      return true
    }
    guard matches(prefix, at: 0) else { return nil }
    var i = prefix.utf8CodeUnitCount
    while i < b.count, b[i] != UInt8(ascii: "?"), b[i] != UInt8(ascii: ">"), !matches(key, at: i) {
      i += 1
    }
    guard matches(key, at: i) else { return nil }
    i += key.utf8CodeUnitCount
    guard i < b.count, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") else { return nil }
    let quote = b[i]
    var close = i + 1
    while close < b.count, b[close] != quote { close += 1 }
    guard close < b.count else { return nil }
    return String(decoding: b[(i + 1)..<close], as: UTF8.self)
  }

  private static func convert(
    _ b: UnsafeBufferPointer<UInt8>, from encoding: Encoding, format: PlistFormat,
    _ allowTruncation: Bool
  ) throws(PlistParseError) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(b.count)
    switch encoding {
    case .utf8: out.append(contentsOf: b)
    case .latin1:
      for byte in b { appendScalar(UInt32(byte), to: &out) }
    case .utf32(let bigEndian):
      var i = 4
      while i + 4 <= b.count {
        let units = (UInt32(b[i]), UInt32(b[i + 1]), UInt32(b[i + 2]), UInt32(b[i + 3]))
        let scalar =
          bigEndian
          ? units.0 << 24 | units.1 << 16 | units.2 << 8 | units.3
          : units.3 << 24 | units.2 << 16 | units.1 << 8 | units.0
        guard Unicode.Scalar(scalar) != nil else {
          throw badText("invalid UTF-32 character", at: i, format)
        }
        appendScalar(scalar, to: &out)
        i += 4
      }
      if i != b.count && !allowTruncation { throw badText("truncated UTF-32 text", at: i, format) }
    case .utf16(let bigEndian, let bomLength):
      try convertUTF16(b, bigEndian: bigEndian, start: bomLength, format, allowTruncation, &out)
    }
    return out
  }

  private static func convertUTF16(
    _ b: UnsafeBufferPointer<UInt8>, bigEndian: Bool, start: Int, _ format: PlistFormat,
    _ allowTruncation: Bool, _ out: inout [UInt8]
  ) throws(PlistParseError) {
    func unit(_ i: Int) -> UInt32 {
      bigEndian ? UInt32(b[i]) << 8 | UInt32(b[i + 1]) : UInt32(b[i + 1]) << 8 | UInt32(b[i])
    }
    var i = start
    while i + 2 <= b.count {
      let u = unit(i)
      if UTF16Surrogate.isHigh(u), i + 4 <= b.count, UTF16Surrogate.isLow(unit(i + 2)) {
        appendScalar(UTF16Surrogate.scalar(high: u, low: unit(i + 2)), to: &out)
        i += 4
      } else if UTF16Surrogate.isHalf(u) {
        if allowTruncation && i + 4 > b.count { return }
        throw badText("unpaired UTF-16 surrogate", at: i, format)
      } else {
        appendScalar(u, to: &out)
        i += 2
      }
    }
    if i != b.count && !allowTruncation { throw badText("truncated UTF-16 text", at: i, format) }
  }

  static func appendScalar(_ v: UInt32, to out: inout [UInt8]) {
    switch v {
    case 0..<0x80:
      out.append(UInt8(v))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | v >> 6))
      out.append(UInt8(0x80 | v & 0x3F))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | v >> 12))
      out.append(UInt8(0x80 | v >> 6 & 0x3F))
      out.append(UInt8(0x80 | v & 0x3F))
    default:
      out.append(UInt8(0xF0 | v >> 18))
      out.append(UInt8(0x80 | v >> 12 & 0x3F))
      out.append(UInt8(0x80 | v >> 6 & 0x3F))
      out.append(UInt8(0x80 | v & 0x3F))
    }
  }

  private static func badText(_ what: String, at offset: Int, _ format: PlistFormat)
    -> PlistParseError
  {
    PlistParseError(format: format, kind: .encoding(what), position: .byteOffset(offset))
  }

  /// Whether UTF-8 text starts (after white space) with an XML construct rather than
  /// OpenStep: a `<` whose content up to `>` is not just hex digits and spaces (`<0fab>` is
  /// OpenStep data; `<dict>` and `<?xml` are XML).
  static func looksLikeXML(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i < text.count, ASCII.isSpace(text[i]) { i += 1 }
    guard i < text.count, text[i] == UInt8(ascii: "<") else { return false }
    i += 1
    while i < text.count, text[i] != UInt8(ascii: ">") {
      if !ASCII.isHexDigit(text[i]) && !ASCII.isSpace(text[i]) { return true }
      i += 1
    }
    return false
  }
}
