/// What the one walk of a JSON text (`JSONPlistReader.walkDocument(_:)`) hands each value
/// to: building the tree and writing the binary image `convert` takes are its visitors.
///
/// The walk reads and checks every byte and reports every problem itself, so both refuse
/// the same texts with the same first error; a visitor that checks a string's UTF-8 while
/// making something of it answers nil, and the walk reports it.
protocol JSONVisitor {
  /// What a value becomes.
  associatedtype Value
  /// What an object's key becomes.
  associatedtype Key
  /// What the visitor keeps of an array while it is open.
  associatedtype OpenArray
  /// What the visitor keeps of an object while it is open.
  associatedtype OpenObject

  /// A string: its UTF-8, escapes resolved, not yet checked. Nil when it is not UTF-8.
  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) -> Value?
  /// A number (an integer, or a real) or a boolean, read and checked.
  mutating func scalar(_ value: PlistValue) -> Value

  /// An array opens.
  mutating func openArray() -> OpenArray
  /// A value of the innermost open array.
  mutating func append(_ value: Value, to array: inout OpenArray)
  /// The innermost open array closes.
  mutating func closeArray(_ array: OpenArray) -> Value

  /// An object opens.
  mutating func openObject() -> OpenObject
  /// A key of the innermost open object, as `string(_:)` gets it. Nil when it is not UTF-8.
  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>, in object: inout OpenObject) -> Key?
  /// An entry of the innermost open object.
  mutating func add(_ key: Key, _ value: Value, to object: inout OpenObject)
  /// The innermost open object closes.
  mutating func closeObject(_ object: OpenObject) -> Value
}

// MARK: - The one walk of the grammar

extension JSONPlistReader {
  /// The whole text: one value, with white space around it.
  ///
  /// - Parameter visitor: What the values are handed to.
  /// - Returns: What the visitor made of the value.
  /// - Throws: `PlistParseError` for the first problem of the text.
  mutating func walkDocument<V: JSONVisitor>(_ visitor: inout V) throws(PlistParseError)
    -> V.Value
  {
    skipSpace()
    guard pos < text.count else {
      throw PlistParseError(format: .json, kind: .empty, position: .wholeInput)
    }
    let value = try walkValue(depth: 0, &visitor)
    skipSpace()
    guard pos == text.count else { throw unexpected(expected: "the end of the input") }
    return value
  }

  private mutating func walkValue<V: JSONVisitor>(depth: Int, _ visitor: inout V)
    throws(PlistParseError) -> V.Value
  {
    guard pos < text.count else { throw endError("looking for a value") }
    switch text[pos] {
    case UInt8(ascii: "{"): return try walkObject(depth: depth, &visitor)
    case UInt8(ascii: "["): return try walkArray(depth: depth, &visitor)
    case UInt8(ascii: "\""): return try parseString { (utf8) in visitor.string(utf8) }
    case UInt8(ascii: "t"): return visitor.scalar(try literal("true", .boolean(true)))
    case UInt8(ascii: "f"): return visitor.scalar(try literal("false", .boolean(false)))
    case UInt8(ascii: "n"):
      let start = pos
      _ = try literal("null", .boolean(false))
      throw failure("null has no property-list equivalent", at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return visitor.scalar(try parseNumber())
    default: throw unexpected(expected: "a value")
    }
  }

  private mutating func walkObject<V: JSONVisitor>(depth: Int, _ visitor: inout V)
    throws(PlistParseError) -> V.Value
  {
    try enterContainer(inside: depth, at: pos)
    var object = visitor.openObject()
    try walkMembers(closedBy: UInt8(ascii: "}"), "reading an object") {
      (reader) throws(PlistParseError) in
      guard reader.pos < reader.text.count else { throw reader.endError("reading an object") }
      guard reader.text[reader.pos] == UInt8(ascii: "\"") else {
        throw reader.unexpected(expected: "a string key")
      }
      let key = try reader.parseString { (utf8) in visitor.key(utf8, in: &object) }
      reader.skipSpace()
      guard reader.pos < reader.text.count, reader.text[reader.pos] == UInt8(ascii: ":") else {
        throw reader.pos < reader.text.count
          ? reader.unexpected(expected: "':'") : reader.endError("reading an object")
      }
      reader.pos += 1
      reader.skipSpace()
      visitor.add(key, try reader.walkValue(depth: depth + 1, &visitor), to: &object)
    }
    return visitor.closeObject(object)
  }

  private mutating func walkArray<V: JSONVisitor>(depth: Int, _ visitor: inout V)
    throws(PlistParseError) -> V.Value
  {
    try enterContainer(inside: depth, at: pos)
    var array = visitor.openArray()
    try walkMembers(closedBy: UInt8(ascii: "]"), "reading an array") {
      (reader) throws(PlistParseError) in
      visitor.append(try reader.walkValue(depth: depth + 1, &visitor), to: &array)
    }
    return visitor.closeArray(array)
  }

  /// Reads a container from its opening bracket at `pos` to its closing one, `close`:
  /// `member` reads each member (from its first character), and the walk the white space
  /// and commas around them; an end of input is reported as while `context`.
  @inline(__always)
  private mutating func walkMembers(
    closedBy close: UInt8, _ context: String,
    _ member: (inout Self) throws(PlistParseError) -> Void
  ) throws(PlistParseError) {
    pos += 1
    skipSpace()
    if pos < text.count, text[pos] == close {
      pos += 1
      return
    }
    while true {
      skipSpace()
      try member(&self)
      skipSpace()
      guard pos < text.count else { throw endError(context) }
      if text[pos] == close {
        pos += 1
        return
      }
      guard text[pos] == UInt8(ascii: ",") else {
        throw unexpected(expected: "',' or '\(Character(Unicode.Scalar(close)))'")
      }
      pos += 1
    }
  }
}
