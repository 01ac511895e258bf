/// Writes a JSON text as an uncompacted `bplist00` image (`BinaryImageWriter`) that decodes
/// to the same value: what `PropertyListConversion` converts from instead of a value tree. A
/// JSON file's tree is about twice the file (24-byte values, a heap object for each string
/// over 15 bytes), and the text and the tree were both held at the end of the read (3.4 to
/// 3.6 times the input); the image is about the size of the text, and the text can go once
/// it is made.
struct JSONImageVisitor: JSONVisitor {
  let image: BinaryImageWriter
  /// The objects of the containers being read, innermost last: an array's items, or an
  /// object's key and value, in turn.
  var pending = BinaryImageWriter.Pending()

  /// The image of a text (see `BinaryImageWriter.checkedImage`).
  static func image(of bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> [UInt8]? {
    try BinaryImageWriter.checkedImage(of: bytes, format: .json) {
      (text, image) throws(PlistParseError) in
      var reader = JSONPlistReader(text: text)
      var visitor = JSONImageVisitor(image: image)
      return try reader.walkDocument(&visitor)
    }
  }

  func string(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt32? {
    UTF8Text.isValid(utf8) ? image.string(utf8: utf8) : nil
  }

  func scalar(_ value: PlistValue) -> UInt32 { image.scalar(value) }

  func openArray() -> Int { pending.base }
  mutating func append(_ value: UInt32, to array: inout Int) { pending.append(value) }
  mutating func closeArray(_ array: Int) -> UInt32 { pending.writeArray(from: array, to: image) }

  func openObject() -> Int { pending.base }

  func key(_ utf8: UnsafeBufferPointer<UInt8>, in object: inout Int) -> UInt32? {
    UTF8Text.isValid(utf8) ? image.key(utf8: utf8) : nil
  }

  mutating func add(_ key: UInt32, _ value: UInt32, to object: inout Int) {
    pending.append(key)
    pending.append(value)
  }

  mutating func closeObject(_ object: Int) -> UInt32 {
    pending.writeDictionary(from: object, to: image)
  }
}
