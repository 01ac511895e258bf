/// Converts `bplist00` to XML, JSON or OpenStep without building the value tree: a visitor of
/// the key-order walk (`BinaryKeyOrderWalk`) that hands containers and scalars straight to a
/// streaming writer, so memory stays near the input's size (the tree of a compact binary file
/// is several times larger than the file: binary to JSON through the tree peaked at 6.6
/// times the input).
///
/// It writes exactly what decoding and then encoding would, and fails as they would: with the
/// tree reader's first error for a file it refuses (`BinaryKeyOrderWalk.firstError`), else
/// with the writer's error for the first value, in key order, that the format cannot hold.
/// It checks as it writes and so fails midway: callers use it for output that is discarded
/// on failure (an atomically replaced file, or memory).
struct BinaryStreamingConverter<Writer: StreamingPlistWriter>: BinaryKeyOrderVisitor {
  private let writer: Writer

  typealias Failure = StreamingConversionFailure

  /// Converts a whole file.
  ///
  /// - Parameters:
  ///   - bytes: The binary property list.
  ///   - out: Where the text goes.
  ///   - pretty: JSON: indented (the default) or on one line.
  ///   - fragments: JSON: whether the root may be a scalar (`PropertyList.WriteOptions`).
  /// - Throws: `Failure.parse` for a file the tree reader refuses, `Failure.encoding` for a
  ///   value the format cannot hold.
  static func convert(
    _ bytes: UnsafeBufferPointer<UInt8>, to out: ByteOutput, pretty: Bool = true,
    fragments: Bool = true
  ) throws(Failure) {
    var walk: BinaryKeyOrderWalk
    do { walk = try BinaryKeyOrderWalk(bytes) } catch { throw .parse(error) }
    if Writer.format == .json && !fragments {
      do { try checkContainerRoot(walk.reader) } catch { throw walk.firstError(error) }
    }
    var converter = Self(writer: Writer(streamingTo: out, pretty: pretty))
    converter.writer.begin()
    try walk.walkRoot(&converter)
    converter.writer.end()
  }

  /// Strings and data go to the writer as bytes, the rest as decoded values.
  mutating func scalar(_ index: Int, at start: Int, depth: Int, in reader: BinaryPlistReader)
    throws(Failure)
  {
    switch reader.bytes[start] >> 4 {
    case 0x4, 0x5:
      // Data, or ASCII (checked already): the object's bytes.
      let bytes = try parsing { () throws(PlistParseError) in
        try reader.dataBytes(at: start)
      }
      try encoding { () throws(PlistEncodingError) in
        if reader.bytes[start] >> 4 == 0x4 {
          try writer.writeData(bytes, depth: depth)
        } else {
          try writer.writeString(utf8: bytes, depth: depth)
        }
      }
    case 0x6:
      let units = try parsing { () throws(PlistParseError) in
        try reader.utf16Range(at: start)
      }
      try encoding { () throws(PlistEncodingError) in
        try writer.writeString(utf16: units, depth: depth)
      }
    default:
      let value = try parsing { () throws(PlistParseError) in try reader.scalar(at: start) }
      try encoding { () throws(PlistEncodingError) in try writer.writeScalar(value, depth: depth) }
    }
  }

  func openArray(count: Int, depth: Int) { writer.open(.array, depth: depth, empty: count == 0) }

  func item(_ position: Int, depth: Int) { writer.startItem(position, depth: depth) }

  func closeArray(count: Int, depth: Int) {
    if count > 0 { writer.close(.array, depth: depth) }
  }

  func openDictionary(_ keys: ArraySlice<BinaryKey>, depth: Int, in reader: BinaryPlistReader)
    throws(Failure)
  {
    if Writer.format == .xml, keys.count == 1, let only = keys.first,
      only.text.equals(XMLUIDSpelling.key)
    {
      try checkUIDSpelling(only.value, in: reader)
    }
    writer.open(.dict, depth: depth, empty: keys.isEmpty)
  }

  func entry(_ position: Int, key: BinaryKey, depth: Int, in reader: BinaryPlistReader) {
    let text = key.text.bytes
    if key.text.isUTF16 {
      writer.startEntry(position, utf16Key: text, depth: depth)
    } else {
      writer.startEntry(position, utf8Key: text, depth: depth)
    }
  }

  func closeDictionary(count: Int, depth: Int) {
    if count > 0 { writer.close(.dict, depth: depth) }
  }

  /// Refuses a root that is not an array, a dictionary or a UID (a JSON object), as
  /// `JSONPlistWriter` refuses it for a file.
  private static func checkContainerRoot(_ reader: BinaryPlistReader) throws(Failure) {
    let value = try parsing { () throws(PlistParseError) -> PlistValue? in
      let at = try reader.offset(of: reader.trailer.topObject)
      let kind = reader.bytes[at] >> 4
      return kind == 0xA || kind == 0xD || kind == 0x8 ? nil : try reader.scalar(at: at)
    }
    if let value { throw .encoding(JSONPlistWriter.fragmentError(value)) }
  }

  /// Refuses a dictionary whose only key is `CF$UID` when its value would make CF read a UID
  /// (`XMLUIDSpelling`), as `XMLPlistWriter` refuses it.
  private func checkUIDSpelling(_ index: Int, in reader: BinaryPlistReader) throws(Failure) {
    let value = try parsing { () throws(PlistParseError) -> PlistValue? in
      let at = try reader.offset(of: index)
      let kind = reader.bytes[at] >> 4
      return kind == 0xA || kind == 0xD ? nil : try reader.scalar(at: at)
    }
    if let value, let error = XMLUIDSpelling.writingError(value) { throw .encoding(error) }
  }
}

/// A read of a checked file, which cannot fail; should it, the error is the reader's.
@inline(__always)
func parsing<T>(_ body: () throws(PlistParseError) -> T) throws(StreamingConversionFailure) -> T {
  do { return try body() } catch { throw .parse(error) }
}

/// A write that fails for a value the format cannot hold.
@inline(__always)
private func encoding(_ body: () throws(PlistEncodingError) -> Void)
  throws(StreamingConversionFailure)
{
  do { try body() } catch { throw .encoding(error) }
}

/// A failure from either side of a streaming conversion, kept apart so that callers can name
/// the input or the output.
enum StreamingConversionFailure: Error {
  case parse(PlistParseError)
  case encoding(PlistEncodingError)
}

/// Binary to XML, streamed (`PropertyListConversion`).
typealias BinaryToXMLConverter = BinaryStreamingConverter<XMLPlistWriter>
/// Binary to JSON, streamed (`PropertyListConversion`).
typealias BinaryToJSONConverter = BinaryStreamingConverter<JSONPlistWriter>
/// Binary to OpenStep, streamed (`PropertyListConversion`).
typealias BinaryToOpenStepConverter = BinaryStreamingConverter<OpenStepWriter>
