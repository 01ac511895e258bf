/// Writes XML exactly as Foundation's `PropertyListEncoder` does, which differs from
/// `XMLPlistWriter` (CoreFoundation's `PropertyListSerialization` bytes) in four ways: keys
/// sorted as Swift sorts strings, reals as Swift's `description` without a trailing `.0`
/// (`0.1`, `2`, `1e+20`), dates before 1582-10-15 in the Julian calendar
/// (`EncodedDateFormatting`), and a string holding U+0000 refused. Everything else — the header,
/// tabs, escaping, dates, base64 lines — is the same, and is `XMLPlistWriter`'s.
struct EncodedXMLWriter {
  let writer: XMLPlistWriter

  static func write(_ value: EncodedValue) throws(EncodingError) -> [UInt8] {
    let out = ByteOutput()
    out.append(XMLPlistWriter.header)
    try EncodedXMLWriter(writer: XMLPlistWriter(out: out)).write(value, depth: 0)
    out.append("</plist>\n")
    return out.finish()
  }

  private var out: ByteOutput { writer.out }

  private func write(_ value: EncodedValue, depth: Int) throws(EncodingError) {
    switch value {
    case .null: try scalar(.string(EncodedValue.nullString), depth: depth)
    case .boolean(let b): try scalar(.boolean(b), depth: depth)
    case .signed(let i): try scalar(.integer(PlistInteger(i)), depth: depth)
    case .unsigned(let u): try scalar(.integer(PlistInteger(u)), depth: depth)
    case .float(let f): writeReal(Double(f), depth: depth)
    case .double(let d): writeReal(d, depth: depth)
    case .string(let s):
      try Self.checkNoNull(s)
      try scalar(.string(s), depth: depth)
    case .date(let d): try writeDate(d, depth: depth)
    case .data(let d): try scalar(.data(d), depth: depth)
    case .uid(let u): try scalar(.uid(u), depth: depth)
    case .array(let array): try writeArray(array, depth: depth)
    case .dictionary(let dictionary): try writeDictionary(dictionary, depth: depth)
    }
  }

  private func scalar(_ value: PlistValue, depth: Int) throws(EncodingError) {
    do { try writer.writeTree(value, depth: depth) } catch {
      throw EncodingError.invalidValue(
        value, .init(codingPath: [], debugDescription: error.description, underlyingError: error))
    }
  }

  /// Swift's shortest round-tripping digits, as Foundation's encoder writes them.
  private func writeReal(_ real: Double, depth: Int) {
    writer.indent(depth)
    out.append("<real>")
    if real.isInfinite {
      out.append(real < 0 ? "-infinity" : "+infinity")
    } else {
      var text = real.description
      if text.hasSuffix(".0") { text.removeLast(2) }
      out.append(utf8: text)
    }
    out.append("</real>\n")
  }

  private func writeDate(_ date: PlistDate, depth: Int) throws(EncodingError) {
    writer.indent(depth)
    out.append("<date>")
    guard EncodedDateFormatting.appendISO8601(date, to: out) else {
      throw EncodingError.invalidValue(
        date, .init(codingPath: [], debugDescription: "A date that is not finite."))
    }
    out.append("</date>\n")
  }

  private func writeArray(_ array: EncodedArray, depth: Int) throws(EncodingError) {
    try EncodedValue.checkDepth(depth)
    writer.indent(depth)
    writer.open(.array, empty: array.items.isEmpty)
    guard !array.items.isEmpty else { return }
    for (index, item) in array.items.enumerated() {
      do { try write(item, depth: depth + 1) } catch {
        throw error.inside(PlistCodingKey(index: index))
      }
    }
    writer.close(.array, depth: depth)
  }

  private func writeDictionary(_ dictionary: EncodedDictionary, depth: Int)
    throws(EncodingError)
  {
    try EncodedValue.checkDepth(depth)
    writer.indent(depth)
    writer.open(.dict, empty: dictionary.count == 0)
    guard dictionary.count > 0 else { return }
    let order = dictionary.keys.indices.sorted { dictionary.keys[$0] < dictionary.keys[$1] }
    for index in order {
      let key = dictionary.keys[index]
      do {
        try Self.checkNoNull(key)
        writer.writeKey(key, depth: depth + 1)
        try write(dictionary.values[index], depth: depth + 1)
      } catch {
        throw error.inside(PlistCodingKey(stringValue: key))
      }
    }
    writer.close(.dict, depth: depth)
  }

  private static func checkNoNull(_ string: String) throws(EncodingError) {
    guard string.utf8.contains(0) else { return }
    throw EncodingError.invalidValue(
      string,
      .init(
        codingPath: [],
        debugDescription:
          "Property list strings cannot contain embedded null characters in XML format."))
  }
}
