/// The walk of a `bplist00` file in file order, written once and generic over what it hands
/// the objects to (`BinaryVisitor`): the tree, the check without values and the one-key
/// look-up run this code, so they refuse the same files with the same first error.
///
/// Each object is entered once: the walk checks its offset, refuses a cycle (an object on
/// the path to itself), goes down into its children, key before value, entry by entry, and
/// then records its extent (what it unfolds to and its height) for a later use, which is
/// charged and depth-checked from the record (`BinaryPlistReader+Limits`). Dictionaries are
/// visited in the file's order; the converters, which emit in key order, walk containers in
/// that order (`BinaryKeyOrderWalk`) with this walk's step (`enter`, `leave`, `references`)
/// and hand it every key and scalar to check.
struct BinaryWalk {
  /// The file's primitives (offsets, references, counts, ranges) and the expansion budget.
  var reader: BinaryPlistReader
  /// Per object: its extent once finished, and whether it is on the current path.
  let marks: ObjectMarks

  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - keepingExtents: Whether objects' extents are recorded (for visitors that keep
  ///     values).
  /// - Throws: `PlistParseError` when the header or trailer is invalid.
  init(bytes: UnsafeBufferPointer<UInt8>, keepingExtents: Bool = true) throws(PlistParseError) {
    reader = try BinaryPlistReader(bytes: bytes)
    marks = ObjectMarks(count: reader.trailer.objectCount, keepsExtents: keepingExtents)
  }

  var bytes: UnsafeBufferPointer<UInt8> { reader.bytes }

  /// Walks the top object.
  mutating func walkRoot<V: BinaryVisitor>(_ visitor: inout V) throws(PlistParseError)
    -> V.Value
  {
    var height = 0
    return try walk(reader.trailer.topObject, depth: 0, height: &height, &visitor)
  }

  /// Object `index`, inside `depth` containers; `height` is set to its height (the levels of
  /// containers it holds, itself included).
  mutating func walk<V: BinaryVisitor>(
    _ index: Int, depth: Int, height: inout Int, _ visitor: inout V
  ) throws(PlistParseError) -> V.Value {
    let at = try reader.offset(of: index)
    let keeps = visitor.keepsValues
    let finished = keeps ? marks.extents[index] : .none
    if finished.isFinished {
      let extents = marks.extents
      try reader.checkReuse(of: index, height: finished.height, depth: depth) {
        extents[$0].height
      }
      try reader.account(finished.size)
      height = finished.height
      return visitor.reuse(index)
    }
    try enter(index, at: at)
    let before = reader.expandedCount
    height = 0
    let value = try walkObject(at: at, depth: depth, height: &height, &visitor)
    try leave(index)
    if keeps {
      marks.extents[index] = ObjectExtent(size: reader.expandedCount - before, height: height)
      visitor.finish(index, value)
    }
    return value
  }

  /// Object `index`, at `at`, is entered unless it is on the path to itself (a cycle).
  @inline(__always)
  func enter(_ index: Int, at: Int) throws(PlistParseError) {
    guard !marks.onPath[index] else {
      throw PlistParseError(format: .binary, kind: .cycle(object: index), position: .byteOffset(at))
    }
    marks.onPath[index] = true
  }

  /// Object `index` is left, its children walked: it is charged to the budget.
  @inline(__always)
  mutating func leave(_ index: Int) throws(PlistParseError) {
    marks.onPath[index] = false
    try reader.account(1)
  }

  /// The object at `start`, not yet entered.
  @inline(__always)
  private mutating func walkObject<V: BinaryVisitor>(
    at start: Int, depth: Int, height: inout Int, _ visitor: inout V
  ) throws(PlistParseError) -> V.Value {
    let marker = bytes[start]
    switch marker >> 4 {
    case 0xA: return try walkArray(at: start, depth: depth, height: &height, &visitor)
    case 0xD: return try walkDictionary(at: start, depth: depth, height: &height, &visitor)
    default: return try reader.visitScalar(at: start, &visitor)
    }
  }

  private mutating func walkArray<V: BinaryVisitor>(
    at start: Int, depth: Int, height: inout Int, _ visitor: inout V
  ) throws(PlistParseError) -> V.Value {
    let refs = try references(at: start, depth: depth, isDictionary: false)
    var array = visitor.openArray()
    var inner = 0
    var at = refs.lowerBound
    while at < refs.upperBound {
      var itemHeight = 0
      let item = try walk(
        try reader.reference(at: at, from: start), depth: depth + 1, height: &itemHeight,
        &visitor)
      inner = max(inner, itemHeight)
      visitor.append(item, to: &array)
      at += reader.trailer.objectRefSize
    }
    height = inner + 1
    return visitor.closeArray(array)
  }

  private mutating func walkDictionary<V: BinaryVisitor>(
    at start: Int, depth: Int, height: inout Int, _ visitor: inout V
  ) throws(PlistParseError) -> V.Value {
    let keyRefs = try references(at: start, depth: depth, isDictionary: true)
    var dictionary = visitor.openDictionary(depth: depth)
    var inner = 0
    var keyAt = keyRefs.lowerBound
    var valueAt = keyRefs.upperBound
    while keyAt < keyRefs.upperBound {
      let keyIndex = try reader.reference(at: keyAt, from: start)
      var keyHeight = 0
      let key = try walk(keyIndex, depth: depth + 1, height: &keyHeight, &visitor)
      let keyStart = try reader.stringKey(keyIndex, ofDictionaryAt: start)
      let valueIndex = try reader.reference(at: valueAt, from: start)
      var valueHeight = 0
      let value = try walk(valueIndex, depth: depth + 1, height: &valueHeight, &visitor)
      inner = max(inner, valueHeight)
      visitor.add(
        key: key, value: value, to: &dictionary, keyAt: keyStart, valueObject: valueIndex)
      keyAt += reader.trailer.objectRefSize
      valueAt += reader.trailer.objectRefSize
    }
    height = inner + 1
    return visitor.closeDictionary(dictionary)
  }

  /// Checks the container at `start`, inside `depth` others: its depth, its count, and that
  /// its references (a dictionary's keys, then as many values) lie in the file.
  ///
  /// - Returns: Where its items' references are, or its keys'.
  func references(at start: Int, depth: Int, isDictionary: Bool)
    throws(PlistParseError) -> Range<Int>
  {
    try reader.checkContainerDepth(depth, at: start)
    let (count, payload) = try reader.countAndPayload(at: start)
    let first = try reader.referenceRange(payload, count, at: start)
    if isDictionary { _ = try reader.referenceRange(first.upperBound, count, at: start) }
    return first
  }

}

/// The walk's per-object state in two buffers of their own (arrays inside the walk were
/// checked for sharing at every write: 6 % of a look-up).
final class ObjectMarks {
  let extents: UnsafeMutableBufferPointer<ObjectExtent>
  let onPath: UnsafeMutableBufferPointer<Bool>

  /// - Parameters:
  ///   - count: How many objects the file has.
  ///   - keepsExtents: Whether there are extents to keep (none for a walk that unfolds).
  init(count: Int, keepsExtents: Bool) {
    extents = .allocate(capacity: keepsExtents ? count : 0)
    extents.initialize(repeating: .none)
    onPath = .allocate(capacity: count)
    onPath.initialize(repeating: false)
  }

  deinit {
    extents.deallocate()
    onPath.deallocate()
  }
}
