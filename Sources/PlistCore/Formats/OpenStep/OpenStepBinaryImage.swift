/// OpenStep text turned into an uncompacted `bplist00` image (`BinaryImageWriter`) that
/// decodes to the same value: what `FileAccess.convert` converts from instead of a value
/// tree, which was two and a half times the text (a heap object for each string over 15
/// bytes, and OpenStep's scalars are all strings), held with the text at the end of the read.
///
/// One pass with `OpenStepReader`'s grammar and its own lexing (comments, quoted and
/// unquoted strings, data, the `k;` shorthand, `.strings` bodies). Whatever the reader would
/// refuse, this refuses too (the caller then asks the reader for the message).
struct OpenStepBinaryImage {
  private var reader: OpenStepReader
  private let image: BinaryImageWriter
  /// The objects of the containers being read, innermost last: an array's items, or a
  /// dictionary's key and value, in turn.
  private var pending: [UInt32] = []

  /// The image of an OpenStep text, or nil when `OpenStepReader` refuses the text (or the
  /// image would not fit 32-bit offsets).
  static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    BinaryImageWriter.image(of: bytes, format: .openStep) {
      (text, image) throws(PlistParseError) in
      var builder = OpenStepBinaryImage(reader: OpenStepReader(text: text), image: image)
      return try builder.document()
    }
  }

  /// As `OpenStepReader.parseDocument`: one value, or a `.strings` body.
  private mutating func document() throws(PlistParseError) -> UInt32 {
    try reader.skipSpace()
    if reader.pos == reader.text.count { return image.dictionary(interleaved: []) }
    let start = reader.pos
    let isString = !["{", "(", "<"].contains(Character(Unicode.Scalar(reader.text[start])))
    let value = try value(depth: 0)
    try reader.skipSpace()
    if reader.pos == reader.text.count { return value }
    guard isString else { throw reader.unexpected(expected: "the end of the input") }
    // The body is the root dictionary (the string read first stays unused in the image).
    reader.pos = start
    return try entries(until: nil, depth: 1)
  }

  private mutating func value(depth: Int) throws(PlistParseError) -> UInt32 {
    guard reader.pos < reader.text.count else { throw reader.endError("looking for a value") }
    switch reader.text[reader.pos] {
    case UInt8(ascii: "{"):
      try reader.enterContainer(inside: depth, at: reader.pos)
      reader.pos += 1
      return try entries(until: UInt8(ascii: "}"), depth: depth + 1)
    case UInt8(ascii: "("): return try array(depth: depth)
    case UInt8(ascii: "<"): return image.scalar(.data(try reader.parseData()))
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return image.scalar(.string(try reader.parseQuoted()))
    default:
      guard OpenStepReader.isUnquoted(reader.text[reader.pos]) else {
        throw reader.unexpected(expected: "a value")
      }
      return image.scalar(.string(try reader.parseUnquoted()))
    }
  }

  /// As `OpenStepReader.parseEntries`: `key = value;` or `key;` up to `terminator`.
  private mutating func entries(until terminator: UInt8?, depth: Int) throws(PlistParseError)
    -> UInt32
  {
    let base = pending.count
    while true {
      try reader.skipSpace()
      if let terminator, reader.pos < reader.text.count, reader.text[reader.pos] == terminator {
        reader.pos += 1
        return write(isArray: false, from: base)
      }
      if reader.pos == reader.text.count {
        if terminator == nil { return write(isArray: false, from: base) }
        throw reader.endError("reading a dictionary")
      }
      let key = try self.key()
      try reader.skipSpace()
      if reader.pos < reader.text.count, reader.text[reader.pos] == UInt8(ascii: "=") {
        reader.pos += 1
        try reader.skipSpace()
        pending.append(key)
        pending.append(try value(depth: depth))
        try reader.skipSpace()
      } else {
        // `key;`: the key is its own value.
        pending.append(key)
        pending.append(key)
      }
      guard reader.pos < reader.text.count else {
        throw reader.endError("reading a dictionary (missing ';')")
      }
      guard reader.text[reader.pos] == UInt8(ascii: ";") else {
        throw reader.unexpected(expected: "';'")
      }
      reader.pos += 1
    }
  }

  private mutating func key() throws(PlistParseError) -> UInt32 {
    let b = reader.text[reader.pos]
    if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
      return image.key(try reader.parseQuoted())
    }
    guard OpenStepReader.isUnquoted(b) else { throw reader.unexpected(expected: "a key") }
    return image.key(try reader.parseUnquoted())
  }

  /// As `OpenStepReader.parseArray`, with its optional trailing comma.
  private mutating func array(depth: Int) throws(PlistParseError) -> UInt32 {
    try reader.enterContainer(inside: depth, at: reader.pos)
    reader.pos += 1
    let base = pending.count
    while true {
      try reader.skipSpace()
      guard reader.pos < reader.text.count else { throw reader.endError("reading an array") }
      if reader.text[reader.pos] == UInt8(ascii: ")") {
        reader.pos += 1
        return write(isArray: true, from: base)
      }
      pending.append(try value(depth: depth + 1))
      try reader.skipSpace()
      guard reader.pos < reader.text.count else { throw reader.endError("reading an array") }
      if reader.text[reader.pos] == UInt8(ascii: ",") {
        reader.pos += 1
      } else if reader.text[reader.pos] != UInt8(ascii: ")") {
        throw reader.unexpected(expected: "',' or ')'")
      }
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
