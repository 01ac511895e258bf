/// Reads JSON (RFC 8259) into plist values: integral numbers become integers (the whole
/// −2^63 … 2^64−1 range), numbers with a fraction or exponent become reals, and `null`, which
/// no plist type can hold, is refused. Duplicate keys: the last one wins.
struct JSONPlistReader: QuotedTextReader {
  static var format: PlistFormat { .json }

  let text: UnsafeBufferPointer<UInt8>
  var pos = 0
  var scratch: [UInt8] = []

  static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistValue {
    try TextDecoder.withUTF8(bytes, format: .json) { (text) throws(PlistParseError) in
      var reader = JSONPlistReader(text: text)
      var tree = JSONTreeVisitor()
      return try reader.walkDocument(&tree)
    }
  }

  init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

  mutating func skipSpace() {
    while pos < text.count, ASCII.isSpace(text[pos]) { pos += 1 }
  }

  /// `value` if the text at `pos` is `word` (`true`, `false`, `null`), read past.
  mutating func literal(_ word: StaticString, _ value: PlistValue) throws(PlistParseError)
    -> PlistValue
  {
    let matches = word.withUTF8Buffer { w in
      pos + w.count <= text.count && text[pos..<(pos + w.count)].elementsEqual(w)
    }
    guard matches else { throw unexpected(expected: "a value") }
    pos += word.utf8CodeUnitCount
    return value
  }
}
