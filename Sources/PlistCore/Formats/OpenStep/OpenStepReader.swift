/// Reads the OpenStep ("old-style") format with CoreFoundation's grammar: quoted and unquoted
/// strings, `<hex>` data, `( … )` arrays with an optional trailing comma, `{ k = v; }`
/// dictionaries (and the `k;` shorthand), `//` and `/* */` comments, and `.strings` files — a
/// dictionary body without braces. Every scalar is a string: the format has no numbers.
struct OpenStepReader: TextReader {
  static var format: PlistFormat { .openStep }

  let text: UnsafeBufferPointer<UInt8>
  var pos = 0
  var scratch: [UInt8] = []

  static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistValue {
    try TextDecoder.withUTF8(bytes, format: .openStep) { (text) throws(PlistParseError) in
      var reader = OpenStepReader(text: text)
      return try reader.parseDocument()
    }
  }

  init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

  /// One value, or a `.strings` body; an input of only white space and comments is an empty
  /// dictionary.
  mutating func parseDocument() throws(PlistParseError) -> PlistValue {
    try skipSpace()
    if pos == text.count { return .dictionary([:]) }
    let start = pos
    let value = try parseValue(depth: 0)
    try skipSpace()
    if pos == text.count { return value }
    guard case .string = value else { throw unexpected(expected: "the end of the input") }
    pos = start
    // The body is the root dictionary: its values sit inside one container.
    return .dictionary(try parseEntries(until: nil, depth: 1))
  }

  mutating func parseValue(depth: Int) throws(PlistParseError) -> PlistValue {
    guard pos < text.count else { throw endError("looking for a value") }
    switch text[pos] {
    case UInt8(ascii: "{"):
      let start = pos
      try enterContainer(inside: depth, at: start)
      pos += 1
      return .dictionary(try parseEntries(until: UInt8(ascii: "}"), depth: depth + 1))
    case UInt8(ascii: "("): return try parseArray(depth: depth)
    case UInt8(ascii: "<"): return .data(try parseData())
    case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try parseQuoted())
    default:
      guard Self.isUnquoted(text[pos]) else { throw unexpected(expected: "a value") }
      return .string(try parseUnquoted())
    }
  }

  /// `key = value;` entries up to `terminator` (or to the end for a `.strings` body).
  private mutating func parseEntries(until terminator: UInt8?, depth: Int)
    throws(PlistParseError) -> PlistDictionary
  {
    var keys: [String] = []
    var values: [PlistValue] = []
    while true {
      try skipSpace()
      if let terminator, pos < text.count, text[pos] == terminator {
        pos += 1
        return PlistDictionary(keys: keys, values: values)
      }
      if pos == text.count {
        if terminator == nil { return PlistDictionary(keys: keys, values: values) }
        throw endError("reading a dictionary")
      }
      let key = try parseKey()
      try skipSpace()
      if pos < text.count, text[pos] == UInt8(ascii: "=") {
        pos += 1
        try skipSpace()
        keys.append(key)
        values.append(try parseValue(depth: depth))
        try skipSpace()
      } else {
        keys.append(key)
        values.append(.string(key))
      }
      guard pos < text.count else { throw endError("reading a dictionary (missing ';')") }
      guard text[pos] == UInt8(ascii: ";") else { throw unexpected(expected: "';'") }
      pos += 1
    }
  }

  private mutating func parseKey() throws(PlistParseError) -> String {
    let b = text[pos]
    if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { return try parseQuoted() }
    guard Self.isUnquoted(b) else { throw unexpected(expected: "a key") }
    return try parseUnquoted()
  }

  private mutating func parseArray(depth: Int) throws(PlistParseError) -> PlistValue {
    try enterContainer(inside: depth, at: pos)
    pos += 1
    var items: [PlistValue] = []
    while true {
      try skipSpace()
      guard pos < text.count else { throw endError("reading an array") }
      if text[pos] == UInt8(ascii: ")") {
        pos += 1
        return .array(items)
      }
      items.append(try parseValue(depth: depth + 1))
      try skipSpace()
      guard pos < text.count else { throw endError("reading an array") }
      if text[pos] == UInt8(ascii: ",") {
        pos += 1
      } else if text[pos] != UInt8(ascii: ")") {
        throw unexpected(expected: "',' or ')'")
      }
    }
  }

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
