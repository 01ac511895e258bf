/// What a text writer offers a streaming converter and its own walk of a tree (`writeTree`):
/// the document's start and end, a container opened and closed, each item or entry started,
/// and scalars.
protocol StreamingPlistWriter {
  /// The format written: the checks that are one format's own depend on it.
  static var format: PlistFormat { get }
  init(streamingTo out: ByteOutput, pretty: Bool)
  var out: ByteOutput { get }
  func begin()
  func end()
  func open(_ tag: XMLTag, depth: Int, empty: Bool)
  func startItem(_ position: Int, depth: Int)
  func startEntry(_ position: Int, key: String, depth: Int)
  func close(_ tag: XMLTag, depth: Int)
  func writeScalar(_ value: PlistValue, depth: Int) throws(PlistEncodingError)
  /// `startEntry` with a key given as valid UTF-8, without making a `String`.
  func startEntry(_ position: Int, utf8Key key: UnsafeBufferPointer<UInt8>, depth: Int)
  /// `writeScalar` of a string given as valid UTF-8, without making a `String`.
  func writeString(utf8: UnsafeBufferPointer<UInt8>, depth: Int) throws(PlistEncodingError)
  /// `writeScalar` of data given as its bytes, without copying them into a `PlistData`.
  func writeData(_ bytes: UnsafeBufferPointer<UInt8>, depth: Int) throws(PlistEncodingError)
  /// `startEntry` with a key given as well-formed UTF-16, high byte first.
  func startEntry(_ position: Int, utf16Key key: UnsafeBufferPointer<UInt8>, depth: Int)
  /// `writeScalar` of a string given as well-formed UTF-16, high byte first.
  func writeString(utf16 units: UnsafeBufferPointer<UInt8>, depth: Int)
    throws(PlistEncodingError)
}

extension StreamingPlistWriter {
  /// Writes a value of the tree, inside `depth` containers: the text writers' one walk of
  /// arrays and dictionaries, each format writing its scalars (`writeScalar`).
  func writeTree(_ value: PlistValue, depth: Int) throws(PlistEncodingError) {
    switch value {
    case .array(let items):
      try NestingLimit.checkWriting(inside: depth, format: Self.format)
      open(.array, depth: depth, empty: items.isEmpty)
      for (index, item) in items.enumerated() {
        startItem(index, depth: depth + 1)
        do { try writeTree(item, depth: depth + 1) } catch { throw error.inside(String(index)) }
      }
      // An empty container is closed by `open`, as the streaming converter has it.
      if !items.isEmpty { close(.array, depth: depth) }
      out.flushIfFull()
    case .dictionary(let dictionary):
      try NestingLimit.checkWriting(inside: depth, format: Self.format)
      if Self.format == .xml, dictionary.count == 1, let value = dictionary[XMLUIDSpelling.key],
        let error = XMLUIDSpelling.writingError(value)
      {
        throw error
      }
      open(.dict, depth: depth, empty: dictionary.isEmpty)
      for (index, (key, child)) in zip(dictionary.keys, dictionary.values).enumerated() {
        startEntry(index, key: key, depth: depth + 1)
        do { try writeTree(child, depth: depth + 1) } catch { throw error.inside(key) }
      }
      if !dictionary.isEmpty { close(.dict, depth: depth) }
      out.flushIfFull()
    // Each writer's `writeScalar` flushes, as the streaming converter calls it alone.
    default: try writeScalar(value, depth: depth)
    }
  }
}

/// Through the value, for writers that gain nothing from the bytes.
extension StreamingPlistWriter {
  func startEntry(_ position: Int, utf16Key key: UnsafeBufferPointer<UInt8>, depth: Int) {
    Self.withUTF8(of: key) { startEntry(position, utf8Key: $0, depth: depth) }
  }

  func writeString(utf16 units: UnsafeBufferPointer<UInt8>, depth: Int)
    throws(PlistEncodingError)
  {
    try Self.withUTF8(of: units) { (text) throws(PlistEncodingError) in
      try writeString(utf8: text, depth: depth)
    }
  }

  /// `body` with the UTF-8 of well-formed UTF-16 units, in memory of the call's own.
  private static func withUTF8<E: Error>(
    of units: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
  ) throws(E) {
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: UTF16BigEndian.maximumUTF8(units)) {
      (buffer) throws(E) in
      let count = buffer.baseAddress.flatMap { UTF16BigEndian.writeUTF8(units, into: $0) }
      try body(UnsafeBufferPointer(start: buffer.baseAddress, count: count ?? 0))
    }
  }

  func startEntry(_ position: Int, utf8Key key: UnsafeBufferPointer<UInt8>, depth: Int) {
    startEntry(position, key: String(decoding: key, as: UTF8.self), depth: depth)
  }

  func writeString(utf8: UnsafeBufferPointer<UInt8>, depth: Int) throws(PlistEncodingError) {
    try writeScalar(.string(String(decoding: utf8, as: UTF8.self)), depth: depth)
  }

  func writeData(_ bytes: UnsafeBufferPointer<UInt8>, depth: Int) throws(PlistEncodingError) {
    try writeScalar(.data(PlistData(Array(bytes))), depth: depth)
  }
}
