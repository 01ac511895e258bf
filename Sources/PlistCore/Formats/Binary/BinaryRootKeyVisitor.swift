// MARK: - One root key, without building the other values

/// Finds one key of a root dictionary while the whole file is checked as a full read
/// checks it, making no value (`BinarySkipVisitor`'s work): the entries of the root are
/// compared with the key as bytes, and the last match's value object is kept for decoding.
/// (Building the 200,000 strings of a 100,000-key domain was 95 % of reading one key from
/// it.)
struct BinaryRootKeyVisitor: BinaryVisitor {
  /// The key's UTF-8.
  let wanted: UnsafeBufferPointer<UInt8>
  let bytes: UnsafeBufferPointer<UInt8>
  /// How many entries the root dictionary has.
  var entries = 0
  /// The wanted key's value object (of repeated keys, the last one's).
  var found: Int?

  /// Whether the dictionary is the root.
  func openDictionary(depth: Int) -> Bool { depth == 0 }

  mutating func add(key: Void, value: Void, to isRoot: inout Bool, keyAt: Int, valueObject: Int) {
    guard isRoot else { return }
    entries += 1
    if BinaryStringKey(bytes: bytes, start: keyAt).equals(wanted) { found = valueObject }
  }

  func closeDictionary(_ isRoot: Bool) {}
}

extension BinaryPlistReader {
  /// The value of one key of a root dictionary (`BinaryRootKeyVisitor`); the key's value is
  /// then decoded alone, as the tree would hold it.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - bytes: The whole file.
  /// - Returns: What was found; `.needsFullRead` when the root is not a dictionary.
  /// - Throws: `PlistParseError`, as `read(_:)` throws it.
  static func lookUp(_ key: String, in bytes: UnsafeBufferPointer<UInt8>)
    throws(PlistParseError) -> TopLevelLookup
  {
    var walk = try BinaryWalk(bytes: bytes)
    guard bytes[try walk.reader.offset(of: walk.reader.trailer.topObject)] >> 4 == 0xD else {
      return .needsFullRead
    }
    let visitor = try key.withTemporaryUTF8 { (wanted) throws(PlistParseError) in
      var visitor = BinaryRootKeyVisitor(wanted: wanted, bytes: bytes)
      try walk.walkRoot(&visitor)
      return visitor
    }
    guard visitor.entries > 0 else { return .empty }
    guard let found = visitor.found else { return .missing }
    // The file passed the full read's checks and its budget.
    return .found(try value(ofObject: found, depth: 1, in: bytes))
  }
}

/// A string object of a checked file, compared with a key's UTF-8 bytes without making a
/// string.
struct BinaryStringKey {
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where the object starts.
  let start: Int

  func equals(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    var count = Int(bytes[start] & 0x0F)
    var payload = start + 1
    if count == 0x0F {
      let width = 1 << Int(bytes[start + 1] & 0x0F)
      count = Int(BinaryPlistTrailer.readUInt(bytes, at: start + 2, width: width))
      payload = start + 2 + width
    }
    if bytes[start] >> 4 == 0x5 {
      return Platform.bytesEqual(
        key, UnsafeBufferPointer(rebasing: bytes[payload..<(payload + count)]))
    }
    // UTF-16: at least one byte of UTF-8 per unit, so a longer string cannot be equal.
    guard count <= key.count else { return false }
    var utf8: [UInt8] = []
    utf8.reserveCapacity(key.count)
    _ = UTF16BigEndian.appendUTF8(
      UnsafeBufferPointer(rebasing: bytes[payload..<(payload + 2 * count)]), to: &utf8)
    return utf8.elementsEqual(key)
  }
}
