/// Builds the value tree (`PlistValue`) of a binary file: what `PropertyList.decode` reads.
/// Each object is decoded once and its value kept, so a shared object is shared in the tree.
struct BinaryTreeVisitor: BinaryVisitor {
  /// The value of each finished object, by object number.
  var values: [PlistValue?]

  /// An open dictionary's keys and values, in the file's order.
  struct OpenDictionary {
    var keys: [String] = []
    var values: [PlistValue] = []
  }

  /// - Parameter objectCount: How many objects the file has (bounded by its size); 0 to
  ///   keep no values, for one value of a file already checked.
  init(objectCount: Int) { values = Array(repeating: nil, count: objectCount) }

  var keepsValues: Bool { !values.isEmpty }

  func scalar(_ value: PlistValue) -> PlistValue { value }
  func data(_ bytes: UnsafeBufferPointer<UInt8>) -> PlistValue { .data(PlistData(Array(bytes))) }

  func ascii(_ bytes: UnsafeBufferPointer<UInt8>) -> PlistValue {
    .string(String(decoding: bytes, as: UTF8.self))
  }

  func utf16(_ units: UnsafeBufferPointer<UInt8>) -> PlistValue? {
    var utf8: [UInt8] = []
    guard UTF16BigEndian.appendUTF8(units, to: &utf8) else { return nil }
    return .string(String(decoding: utf8, as: UTF8.self))
  }

  func openArray() -> [PlistValue] { [] }

  @inline(__always)
  func append(_ value: PlistValue, to array: inout [PlistValue]) { array.append(value) }

  func closeArray(_ array: [PlistValue]) -> PlistValue { .array(array) }

  func openDictionary(depth: Int) -> OpenDictionary { OpenDictionary() }

  func add(
    key: PlistValue, value: PlistValue, to dictionary: inout OpenDictionary, keyAt: Int,
    valueObject: Int
  ) {
    // The walk has checked that the key is a string object.
    guard case .string(let key) = key else { return }
    dictionary.keys.append(key)
    dictionary.values.append(value)
  }

  func closeDictionary(_ dictionary: OpenDictionary) -> PlistValue {
    .dictionary(PlistDictionary(keys: dictionary.keys, values: dictionary.values))
  }

  @inline(__always)
  func reuse(_ index: Int) -> PlistValue {
    // The walk reuses only objects this visitor finished, and it keeps each one's value.
    guard let value = values[index] else { preconditionFailure("object \(index) has no value") }
    return value
  }

  @inline(__always)
  mutating func finish(_ index: Int, _ value: PlistValue) { values[index] = value }
}

extension BinaryPlistReader {
  /// Parses a whole file (`BinaryWalk` with `BinaryTreeVisitor`).
  static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistValue {
    var walk = try BinaryWalk(bytes: bytes)
    var tree = BinaryTreeVisitor(objectCount: walk.reader.trailer.objectCount)
    return try walk.walkRoot(&tree)
  }

  /// The value of object `index` of a file already checked in full, as the tree holds it
  /// inside `depth` containers, the top object's path open.
  ///
  /// - Throws: `PlistParseError`, as `read(_:)` would for it.
  static func value(ofObject index: Int, depth: Int, in bytes: UnsafeBufferPointer<UInt8>)
    throws(PlistParseError) -> PlistValue
  {
    // Checked in full, the file unfolds within its budget: the value is built as it
    // unfolds, shared objects decoded at each use, with no table per object.
    var walk = try BinaryWalk(bytes: bytes, keepingExtents: false)
    walk.marks.onPath[walk.reader.trailer.topObject] = true
    var tree = BinaryTreeVisitor(objectCount: 0)
    var height = 0
    return try walk.walk(index, depth: depth, height: &height, &tree)
  }
}
