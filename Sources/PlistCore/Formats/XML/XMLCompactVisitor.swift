// MARK: - Reading into a CompactPlist, for conversion to binary

/// Fills a `CompactPlist` (`CompactPlistBuilder`) instead of a value tree, for the binary
/// writer: the same walk as the tree's, so it accepts exactly the documents the tree reader
/// accepts, with the same errors, and `CompactPlistWriter` writes what `BinaryPlistWriter`
/// writes for the tree reader's value.
struct XMLCompactVisitor: XMLVisitor {
  typealias Reference = CompactPlist.Reference

  var builder: CompactPlistBuilder

  /// An open dictionary: where its keys and values start among the builder's open
  /// children, and the remembered list every key so far has matched, if any.
  struct OpenDictionary {
    let base: Int
    var list: KeyLists<Reference>.List?
    var count = 0
  }

  static var usesReals: Bool { true }
  static var remembersKeys: Bool { true }

  @inline(__always)
  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) -> Reference? {
    builder.string(utf8: utf8)
  }

  mutating func scalar(_ value: PlistValue) -> Reference { builder.scalar(value) }

  mutating func data(base64 text: UnsafeBufferPointer<UInt8>) -> Reference? {
    do throws(Base64.DecodeFailure) {
      return try builder.data(base64: text)
    } catch {
      return nil
    }
  }

  mutating func openArray() -> Int { builder.openChildren }

  @inline(__always)
  mutating func append(_ value: Reference, to array: inout Int) { builder.append(value) }

  mutating func close(_ array: Int) -> Reference { builder.closeArray(from: array) }

  mutating func openDictionary(depth: Int) -> OpenDictionary {
    OpenDictionary(base: builder.openChildren)
  }

  @inline(__always)
  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>, in dictionary: inout OpenDictionary)
    -> Reference?
  {
    dictionary.list = nil
    return builder.string(utf8: utf8)
  }

  @inline(__always)
  mutating func knownKey(at text: UnsafeBufferPointer<UInt8>, in dictionary: inout OpenDictionary)
    -> (key: Reference, length: Int)?
  {
    builder.keyLists.knownKey(at: text, index: dictionary.count, list: &dictionary.list)
  }

  @inline(__always)
  mutating func add(_ key: Reference, _ value: Reference, to dictionary: inout OpenDictionary) {
    builder.append(key)
    builder.append(value)
    dictionary.count += 1
  }

  mutating func close(_ dictionary: OpenDictionary, uid: UInt64?) -> Reference {
    let ordered = dictionary.list.map { $0.keys.count == dictionary.count }
    return builder.closeDictionary(from: dictionary.base, ordered: ordered ?? false, uid: uid)
  }
}

extension XMLPlistReader {
  /// Reads a whole document into flat storage for the binary writer (`XMLCompactVisitor`).
  ///
  /// - Parameter bytes: The document, in any encoding `read(_:)` takes.
  /// - Returns: The storage; nil for text beyond `CompactPlist.maximumTextSize`.
  /// - Throws: `PlistParseError`, as `read(_:)` throws it.
  static func readCompact(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError)
    -> CompactPlist?
  {
    guard bytes.count <= CompactPlist.maximumTextSize else { return nil }
    guard !bytes.isEmpty else {
      throw PlistParseError(format: .xml, kind: .empty, position: .wholeInput)
    }
    return try TextDecoder.withUTF8(bytes, format: .xml) { (text) throws(PlistParseError) in
      var reader = XMLPlistReader(text: text)
      var visitor = XMLCompactVisitor(builder: CompactPlistBuilder(expectedBytes: text.count))
      let root = try reader.walkDocument(&visitor)
      return visitor.builder.finish(root: root)
    }
  }
}
