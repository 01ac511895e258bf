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
    if BinaryText(objectAt: keyAt, in: bytes).equals(utf8: wanted) { found = valueObject }
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
  /// - Returns: What was found; the root, when it is not a dictionary.
  /// - Throws: `PlistParseError`, as `read(_:)` throws it.
  static func lookUp(_ key: String, in bytes: UnsafeBufferPointer<UInt8>)
    throws(PlistParseError) -> TopLevelLookup
  {
    var walk = try BinaryWalk(bytes: bytes)
    guard bytes[try walk.reader.offset(of: walk.reader.trailer.topObject)] >> 4 == 0xD else {
      // Read in full by this walk, as `read(_:)` reads it.
      var tree = BinaryTreeVisitor(objectCount: walk.reader.trailer.objectCount)
      return .notADictionary(try walk.walkRoot(&tree))
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
