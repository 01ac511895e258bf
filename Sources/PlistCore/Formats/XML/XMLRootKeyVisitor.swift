// MARK: - One root key, without building the other values

/// Looks up one key of a root dictionary: the whole document is walked, and so checked as a
/// full read checks it, but only the key's value is built; the other values are only
/// checked (`wants(_:in:)`). Of repeated keys, the last one counts, as in `PlistDictionary`.
struct XMLRootKeyVisitor: XMLVisitor {
  /// The key's UTF-8.
  let wanted: UnsafeBufferPointer<UInt8>
  /// Builds the key's value.
  var tree = XMLTreeVisitor()
  /// The key's value, once found.
  var found: PlistValue?
  /// How many entries the root dictionary has.
  var entries = 0

  /// A key: of the root, whether it is the wanted one; inside the wanted value, the tree's.
  enum Key {
    case root(wanted: Bool)
    case nested(String)
  }

  /// The root dictionary, or one inside the wanted value.
  enum OpenDictionary {
    case root
    case nested(XMLTreeVisitor.OpenDictionary)
  }

  static var usesReals: Bool { true }
  /// The root's keys are compared, never remembered; a wanted value is one value, rarely
  /// with dictionaries enough to share key lists.
  static var remembersKeys: Bool { false }

  /// What the look-up found, once the document is walked to `root`: a root that is not a
  /// dictionary is built in full by the walk (only the root dictionary's values are not).
  func result(root: PlistValue) -> TopLevelLookup {
    guard case .dictionary = root else { return .notADictionary(root) }
    if entries == 0 { return .empty }
    return found.map(TopLevelLookup.found) ?? .missing
  }

  func string(_ utf8: UnsafeBufferPointer<UInt8>) -> PlistValue? { tree.string(utf8) }
  func scalar(_ value: PlistValue) -> PlistValue { value }
  func data(base64 text: UnsafeBufferPointer<UInt8>) -> PlistValue? { tree.data(base64: text) }

  mutating func openArray() -> Int { tree.openArray() }
  mutating func append(_ value: PlistValue, to array: inout Int) {
    tree.append(value, to: &array)
  }
  mutating func close(_ array: Int) -> PlistValue { tree.close(array) }

  mutating func openDictionary(depth: Int) -> OpenDictionary {
    depth == 0 ? .root : .nested(tree.openDictionary(depth: depth))
  }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>, in dictionary: inout OpenDictionary)
    -> Key?
  {
    if case .root = dictionary {
      // A root key is only compared, never made into a string.
      guard XMLSkipVisitor().string(utf8) != nil else { return nil }
      return .root(wanted: Platform.bytesEqual(utf8, wanted))
    }
    guard case .nested(var inner) = dictionary else { return nil }
    defer { dictionary = .nested(inner) }
    return tree.key(utf8, in: &inner).map(Key.nested)
  }

  func wants(_ key: Key, in dictionary: OpenDictionary) -> Bool {
    if case .root(let wanted) = key { return wanted }
    return true
  }

  mutating func add(_ key: Key, _ value: PlistValue, to dictionary: inout OpenDictionary) {
    switch (key, dictionary) {
    case (.nested(let key), .nested(var inner)):
      tree.add(key, value, to: &inner)
      dictionary = .nested(inner)
    default:
      found = value
      entries += 1
    }
  }

  mutating func skip(_ key: Key, in dictionary: inout OpenDictionary) { entries += 1 }

  mutating func close(_ dictionary: OpenDictionary, uid: UInt64?) -> PlistValue {
    guard case .nested(let inner) = dictionary else {
      // The root's value is not built: `result` tells what was found.
      return uid.map(PlistValue.uid) ?? .dictionary([:])
    }
    return tree.close(inner, uid: uid)
  }
}

extension XMLPlistReader {
  /// The value of one key of a root dictionary (`XMLRootKeyVisitor`).
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - bytes: The whole document.
  /// - Returns: What was found; the root, when it is not a dictionary.
  /// - Throws: `PlistParseError`, as `read(_:)` throws it.
  static func lookUp(_ key: String, in bytes: UnsafeBufferPointer<UInt8>)
    throws(PlistParseError) -> TopLevelLookup
  {
    try key.withTemporaryUTF8 { (key) throws(PlistParseError) in
      try TextDecoder.withUTF8(bytes, format: .xml) { (text) throws(PlistParseError) in
        var reader = XMLPlistReader(text: text)
        var visitor = XMLRootKeyVisitor(wanted: key)
        let root = try reader.walkDocument(&visitor)
        return visitor.result(root: root)
      }
    }
  }
}
