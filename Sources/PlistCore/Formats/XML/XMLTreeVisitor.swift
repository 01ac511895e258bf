/// Builds the value tree (`PlistValue`) of an XML document: what `PropertyList.decode` reads.
///
/// Dictionaries that repeat a key list read before share its key array (`KeyLists`): their
/// keys are matched as bytes and never made into strings again.
struct XMLTreeVisitor: XMLVisitor {
  /// Values of the open arrays and dictionaries; made on the first container, as a one-key
  /// look-up of a scalar needs neither (each generic class costs the runtime 7 k
  /// instructions to set up on first use).
  lazy var children = PendingChildren<PlistValue>()
  /// The keys of the open dictionaries that share no list, made as `children` is.
  lazy var pendingKeys = PendingChildren<String>()
  var keyLists = KeyLists<String>()

  /// An open dictionary: where its values and keys start among the pending ones, and the
  /// remembered list every key so far has matched, if any (its keys are then not collected).
  struct OpenDictionary {
    let valueBase: Int
    let keyBase: Int
    var list: KeyLists<String>.List?
    var count = 0
  }

  static var usesReals: Bool { true }
  static var remembersKeys: Bool { true }

  @inline(__always)
  func string(_ utf8: UnsafeBufferPointer<UInt8>) -> PlistValue? {
    UTF8Text.string(utf8).map(PlistValue.string)
  }

  func scalar(_ value: PlistValue) -> PlistValue { value }

  func data(base64 text: UnsafeBufferPointer<UInt8>) -> PlistValue? {
    do throws(Base64.DecodeFailure) {
      return .data(PlistData(try Base64.decode(text)))
    } catch {
      return nil
    }
  }

  mutating func openArray() -> Int { children.count }

  @inline(__always)
  mutating func append(_ value: PlistValue, to array: inout Int) { children.append(value) }

  mutating func close(_ array: Int) -> PlistValue { .array(children.removeArray(from: array)) }

  mutating func openDictionary(depth: Int) -> OpenDictionary {
    OpenDictionary(valueBase: children.count, keyBase: pendingKeys.count)
  }

  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>, in dictionary: inout OpenDictionary)
    -> String?
  {
    guard let key = UTF8Text.string(utf8) else { return nil }
    if let list = dictionary.list {
      // The list no longer holds: the keys matched so far are collected after all.
      for earlier in list.keys[..<dictionary.count] { pendingKeys.append(earlier) }
      dictionary.list = nil
    }
    pendingKeys.append(key)
    return key
  }

  @inline(__always)
  mutating func knownKey(at text: UnsafeBufferPointer<UInt8>, in dictionary: inout OpenDictionary)
    -> (key: String, length: Int)?
  {
    keyLists.knownKey(at: text, index: dictionary.count, list: &dictionary.list)
  }

  @inline(__always)
  mutating func add(_ key: String, _ value: PlistValue, to dictionary: inout OpenDictionary) {
    children.append(value)
    dictionary.count += 1
  }

  mutating func close(_ dictionary: OpenDictionary, uid: UInt64?) -> PlistValue {
    let values = children.removeArray(from: dictionary.valueBase)
    let count = dictionary.count
    if let list = dictionary.list {
      let keys = list.keys
      if uid == nil && keys.count == count {
        return .dictionary(PlistDictionary(orderedKeys: keys, values: values))
      }
      if let uid { return .uid(uid) }
      return .dictionary(makeDictionary(keys: Array(keys[..<count]), values: values))
    }
    let keys = pendingKeys.removeArray(from: dictionary.keyBase)
    if let uid { return .uid(uid) }
    return .dictionary(makeDictionary(keys: keys, values: values))
  }

  /// A dictionary from the keys as read; key lists already in order are remembered for the
  /// dictionaries that follow.
  private mutating func makeDictionary(keys: [String], values: [PlistValue]) -> PlistDictionary {
    guard KeyOrder.isStrictlyIncreasing(keys) else {
      return PlistDictionary(keys: keys, values: values)
    }
    keyLists.remember(keys) { Array(keys[$0].utf8) }
    return PlistDictionary(orderedKeys: keys, values: values)
  }
}
