/// Reads the OpenStep ("old-style") format with CoreFoundation's grammar: quoted and unquoted
/// strings, `<hex>` data, `( … )` arrays with an optional trailing comma, `{ k = v; }`
/// dictionaries (and the `k;` shorthand), `//` and `/* */` comments, and `.strings` files — a
/// dictionary body without braces. Every scalar is a string: the format has no numbers.
struct OpenStepReader: QuotedTextReader {
  static var format: PlistFormat { .openStep }

  let text: UnsafeBufferPointer<UInt8>
  var pos = 0
  var scratch: [UInt8] = []

  static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistValue {
    try TextDecoder.withUTF8(bytes, format: .openStep) { (text) throws(PlistParseError) in
      var reader = OpenStepReader(text: text)
      var tree = OpenStepTreeVisitor()
      return try reader.walkDocument(&tree)
    }
  }

  init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

  /// `<0fab 12>`: pairs of hex digits, white space allowed between pairs.
  mutating func parseData() throws(PlistParseError) -> PlistData {
    pos += 1
    var bytes: [UInt8] = []
    while true {
      while pos < text.count, ASCII.isSpace(text[pos]) { pos += 1 }
      guard pos < text.count else { throw endError("reading <data>") }
      if text[pos] == UInt8(ascii: ">") {
        pos += 1
        return PlistData(bytes)
      }
      guard let high = Self.hex(text[pos]) else { throw unexpected(expected: "a hex digit or '>'") }
      pos += 1
      guard pos < text.count, let low = Self.hex(text[pos]) else {
        throw pos < text.count
          ? unexpected(expected: "the second hex digit of a byte") : endError("reading <data>")
      }
      pos += 1
      bytes.append(high << 4 | low)
    }
  }

  private static func hex(_ b: UInt8) -> UInt8? {
    ASCII.isHexDigit(b) ? ASCII.digitValue(b) : nil
  }

  /// The unquoted-string alphabet: `A–Z a–z 0–9 _ $ / : . -`.
  static func isUnquoted(_ b: UInt8) -> Bool {
    ASCII.isDigit(b) || ASCII.isLetter(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "$")
      || b == UInt8(ascii: "/") || b == UInt8(ascii: ":") || b == UInt8(ascii: ".")
      || b == UInt8(ascii: "-")
  }

  /// A run of the unquoted-string alphabet (`isUnquoted`) at `pos`.
  mutating func parseUnquoted() throws(PlistParseError) -> String {
    let start = pos
    while pos < text.count, Self.isUnquoted(text[pos]) { pos += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: text[start..<pos]), as: UTF8.self)
  }
}
