/// Converts `bplist00` to XML, JSON or OpenStep without building the value tree: containers are walked
/// straight from the file's bytes and only scalars are decoded, so memory stays near the
/// input's size (the tree of a compact binary file is several times larger than the file:
/// binary to JSON through the tree peaked at 6.6 times the input).
///
/// It checks everything the tree reader checks — bounds, cycles along the current path, depth,
/// the expansion budget (every object written counts, shared ones each time) — and writes
/// exactly what decoding and then encoding would: keys sorted, the last of repeated keys
/// winning. It fails midway on a bad file, so callers use it for output that is discarded on
/// failure (an atomically replaced file).
struct BinaryStreamingConverter<Writer: StreamingPlistWriter> {
  private var reader: BinaryPlistReader
  private let writer: Writer
  /// Decodes the values of repeated keys that later ones replace (`sortedEntries`); made
  /// when a file first has one.
  private var replacedValues: BinaryWalk?
  /// The entries of the dictionaries being written whose keys take the ASCII path
  /// (`orderedASCIIEntries`), innermost last: one array for all of them, not two per
  /// dictionary.
  private var asciiEntries: [BinaryPlistReader.ASCIIEntry] = []
  /// A UTF-16 string's UTF-8, reused from string to string.
  private var utf8: [UInt8] = []

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
    var converter: Self
    do {
      converter = Self(
        reader: try BinaryPlistReader(bytes: bytes),
        writer: Writer(streamingTo: out, pretty: pretty))
    } catch {
      throw .parse(error)
    }
    if Writer.format == .json && !fragments { try converter.checkContainerRoot() }
    converter.writer.begin()
    try converter.emit(converter.reader.trailer.topObject, depth: 0)
    converter.writer.end()
  }

  private mutating func emit(_ index: Int, depth: Int) throws(Failure) {
    let at: Int
    do throws(PlistParseError) {
      try reader.account(1)
      at = try reader.offset(of: index)
      guard !reader.onPath[index] else {
        throw PlistParseError(
          format: .binary, kind: .cycle(object: index), position: .byteOffset(at))
      }
    } catch {
      throw .parse(error)
    }
    let marker = reader.bytes[at]
    if marker >> 4 == 0xA || marker >> 4 == 0xD {
      do { try reader.checkContainerDepth(depth, at: at) } catch { throw .parse(error) }
      reader.onPath[index] = true
      try emitContainer(at: at, marker: marker, depth: depth)
      reader.onPath[index] = false
      return
    }
    try emitScalar(at: at, marker: marker, depth: depth)
  }

  /// Strings and data go to the writer as bytes, the rest as decoded values.
  private mutating func emitScalar(at: Int, marker: UInt8, depth: Int) throws(Failure) {
    let info = Int(marker & 0x0F)
    switch marker >> 4 {
    case 0x4:
      let bytes: UnsafeBufferPointer<UInt8>
      do { bytes = try reader.dataBytes(at: at, info: info) } catch { throw .parse(error) }
      do { try writer.writeData(bytes, depth: depth) } catch { throw .encoding(error) }
    case 0x5:
      let range: Range<Int>
      do { range = try reader.asciiRange(at: at, info: info) } catch { throw .parse(error) }
      let bytes = UnsafeBufferPointer(rebasing: reader.bytes[range])
      do { try writer.writeString(utf8: bytes, depth: depth) } catch { throw .encoding(error) }
    case 0x6:
      utf8.removeAll(keepingCapacity: true)
      do { try reader.appendUTF16String(at: at, info: info, to: &utf8) } catch {
        throw .parse(error)
      }
      do {
        try utf8.withUnsafeBufferPointer { (bytes) throws(PlistEncodingError) in
          try writer.writeString(utf8: bytes, depth: depth)
        }
      } catch {
        throw .encoding(error)
      }
    default:
      let value: PlistValue
      do { value = try reader.scalar(at: at) } catch { throw .parse(error) }
      do { try writer.writeScalar(value, depth: depth) } catch { throw .encoding(error) }
    }
  }

  private mutating func emitContainer(at start: Int, marker: UInt8, depth: Int) throws(Failure) {
    let isArray = marker >> 4 == 0xA
    let refs: Range<Int>
    do {
      let (count, payload) = try reader.countAndPayload(at: start, info: Int(marker & 0x0F))
      refs = try reader.referenceRange(payload, isArray ? count : 2 * count, at: start)
    } catch {
      throw .parse(error)
    }
    let width = reader.trailer.objectRefSize
    if isArray {
      writer.open(.array, depth: depth, empty: refs.isEmpty)
      if refs.isEmpty { return }
      for (position, at) in stride(from: refs.lowerBound, to: refs.upperBound, by: width)
        .enumerated()
      {
        let child: Int
        do { child = try reference(at, start) } catch { throw .parse(error) }
        writer.startItem(position, depth: depth + 1)
        do { try emit(child, depth: depth + 1) } catch {
          throw Self.inside(error, String(position))
        }
      }
      writer.close(.array, depth: depth)
      return
    }
    // Every key of the file counts, replaced ones too, as the tree reader charges them: a
    // graph of shared dictionaries unfolds to its keys as well as its values.
    do { try reader.account(refs.count / 2 / width) } catch {
      throw .parse(error)
    }
    if reader.orderedASCIIEntries(refs, start, into: &asciiEntries) {
      return try emitASCIIEntries(count: refs.count / 2 / width, depth: depth)
    }
    let entries: BinaryPlistReader.SortedEntries
    do {
      entries = try reader.sortedEntries(
        refs, start, depth: depth, replacedValues: &replacedValues)
    } catch {
      throw .parse(error)
    }
    let (keys, values) = (entries.keys, entries.values)
    if Writer.format == .xml, keys == [XMLUIDSpelling.key] {
      try checkUIDSpelling(values[0], depth: depth)
    }
    writer.open(.dict, depth: depth, empty: keys.isEmpty)
    if keys.isEmpty { return }
    for (position, (key, value)) in zip(keys, values).enumerated() {
      writer.startEntry(position, key: key, depth: depth + 1)
      do { try emit(value, depth: depth + 1) } catch { throw Self.inside(error, key) }
    }
    writer.close(.dict, depth: depth)
  }

  /// Writes the dictionary whose `count` entries `orderedASCIIEntries` left on top of
  /// `asciiEntries`, and takes them off.
  private mutating func emitASCIIEntries(count: Int, depth: Int) throws(Failure) {
    let base = asciiEntries.count - count
    if Writer.format == .xml, count == 1, key(asciiEntries[base].key) == XMLUIDSpelling.key {
      try checkUIDSpelling(asciiEntries[base].value, depth: depth)
    }
    writer.open(.dict, depth: depth, empty: count == 0)
    if count == 0 { return }
    for position in 0..<count {
      // Entries of nested dictionaries come and go above `base` meanwhile.
      let (keyRange, _, value) = asciiEntries[base + position]
      writer.startEntry(
        position, asciiKey: UnsafeBufferPointer(rebasing: reader.bytes[keyRange]),
        depth: depth + 1)
      do { try emit(value, depth: depth + 1) } catch { throw Self.inside(error, key(keyRange)) }
    }
    asciiEntries.removeSubrange(base...)
    writer.close(.dict, depth: depth)
  }

  private func key(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[range]), as: UTF8.self)
  }

  /// Refuses a root that is not an array, a dictionary or a UID (a JSON object), as
  /// `JSONPlistWriter` refuses it for a file.
  private mutating func checkContainerRoot() throws(Failure) {
    let value: PlistValue
    do throws(PlistParseError) {
      let at = try reader.offset(of: reader.trailer.topObject)
      let kind = reader.bytes[at] >> 4
      if kind == 0xA || kind == 0xD || kind == 0x8 { return }
      value = try reader.scalar(at: at)
    } catch {
      throw .parse(error)
    }
    throw .encoding(JSONPlistWriter.fragmentError(value))
  }

  /// Refuses a dictionary whose only key is `CF$UID` when its value would make CF read a UID
  /// (`XMLUIDSpelling`), as `XMLPlistWriter` refuses it.
  private mutating func checkUIDSpelling(_ index: Int, depth: Int) throws(Failure) {
    let value: PlistValue
    do throws(PlistParseError) {
      let at = try reader.offset(of: index)
      let kind = reader.bytes[at] >> 4
      guard kind == 0x1 || kind == 0x2 else { return }  // only integers and reals matter
      value = try reader.scalar(at: at)
    } catch {
      throw .parse(error)
    }
    if XMLUIDSpelling.isMisreadByCF(value) { throw .encoding(XMLUIDSpelling.writingError(value)) }
  }

  private func reference(_ offset: Int, _ marker: Int) throws(PlistParseError) -> Int {
    try reader.reference(at: offset, from: marker)
  }

  private static func inside(_ failure: Failure, _ component: String) -> Failure {
    if case .encoding(let error) = failure { return .encoding(error.inside(component)) }
    return failure
  }
}

/// A failure from either side of a streaming conversion, kept apart so that callers can name
/// the input or the output.
enum StreamingConversionFailure: Error {
  case parse(PlistParseError)
  case encoding(PlistEncodingError)
}

/// Binary to XML, streamed (`FileAccess.convert`).
typealias BinaryToXMLConverter = BinaryStreamingConverter<XMLPlistWriter>
/// Binary to JSON, streamed (`FileAccess.convert`).
typealias BinaryToJSONConverter = BinaryStreamingConverter<JSONPlistWriter>
/// Binary to OpenStep, streamed (`FileAccess.convert`).
typealias BinaryToOpenStepConverter = BinaryStreamingConverter<OpenStepWriter>
