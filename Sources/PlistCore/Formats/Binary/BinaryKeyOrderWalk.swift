/// A `bplist00` file in the order the writers write its decoded tree: a container, then its
/// items, or its entries in key order (`KeyOrder`: UTF-16 units compared as numbers), the
/// last of repeated keys winning, each use of a shared object again. The converters that do
/// without a tree (binary to text, binary to binary) are its visitors.
///
/// Why a second order, and not `BinaryWalk` with an option: the writers need a dictionary's
/// keys sorted before its first value, where the tree reader meets each key and its value
/// in file order. The two orders share the visit step: this walk enters and leaves each
/// container through the file-order walk's (`BinaryWalk.enter`, `leave`, `references`:
/// offset, cycle, depth, budget), and hands every key and scalar, and each value that a
/// repeated key replaces, to that walk itself, which checks and charges it as the tree does
/// at every use (`BinaryUnfoldingCheckVisitor`; a scalar is read once, then only charged).
/// So it refuses exactly the files the tree reader refuses, in another order; on any failure
/// `firstError` has the file-order walk name the tree's first error, a second walk on the
/// error path only. (Checking the whole file in file order first was a fifth of a
/// conversion.)
struct BinaryKeyOrderWalk {
  /// The file-order walk whose visit step and checks this walk takes, keeping no extents:
  /// the budget is charged at each use, as this walk unfolds shared objects (their 8 bytes
  /// an object took binary to binary past 3 times the input).
  private var check: BinaryWalk
  /// Which scalars have been read and checked: a scalar used again is only charged.
  private let checked: CheckedScalars
  /// The keys of the dictionaries being walked, innermost last: one array for all of them.
  private var keys: [BinaryKey] = []

  /// The file's primitives (offsets, references, counts, ranges).
  var reader: BinaryPlistReader { check.reader }

  /// - Throws: `PlistParseError` when the header or trailer is invalid, as the tree reader
  ///   throws it.
  init(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) {
    check = try BinaryWalk(bytes: bytes, keepingExtents: false)
    checked = CheckedScalars(count: check.reader.trailer.objectCount)
  }

  /// Walks the top object.
  ///
  /// - Throws: The tree reader's first error for a file it refuses (`firstError`), else the
  ///   visitor's.
  mutating func walkRoot<V: BinaryKeyOrderVisitor>(_ visitor: inout V)
    throws(StreamingConversionFailure)
  {
    do { try walk(reader.trailer.topObject, depth: 0, &visitor) } catch {
      throw firstError(error)
    }
  }

  /// What to report for `failure`, met on the way or before it: the tree reader's first
  /// error when it refuses the file (the file-order walk run to find it), else `failure`, a
  /// value the visitor's format cannot hold.
  func firstError(_ failure: StreamingConversionFailure) -> StreamingConversionFailure {
    do {
      var fileOrder = try BinaryWalk(bytes: reader.bytes)
      var skipping = BinarySkipVisitor()
      try fileOrder.walkRoot(&skipping)
    } catch {
      return .parse(error)
    }
    if case .parse = failure { assertionFailure("the two walks disagree on a file: \(failure)") }
    return failure
  }

  private mutating func walk<V: BinaryKeyOrderVisitor>(
    _ index: Int, depth: Int, _ visitor: inout V
  ) throws(StreamingConversionFailure) {
    let at = try offset(of: index)
    let kind = reader.bytes[at] >> 4
    guard kind == 0xA || kind == 0xD else {
      try checkObject(index, at: at, depth: depth)
      return try visitor.scalar(index, at: at, depth: depth, in: reader)
    }
    try parsing { () throws(PlistParseError) in try check.enter(index, at: at) }
    if kind == 0xA {
      try walkArray(at: at, depth: depth, &visitor)
    } else {
      try walkDictionary(at: at, depth: depth, &visitor)
    }
    try parsing { () throws(PlistParseError) in try check.leave(index) }
  }

  /// Object `index`, at `at`, inside `depth` containers, checked and charged by the
  /// file-order walk; a scalar checked before is only charged.
  @inline(__always)
  private mutating func checkObject(_ index: Int, at: Int, depth: Int)
    throws(StreamingConversionFailure)
  {
    let isScalar = reader.bytes[at] >> 4 != 0xA && reader.bytes[at] >> 4 != 0xD
    if isScalar && checked.flags[index] {
      return try parsing { () throws(PlistParseError) in try check.reader.account(1) }
    }
    var checking = BinaryUnfoldingCheckVisitor()
    var height = 0
    try parsing { () throws(PlistParseError) in
      _ = try check.walk(index, depth: depth, height: &height, &checking)
    }
    if isScalar { checked.flags[index] = true }
  }

  /// An object's offset, checked.
  private func offset(of index: Int) throws(StreamingConversionFailure) -> Int {
    try parsing { () throws(PlistParseError) in try reader.offset(of: index) }
  }

  private mutating func walkArray<V: BinaryKeyOrderVisitor>(
    at start: Int, depth: Int, _ visitor: inout V
  ) throws(StreamingConversionFailure) {
    let refs = try references(at: start, depth: depth, isDictionary: false)
    let width = reader.trailer.objectRefSize
    let count = refs.count / width
    try visitor.openArray(count: count, depth: depth)
    for position in 0..<count {
      let item = try parsing { () throws(PlistParseError) in
        try reader.reference(at: refs.lowerBound + position * width, from: start)
      }
      visitor.item(position, depth: depth + 1)
      do { try walk(item, depth: depth + 1, &visitor) } catch {
        throw error.inside(String(position))
      }
    }
    visitor.closeArray(count: count, depth: depth)
  }

  private mutating func walkDictionary<V: BinaryKeyOrderVisitor>(
    at start: Int, depth: Int, _ visitor: inout V
  ) throws(StreamingConversionFailure) {
    let refs = try references(at: start, depth: depth, isDictionary: true)
    let base = keys.count
    let replaced = try appendKeys(
      count: refs.count / reader.trailer.objectRefSize, refs: refs.lowerBound, of: start,
      depth: depth)
    // Walked as the tree reader walks them, though no writer writes them.
    for value in replaced { try checkObject(value, at: try offset(of: value), depth: depth + 1) }
    let kept = keys.count - base
    try visitor.openDictionary(keys[base...], depth: depth, in: reader)
    for position in 0..<kept {
      // Keys of nested dictionaries come and go above `base` meanwhile.
      let key = keys[base + position]
      visitor.entry(position, key: key, depth: depth + 1, in: reader)
      do { try walk(key.value, depth: depth + 1, &visitor) } catch {
        throw error.inside(key.text.string)
      }
    }
    keys.removeSubrange(base...)
    visitor.closeDictionary(count: kept, depth: depth)
  }

  /// Where the references of the container at `start` are (a dictionary's keys), checked by
  /// the file-order walk's step with its depth.
  private func references(at start: Int, depth: Int, isDictionary: Bool)
    throws(StreamingConversionFailure) -> Range<Int>
  {
    try parsing { () throws(PlistParseError) in
      try check.references(at: start, depth: depth, isDictionary: isDictionary)
    }
  }

  /// Appends a dictionary's keys in key order, the last of repeated keys kept, each key
  /// checked and charged.
  ///
  /// - Returns: The values that repeated keys replace.
  private mutating func appendKeys(count: Int, refs: Int, of start: Int, depth: Int)
    throws(StreamingConversionFailure) -> [Int]
  {
    let width = reader.trailer.objectRefSize
    let base = keys.count
    // Room for them at once (grown as appending grows it): the hard mix's root of 71,921
    // keys went through five doublings past 200 kB, the last one to 7.5 MB.
    if keys.capacity < base + count { keys.reserveCapacity(max(base + count, 2 * keys.capacity)) }
    var sorted = true
    for position in 0..<count {
      let (object, value) = try parsing { () throws(PlistParseError) in
        (
          try reader.reference(at: refs + position * width, from: start),
          try reader.reference(at: refs + (count + position) * width, from: start)
        )
      }
      try checkObject(object, at: try offset(of: object), depth: depth + 1)
      let at = try parsing { () throws(PlistParseError) in
        try reader.stringKey(object, ofDictionaryAt: start)
      }
      let key = BinaryKey(object, at: at, value: value, in: reader.bytes)
      if sorted, let previous = keys.last, keys.count > base {
        sorted = previous.compare(key) < 0
      }
      keys.append(key)
    }
    // CoreFoundation, plistlib and plistctl write keys sorted: the sort is for the others.
    if sorted { return [] }
    keys.withUnsafeMutableBufferPointer { all in
      BinaryKeySort.sort(UnsafeMutableBufferPointer(rebasing: all[base...]))
    }
    // Of equal keys, now side by side in file order, the last is kept.
    var replaced: [Int] = []
    var kept = base
    for index in base..<keys.count {
      if index + 1 < keys.count, keys[index].compare(keys[index + 1]) == 0 {
        replaced.append(keys[index].value)
        continue
      }
      keys[kept] = keys[index]
      kept += 1
    }
    keys.removeSubrange(kept...)
    return replaced
  }
}

/// A flag per object, in a buffer of its own (`ObjectMarks` says why not an array).
final class CheckedScalars {
  let flags: UnsafeMutableBufferPointer<Bool>

  init(count: Int) {
    flags = .allocate(capacity: count)
    flags.initialize(repeating: false)
  }

  deinit { flags.deallocate() }
}

/// What the key-order walk hands a checked file's objects to (`BinaryKeyOrderWalk`).
protocol BinaryKeyOrderVisitor {
  /// Object `index`, a scalar, whose marker is at `start`.
  mutating func scalar(_ index: Int, at start: Int, depth: Int, in reader: BinaryPlistReader)
    throws(StreamingConversionFailure)
  /// An array of `count` items opens, inside `depth` containers.
  mutating func openArray(count: Int, depth: Int) throws(StreamingConversionFailure)
  /// An item of the innermost array comes next.
  mutating func item(_ position: Int, depth: Int)
  mutating func closeArray(count: Int, depth: Int)
  /// A dictionary opens, with the keys it keeps in order.
  mutating func openDictionary(
    _ keys: ArraySlice<BinaryKey>, depth: Int, in reader: BinaryPlistReader
  ) throws(StreamingConversionFailure)
  /// The value of `key` in the innermost dictionary comes next.
  mutating func entry(_ position: Int, key: BinaryKey, depth: Int, in reader: BinaryPlistReader)
  mutating func closeDictionary(count: Int, depth: Int)
}

/// A dictionary key of a checked file, sorted from the file's bytes with no `String` made:
/// ASCII bytes and UTF-16 units compare as the units they are.
struct BinaryKey {
  /// The key's object, and where its marker is.
  let object: Int
  let at: Int
  /// Its characters in the file.
  let text: BinaryText
  /// The value's object.
  let value: Int
  /// The first four units, high first, shorter keys padded with zeros: most comparisons end
  /// here.
  let prefix: UInt64

  /// Key object `object`, a string checked at `at`, with its value.
  init(_ object: Int, at: Int, value: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    self.object = object
    self.at = at
    self.value = value
    text = BinaryText(objectAt: at, in: bytes)
    prefix = text.units(0)
  }

  /// Negative, zero or positive as this key sorts before, equal to or after `other`.
  @inline(__always)
  func compare(_ other: BinaryKey) -> Int {
    if prefix != other.prefix { return prefix < other.prefix ? -1 : 1 }
    return text.compare(other.text, known: 4)
  }
}

extension StreamingConversionFailure {
  /// The failure of a value inside a container, at `component` of its path.
  func inside(_ component: String) -> StreamingConversionFailure {
    if case .encoding(let error) = self { return .encoding(error.inside(component)) }
    return self
  }
}
