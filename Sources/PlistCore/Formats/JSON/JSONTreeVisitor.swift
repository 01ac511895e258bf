/// Builds the value tree of a JSON text. Values and keys of the open containers wait in
/// one buffer each, so that each container's array is allocated at its final size, and
/// objects with the key list of one read before share its key array (a JSON file's tree was
/// 4.5 times the file, and the XML file's 2.6 times).
struct JSONTreeVisitor: JSONVisitor {
  let children = PendingChildren<PlistValue>()
  let pendingKeys = PendingChildren<String>()
  var keyLists = KeyLists<String>()

  /// An open object: where its values and keys start among the pending ones, and the
  /// remembered key list every key so far has matched (its keys are then not collected).
  struct OpenObject {
    let valueBase: Int
    let keyBase: Int
    var shared: [String]?
    var count = 0
  }

  func string(_ utf8: UnsafeBufferPointer<UInt8>) -> PlistValue? {
    UTF8Text.string(utf8).map(PlistValue.string)
  }

  func scalar(_ value: PlistValue) -> PlistValue { value }

  func openArray() -> Int { children.count }
  func append(_ value: PlistValue, to array: inout Int) { children.append(value) }
  func closeArray(_ array: Int) -> PlistValue { .array(children.removeArray(from: array)) }

  func openObject() -> OpenObject {
    OpenObject(valueBase: children.count, keyBase: pendingKeys.count)
  }

  func key(_ utf8: UnsafeBufferPointer<UInt8>, in object: inout OpenObject) -> String? {
    guard let key = UTF8Text.string(utf8) else { return nil }
    let count = object.count
    if count == 0 {
      object.shared = keyLists.list { $0.hasSameUTF8(as: key) }?.keys
    } else if let list = object.shared, count >= list.count || !list[count].hasSameUTF8(as: key) {
      for earlier in list[..<count] { pendingKeys.append(earlier) }
      object.shared = nil
    }
    if object.shared == nil { pendingKeys.append(key) }
    return key
  }

  func add(_ key: String, _ value: PlistValue, to object: inout OpenObject) {
    children.append(value)
    object.count += 1
  }

  /// The object, its keys those collected (or the first of the shared list); key lists
  /// already in order are remembered for the objects that follow. Repeated keys: the last
  /// one wins.
  mutating func closeObject(_ object: OpenObject) -> PlistValue {
    let values = children.removeArray(from: object.valueBase)
    let count = object.count
    if let shared = object.shared, shared.count == count {
      return .dictionary(PlistDictionary(orderedKeys: shared, values: values))
    }
    let keys =
      object.shared.map { Array($0[..<count]) } ?? pendingKeys.removeArray(from: object.keyBase)
    guard KeyOrder.isStrictlyIncreasing(keys) else {
      return .dictionary(PlistDictionary(keys: keys, values: values))
    }
    keyLists.remember(keys, evenUnmatchable: true) { _ in nil }
    return .dictionary(PlistDictionary(orderedKeys: keys, values: values))
  }
}
