/// What the one walk of an OpenStep text (`OpenStepReader.walkDocument(_:)`) hands each
/// value to: building the tree and writing the binary image `convert` takes are its
/// visitors. The walk reads and checks every byte, so both refuse the same texts with the
/// same first error.
protocol OpenStepVisitor {
  /// What a value becomes.
  associatedtype Value
  /// What a dictionary's key becomes.
  associatedtype Key
  /// What the visitor keeps of an array while it is open.
  associatedtype OpenArray
  /// What the visitor keeps of a dictionary while it is open.
  associatedtype OpenDictionary

  /// A string, quoted or not.
  mutating func string(_ string: String) -> Value
  /// `<hex>` data.
  mutating func data(_ data: PlistData) -> Value

  /// An array opens.
  mutating func openArray() -> OpenArray
  /// A value of the innermost open array.
  mutating func append(_ value: Value, to array: inout OpenArray)
  /// The innermost open array closes.
  mutating func closeArray(_ array: OpenArray) -> Value

  /// A dictionary (or a `.strings` body) opens.
  mutating func openDictionary() -> OpenDictionary
  /// A key.
  mutating func key(_ key: String) -> Key
  /// The value of an entry written `key;`: the key's own string.
  mutating func value(ofKey key: Key) -> Value
  /// An entry of the innermost open dictionary.
  mutating func add(_ key: Key, _ value: Value, to dictionary: inout OpenDictionary)
  /// The innermost open dictionary closes.
  mutating func closeDictionary(_ dictionary: OpenDictionary) -> Value
}

// MARK: - The one walk of the grammar

extension OpenStepReader {
  /// One value, or a `.strings` body (a dictionary's entries without braces); an input of
  /// only white space and comments is an empty dictionary.
  ///
  /// - Parameter visitor: What the values are handed to.
  /// - Returns: What the visitor made of the top value.
  /// - Throws: `PlistParseError` for the first problem of the text.
  mutating func walkDocument<V: OpenStepVisitor>(_ visitor: inout V) throws(PlistParseError)
    -> V.Value
  {
    try skipSpace()
    if pos == text.count { return visitor.closeDictionary(visitor.openDictionary()) }
    let start = pos
    let isString = !Self.opensContainerOrData(text[start])
    let value = try walkValue(depth: 0, &visitor)
    try skipSpace()
    if pos == text.count { return value }
    guard isString else { throw unexpected(expected: "the end of the input") }
    // A `.strings` body: the string read is its first key; the body is the root
    // dictionary, whose values sit inside one container.
    pos = start
    return try walkEntries(until: nil, depth: 1, &visitor)
  }

  /// Whether a value starting with `byte` is a dictionary, an array or data (else a string).
  private static func opensContainerOrData(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "<")
  }

  private mutating func walkValue<V: OpenStepVisitor>(depth: Int, _ visitor: inout V)
    throws(PlistParseError) -> V.Value
  {
    guard pos < text.count else { throw endError("looking for a value") }
    switch text[pos] {
    case UInt8(ascii: "{"):
      try enterContainer(inside: depth, at: pos)
      pos += 1
      return try walkEntries(until: UInt8(ascii: "}"), depth: depth + 1, &visitor)
    case UInt8(ascii: "("): return try walkArray(depth: depth, &visitor)
    case UInt8(ascii: "<"): return visitor.data(try parseData())
    case UInt8(ascii: "\""), UInt8(ascii: "'"): return visitor.string(try parseQuoted())
    default:
      guard Self.isUnquoted(text[pos]) else { throw unexpected(expected: "a value") }
      return visitor.string(try parseUnquoted())
    }
  }

  /// `key = value;` entries up to `terminator` (or to the end for a `.strings` body).
  private mutating func walkEntries<V: OpenStepVisitor>(
    until terminator: UInt8?, depth: Int, _ visitor: inout V
  ) throws(PlistParseError) -> V.Value {
    var dictionary = visitor.openDictionary()
    while true {
      try skipSpace()
      if let terminator, pos < text.count, text[pos] == terminator {
        pos += 1
        return visitor.closeDictionary(dictionary)
      }
      if pos == text.count {
        if terminator == nil { return visitor.closeDictionary(dictionary) }
        throw endError("reading a dictionary")
      }
      let key = visitor.key(try parseKey())
      try skipSpace()
      if pos < text.count, text[pos] == UInt8(ascii: "=") {
        pos += 1
        try skipSpace()
        let value = try walkValue(depth: depth, &visitor)
        visitor.add(key, value, to: &dictionary)
        try skipSpace()
      } else {
        visitor.add(key, visitor.value(ofKey: key), to: &dictionary)
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

  private mutating func walkArray<V: OpenStepVisitor>(depth: Int, _ visitor: inout V)
    throws(PlistParseError) -> V.Value
  {
    try enterContainer(inside: depth, at: pos)
    pos += 1
    var array = visitor.openArray()
    while true {
      try skipSpace()
      guard pos < text.count else { throw endError("reading an array") }
      if text[pos] == UInt8(ascii: ")") {
        pos += 1
        return visitor.closeArray(array)
      }
      let value = try walkValue(depth: depth + 1, &visitor)
      visitor.append(value, to: &array)
      try skipSpace()
      guard pos < text.count else { throw endError("reading an array") }
      if text[pos] == UInt8(ascii: ",") {
        pos += 1
      } else if text[pos] != UInt8(ascii: ")") {
        throw unexpected(expected: "',' or ')'")
      }
    }
  }
}

/// Builds the value tree of an OpenStep text.
struct OpenStepTreeVisitor: OpenStepVisitor {
  /// An open dictionary's keys and values, in the text's order.
  struct OpenDictionary {
    var keys: [String] = []
    var values: [PlistValue] = []
  }

  func string(_ string: String) -> PlistValue { .string(string) }
  func data(_ data: PlistData) -> PlistValue { .data(data) }
  func openArray() -> [PlistValue] { [] }
  func append(_ value: PlistValue, to array: inout [PlistValue]) { array.append(value) }
  func closeArray(_ array: [PlistValue]) -> PlistValue { .array(array) }
  func openDictionary() -> OpenDictionary { OpenDictionary() }
  func key(_ key: String) -> String { key }
  func value(ofKey key: String) -> PlistValue { .string(key) }

  func add(_ key: String, _ value: PlistValue, to dictionary: inout OpenDictionary) {
    dictionary.keys.append(key)
    dictionary.values.append(value)
  }

  func closeDictionary(_ dictionary: OpenDictionary) -> PlistValue {
    .dictionary(PlistDictionary(keys: dictionary.keys, values: dictionary.values))
  }
}

/// Writes an OpenStep text as an uncompacted `bplist00` image (`BinaryImageWriter`) that
/// decodes to the same value, as `JSONImageVisitor` does for JSON.
struct OpenStepImageVisitor: OpenStepVisitor {
  let image: BinaryImageWriter
  var pending = BinaryImageWriter.Pending()

  /// The image of a text (see `BinaryImageWriter.checkedImage`).
  static func image(of bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> [UInt8]? {
    try BinaryImageWriter.checkedImage(of: bytes, format: .openStep) {
      (text, image) throws(PlistParseError) in
      var reader = OpenStepReader(text: text)
      var visitor = OpenStepImageVisitor(image: image)
      return try reader.walkDocument(&visitor)
    }
  }

  func string(_ string: String) -> UInt32 { image.scalar(.string(string)) }
  func data(_ data: PlistData) -> UInt32 { image.scalar(.data(data)) }
  func openArray() -> Int { pending.base }
  mutating func append(_ value: UInt32, to array: inout Int) { pending.append(value) }
  mutating func closeArray(_ array: Int) -> UInt32 { pending.writeArray(from: array, to: image) }
  func openDictionary() -> Int { pending.base }
  func key(_ key: String) -> UInt32 { image.key(key) }
  /// The key's own string object, written once for both.
  func value(ofKey key: UInt32) -> UInt32 { key }

  mutating func add(_ key: UInt32, _ value: UInt32, to dictionary: inout Int) {
    pending.append(key)
    pending.append(value)
  }

  mutating func closeDictionary(_ dictionary: Int) -> UInt32 {
    pending.writeDictionary(from: dictionary, to: image)
  }
}
