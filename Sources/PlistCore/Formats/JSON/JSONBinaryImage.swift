/// JSON text turned into an uncompacted `bplist00` image (`BinaryImageWriter`) that decodes to
/// the same value as the JSON: what `FileAccess.convert` converts from instead of a value
/// tree. A JSON file's tree is about twice the file (24-byte values, a heap object for each
/// string over 15 bytes), and the text and the tree were both held at the end of the read
/// (3.4 to 3.6 times the input); the image is about the size of the text, and the text can go
/// once it is made.
///
/// One pass with `JSONPlistReader`'s grammar and its own scalar readers. Whatever the reader
/// would refuse, this refuses too (the caller then asks the reader for the message).
struct JSONBinaryImage {
  private var reader: JSONPlistReader
  private let image: BinaryImageWriter
  /// The objects of the containers being read, innermost last: an array's items, or an
  /// object's key and value, in turn.
  private var pending: [UInt32] = []

  /// The image of a JSON text, or nil when `JSONPlistReader` refuses the text (or the image
  /// would not fit 32-bit offsets).
  static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    BinaryImageWriter.image(of: bytes, format: .json) { (text, image) throws(PlistParseError) in
      var builder = JSONBinaryImage(reader: JSONPlistReader(text: text), image: image)
      builder.reader.skipSpace()
      guard builder.reader.pos < text.count else { throw builder.reader.endError("reading") }
      let top = try builder.value(depth: 0)
      builder.reader.skipSpace()
      guard builder.reader.pos == text.count else {
        throw builder.reader.unexpected(expected: "the end of the input")
      }
      return top
    }
  }

  private mutating func value(depth: Int) throws(PlistParseError) -> UInt32 {
    guard reader.pos < reader.text.count else { throw reader.endError("looking for a value") }
    switch reader.text[reader.pos] {
    case UInt8(ascii: "{"): return try container(isArray: false, depth: depth)
    case UInt8(ascii: "["): return try container(isArray: true, depth: depth)
    case UInt8(ascii: "\""):
      let image = self.image
      return try reader.parseString { image.string(utf8: $0) }
    case UInt8(ascii: "t"): return image.scalar(try reader.literal("true", .boolean(true)))
    case UInt8(ascii: "f"): return image.scalar(try reader.literal("false", .boolean(false)))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return image.scalar(try reader.parseNumber())
    default:
      // `null` (which no plist type holds) and anything else: refused, as the reader does.
      throw reader.unexpected(expected: "a value")
    }
  }

  /// An array or an object, as `JSONPlistReader.parseArray` and `parseObject` read them.
  private mutating func container(isArray: Bool, depth: Int) throws(PlistParseError) -> UInt32 {
    try reader.enterContainer(inside: depth, at: reader.pos)
    let close = UInt8(ascii: isArray ? "]" : "}")
    reader.pos += 1
    reader.skipSpace()
    let base = pending.count
    if reader.pos < reader.text.count, reader.text[reader.pos] == close {
      reader.pos += 1
      return write(isArray: isArray, from: base)
    }
    while true {
      reader.skipSpace()
      if !isArray {
        guard reader.pos < reader.text.count else { throw reader.endError("reading an object") }
        guard reader.text[reader.pos] == UInt8(ascii: "\"") else {
          throw reader.unexpected(expected: "a string key")
        }
        let image = self.image
        pending.append(try reader.parseString { image.key(utf8: $0) })
        reader.skipSpace()
        guard reader.pos < reader.text.count, reader.text[reader.pos] == UInt8(ascii: ":") else {
          throw reader.unexpected(expected: "':'")
        }
        reader.pos += 1
        reader.skipSpace()
      }
      pending.append(try value(depth: depth + 1))
      reader.skipSpace()
      guard reader.pos < reader.text.count else { throw reader.endError("reading a container") }
      if reader.text[reader.pos] == close {
        reader.pos += 1
        return write(isArray: isArray, from: base)
      }
      guard reader.text[reader.pos] == UInt8(ascii: ",") else {
        throw reader.unexpected(expected: "',' or the container's end")
      }
      reader.pos += 1
    }
  }

  /// Writes the container whose children are pending from `base` and takes them off.
  private mutating func write(isArray: Bool, from base: Int) -> UInt32 {
    // The slices are temporaries: a slice kept alive would share `pending`'s storage, and
    // taking the children off would copy all of it (the root's pending items each time).
    let object =
      isArray ? image.array(pending[base...]) : image.dictionary(interleaved: pending[base...])
    pending.removeSubrange(base...)
    return object
  }
}
