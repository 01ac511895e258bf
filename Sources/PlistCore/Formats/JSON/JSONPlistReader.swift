/// Reads JSON (RFC 8259) into plist values: integral numbers become integers (the whole
/// −2^63 … 2^64−1 range), numbers with a fraction or exponent become reals, and `null`, which
/// no plist type can hold, is refused. Duplicate keys: the last one wins.
struct JSONPlistReader: TextReader {
  static var format: PlistFormat { .json }

  let text: UnsafeBufferPointer<UInt8>
  var pos = 0
  var scratch: [UInt8] = []
  /// Values and keys of the open arrays and objects, and the key lists of objects already
  /// read, as the XML reader keeps them: each container's array allocated at its final size,
  /// and records with the same keys sharing one key array (a JSON file's tree was 4.5 times
  /// the file, and the XML file's 2.6 times).
  let children = PendingChildren<PlistValue>()
  let pendingKeys = PendingChildren<String>()
  var keyLists = KeyLists<String>()

  static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistValue {
    try TextDecoder.withUTF8(bytes, format: .json) { (text) throws(PlistParseError) in
      var reader = JSONPlistReader(text: text)
      reader.skipSpace()
      guard reader.pos < text.count else {
        throw PlistParseError(format: .json, kind: .empty, position: .wholeInput)
      }
      let value = try reader.parseValue(depth: 0)
      reader.skipSpace()
      guard reader.pos == text.count else {
        throw reader.unexpected(expected: "the end of the input")
      }
      return value
    }
  }

  init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

  mutating func skipSpace() {
    while pos < text.count, ASCII.isSpace(text[pos]) { pos += 1 }
  }

  mutating func parseValue(depth: Int) throws(PlistParseError) -> PlistValue {
    guard pos < text.count else { throw endError("looking for a value") }
    switch text[pos] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try literal("true", .boolean(true))
    case UInt8(ascii: "f"): return try literal("false", .boolean(false))
    case UInt8(ascii: "n"):
      let start = pos
      _ = try literal("null", .boolean(false))
      throw failure("null has no property-list equivalent", at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw unexpected(expected: "a value")
    }
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

  private mutating func parseObject(depth: Int) throws(PlistParseError) -> PlistValue {
    try enterContainer(inside: depth, at: pos)
    pos += 1
    skipSpace()
    if pos < text.count, text[pos] == UInt8(ascii: "}") {
      pos += 1
      return .dictionary(PlistDictionary())
    }
    let valueBase = children.count
    let keyBase = pendingKeys.count
    // A remembered key list that every key so far has matched; while there is one, the keys
    // are not collected.
    var shared: [String]? = nil
    var count = 0
    while true {
      skipSpace()
      guard pos < text.count else { throw endError("reading an object") }
      guard text[pos] == UInt8(ascii: "\"") else { throw unexpected(expected: "a string key") }
      let key = try parseString()
      if count == 0 {
        shared = keyLists.list { $0.hasSameUTF8(as: key) }?.keys
      } else if let list = shared, count >= list.count || !list[count].hasSameUTF8(as: key) {
        for earlier in list[..<count] { pendingKeys.append(earlier) }
        shared = nil
      }
      if shared == nil { pendingKeys.append(key) }
      skipSpace()
      guard pos < text.count, text[pos] == UInt8(ascii: ":") else {
        throw pos < text.count ? unexpected(expected: "':'") : endError("reading an object")
      }
      pos += 1
      skipSpace()
      children.append(try parseValue(depth: depth + 1))
      count += 1
      skipSpace()
      guard pos < text.count else { throw endError("reading an object") }
      if text[pos] == UInt8(ascii: "}") {
        pos += 1
        return .dictionary(finishObject(count: count, shared: shared, keyBase, valueBase))
      }
      guard text[pos] == UInt8(ascii: ",") else { throw unexpected(expected: "',' or '}'") }
      pos += 1
    }
  }

  /// The object whose `count` entries are pending from `keyBase` and `valueBase` (or whose
  /// keys are the first `count` of `shared`); key lists already in order are remembered for
  /// the objects that follow. Repeated keys: the last one wins.
  private mutating func finishObject(
    count: Int, shared: [String]?, _ keyBase: Int, _ valueBase: Int
  ) -> PlistDictionary {
    let values = children.removeArray(from: valueBase)
    if let shared, shared.count == count {
      return PlistDictionary(orderedKeys: shared, values: values)
    }
    let keys = shared.map { Array($0[..<count]) } ?? pendingKeys.removeArray(from: keyBase)
    guard KeyOrder.isStrictlyIncreasing(keys) else {
      return PlistDictionary(keys: keys, values: values)
    }
    keyLists.remember(keys, evenUnmatchable: true) { _ in nil }
    return PlistDictionary(orderedKeys: keys, values: values)
  }

  private mutating func parseArray(depth: Int) throws(PlistParseError) -> PlistValue {
    try enterContainer(inside: depth, at: pos)
    pos += 1
    skipSpace()
    if pos < text.count, text[pos] == UInt8(ascii: "]") {
      pos += 1
      return .array([])
    }
    let base = children.count
    while true {
      skipSpace()
      children.append(try parseValue(depth: depth + 1))
      skipSpace()
      guard pos < text.count else { throw endError("reading an array") }
      if text[pos] == UInt8(ascii: "]") {
        pos += 1
        return .array(children.removeArray(from: base))
      }
      guard text[pos] == UInt8(ascii: ",") else { throw unexpected(expected: "',' or ']'") }
      pos += 1
    }
  }
}
