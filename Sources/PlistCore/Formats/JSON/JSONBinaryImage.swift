/// JSON text turned into an uncompacted `bplist00` image that decodes to the same value as
/// the JSON: what `FileAccess.convert` converts from instead of a value tree. A JSON file's
/// tree is about twice the file (24-byte values, a heap object for each string over 15
/// bytes), and the text and the tree were both held at the end of the read (3.4 to 3.6 times
/// the input); the image is about the size of the text, the text can go once it is made, and
/// the binary converters that need no tree (`BinaryStreamingConverter`,
/// `BinaryToBinaryConverter`) write from it exactly what the tree's writers would.
///
/// One pass with `JSONPlistReader`'s grammar and its own scalar readers: every value one
/// object, written after its children (a container's references are then known), keys in
/// the text's order with repeats (the binary reader sorts them and keeps the last, as the JSON
/// reader does), references four bytes wide. Whatever the reader would refuse, this refuses
/// too (the caller then asks the reader for the message).
struct JSONBinaryImage {
  private var reader: JSONPlistReader
  /// The image, reserved at the text's size and a quarter (pages never filled cost
  /// nothing), filled 64 KiB at a time: no copy of the whole when it grows or ends.
  private let image: Image
  private let out: ByteOutput
  /// Where each object starts in `out` (an image of 4 GiB or more is not made).
  private var offsets: [UInt32] = []
  /// Keys written lately, by a hash of their bytes, with their objects: records repeat a
  /// few keys, which then take one object each instead of one per use (a third of a
  /// JSON file's values are keys).
  private var recentKeys = [(key: String, object: UInt32)?](repeating: nil, count: 1024)
  /// The objects of the containers being read, innermost last: an array's items, or an
  /// object's key and value, in turn.
  private var pending: [UInt32] = []

  /// The image of a JSON text, or nil when `JSONPlistReader` refuses the text (or it would
  /// not fit 32-bit references).
  static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    try? TextDecoder.withUTF8(bytes, format: .json) { (text) throws(PlistParseError) in
      var image = JSONBinaryImage(text: text)
      image.out.append("bplist00")
      image.reader.skipSpace()
      guard image.reader.pos < text.count else { throw image.reader.endError("reading") }
      let top = try image.value(depth: 0)
      image.reader.skipSpace()
      guard image.reader.pos == text.count else {
        throw image.reader.unexpected(expected: "the end of the input")
      }
      return image.finish(top: top)
    }
  }

  private final class Image {
    var bytes: [UInt8] = []
  }

  private init(text: UnsafeBufferPointer<UInt8>) {
    reader = JSONPlistReader(text: text)
    let image = Image()
    image.bytes.reserveCapacity(text.count + text.count / 4)
    self.image = image
    out = ByteOutput { image.bytes.append(contentsOf: $0) }
  }

  private mutating func finish(top: UInt32) -> [UInt8] {
    let tableOffset = out.position
    let width = BinaryPlistWriter.byteWidth(UInt64(tableOffset))
    let count = offsets.count
    for offset in offsets { out.appendBigEndian(UInt64(offset), width: width) }
    offsets = []
    out.append(repeating: 0, count: 6)
    out.append(UInt8(width))
    out.append(4)
    out.appendBigEndian(UInt64(count), width: 8)
    out.appendBigEndian(UInt64(top), width: 8)
    out.appendBigEndian(UInt64(tableOffset), width: 8)
    _ = out.finish()
    defer { image.bytes = [] }
    return image.bytes
  }

  /// Starts an object; returns its number.
  private mutating func startObject() throws(PlistParseError) -> UInt32 {
    guard offsets.count < Int(UInt32.max), out.position < Int(UInt32.max) else {
      throw reader.failure("an image beyond 32-bit offsets", at: reader.pos)
    }
    offsets.append(UInt32(out.position))
    return UInt32(offsets.count - 1)
  }

  private mutating func value(depth: Int) throws(PlistParseError) -> UInt32 {
    guard reader.pos < reader.text.count else { throw reader.endError("looking for a value") }
    switch reader.text[reader.pos] {
    case UInt8(ascii: "{"): return try container(isArray: false, depth: depth)
    case UInt8(ascii: "["): return try container(isArray: true, depth: depth)
    case UInt8(ascii: "\""): return try scalar(.string(try reader.parseString()))
    case UInt8(ascii: "t"): return try scalar(try reader.literal("true", .boolean(true)))
    case UInt8(ascii: "f"): return try scalar(try reader.literal("false", .boolean(false)))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try scalar(try reader.parseNumber())
    default:
      // `null` (which no plist type holds) and anything else: refused, as the reader does.
      throw reader.unexpected(expected: "a value")
    }
  }

  private mutating func scalar(_ value: PlistValue) throws(PlistParseError) -> UInt32 {
    let object = try startObject()
    BinaryPlistWriter.appendScalar(value, to: out)
    return object
  }

  /// The object of a key: the one written for it lately, or a new one.
  private mutating func key(_ key: String) throws(PlistParseError) -> UInt32 {
    var copy = key
    let slot = copy.withUTF8 { utf8 in
      var hash: UInt32 = 2_166_136_261
      for byte in utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
      return Int(hash & UInt32(recentKeys.count - 1))
    }
    if let recent = recentKeys[slot], recent.key.hasSameUTF8(as: key) { return recent.object }
    let object = try scalar(.string(key))
    recentKeys[slot] = (key, object)
    return object
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
      return try write(isArray: isArray, from: base)
    }
    while true {
      reader.skipSpace()
      if !isArray {
        guard reader.pos < reader.text.count else { throw reader.endError("reading an object") }
        guard reader.text[reader.pos] == UInt8(ascii: "\"") else {
          throw reader.unexpected(expected: "a string key")
        }
        pending.append(try key(try reader.parseString()))
        reader.skipSpace()
        guard reader.pos < reader.text.count, reader.text[reader.pos] == UInt8(ascii: ":") else {
          throw reader.unexpected(expected: "':'")
        }
        reader.pos += 1
        reader.skipSpace()
      }
      pending.append(try value(depth: depth + 1))
      out.flushIfFull()
      reader.skipSpace()
      guard reader.pos < reader.text.count else { throw reader.endError("reading a container") }
      if reader.text[reader.pos] == close {
        reader.pos += 1
        return try write(isArray: isArray, from: base)
      }
      guard reader.text[reader.pos] == UInt8(ascii: ",") else {
        throw reader.unexpected(expected: "',' or the container's end")
      }
      reader.pos += 1
    }
  }

  /// Writes the container whose children are pending from `base` (an object's as key,
  /// value, key, value…) and takes them off.
  private mutating func write(isArray: Bool, from base: Int) throws(PlistParseError) -> UInt32 {
    let object = try startObject()
    let children = pending[base...]
    if isArray {
      BinaryPlistWriter.appendHeader(0xA0, count: children.count, to: out)
      for child in children { out.appendBigEndian(UInt64(child), width: 4) }
    } else {
      BinaryPlistWriter.appendHeader(0xD0, count: children.count / 2, to: out)
      for key in stride(from: base, to: pending.count, by: 2) {
        out.appendBigEndian(UInt64(pending[key]), width: 4)
      }
      for value in stride(from: base + 1, to: pending.count, by: 2) {
        out.appendBigEndian(UInt64(pending[value]), width: 4)
      }
    }
    pending.removeSubrange(base...)
    return object
  }
}
