/// A `bplist00` file in the order the writers write its decoded tree: a container, then its
/// items, or its entries in key order (`KeyOrder`: UTF-16 units compared as numbers), the
/// last of repeated keys winning, each use of a shared object again. The converters that do
/// without a tree (binary to text, binary to binary) are its visitors.
///
/// Why a second order, and not `BinaryWalk` with an option: the writers need a dictionary's
/// keys sorted before its first value, and the tree reader meets problems in file order, so
/// a walk in key order would refuse bad files with another first error. The file is checked
/// first by the one walk in file order (`BinaryWalk`, skipping values): the errors are the
/// tree reader's, the expansion budget and depth are charged as the tree charges them,
/// values that a repeated key replaces are checked too. This walk then only orders, and its
/// reads cannot fail. The check costs a fifth of a conversion; the key-order walk it spares
/// its own checks (cycles, budget, a walk of the replaced values).
struct BinaryKeyOrderWalk {
  /// The file, checked in full.
  let reader: BinaryPlistReader
  /// The keys of the dictionaries being walked, innermost last: one array for all of them.
  private var keys: [BinaryKey] = []

  /// Checks the whole file as the tree reader reads it.
  ///
  /// - Throws: The tree reader's `PlistParseError` for a file it refuses.
  init(checking bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) {
    var check = try BinaryWalk(bytes: bytes)
    var skipping = BinarySkipVisitor()
    try check.walkRoot(&skipping)
    reader = check.reader
  }

  /// Walks the top object.
  mutating func walkRoot<V: BinaryKeyOrderVisitor>(_ visitor: inout V)
    throws(StreamingConversionFailure)
  {
    try walk(reader.trailer.topObject, depth: 0, &visitor)
  }

  private mutating func walk<V: BinaryKeyOrderVisitor>(
    _ index: Int, depth: Int, _ visitor: inout V
  ) throws(StreamingConversionFailure) {
    let at = try parsing { () throws(PlistParseError) in try reader.offset(of: index) }
    switch reader.bytes[at] >> 4 {
    case 0xA: try walkArray(at: at, depth: depth, &visitor)
    case 0xD: try walkDictionary(at: at, depth: depth, &visitor)
    default: try visitor.scalar(index, at: at, depth: depth, in: reader)
    }
  }

  private mutating func walkArray<V: BinaryKeyOrderVisitor>(
    at start: Int, depth: Int, _ visitor: inout V
  ) throws(StreamingConversionFailure) {
    let (count, refs) = try countAndReferences(at: start)
    try visitor.openArray(count: count, depth: depth)
    for position in 0..<count {
      let item = try parsing { () throws(PlistParseError) in
        try reader.reference(at: refs + position * reader.trailer.objectRefSize, from: start)
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
    let (count, refs) = try countAndReferences(at: start)
    let base = keys.count
    try parsing { () throws(PlistParseError) in
      try appendKeys(count: count, refs: refs, of: start)
    }
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

  /// A container's count and where its references start.
  private func countAndReferences(at start: Int) throws(StreamingConversionFailure)
    -> (count: Int, start: Int)
  {
    try parsing { () throws(PlistParseError) in
      try reader.countAndPayload(at: start, info: Int(reader.bytes[start] & 0x0F))
    }
  }

  /// Appends a dictionary's keys in key order, the last of repeated keys kept.
  private mutating func appendKeys(count: Int, refs: Int, of start: Int)
    throws(PlistParseError)
  {
    let width = reader.trailer.objectRefSize
    let base = keys.count
    var sorted = true
    for position in 0..<count {
      let object = try reader.reference(at: refs + position * width, from: start)
      let value = try reader.reference(at: refs + (count + position) * width, from: start)
      let key = try BinaryKey(object, value: value, in: reader)
      if sorted, let previous = keys.last, keys.count > base {
        sorted = previous.compare(key) < 0
      }
      keys.append(key)
    }
    // CoreFoundation, plistlib and plistctl write keys sorted: the sort is for the others.
    if sorted { return }
    if count <= 16 { insertionSort(base..<keys.count) } else { sortByUnits(from: base) }
    // Of equal keys, now side by side in file order, the last is kept.
    var kept = base
    for index in base..<keys.count {
      if index + 1 < keys.count, keys[index].compare(keys[index + 1]) == 0 {
        continue
      }
      keys[kept] = keys[index]
      kept += 1
    }
    keys.removeSubrange(kept...)
  }

  /// Sorts `keys[range]` by insertion, stably (the choice between equal keys needs it):
  /// most dictionaries are small, and this moves no key it need not and calls no closure.
  private mutating func insertionSort(_ range: Range<Int>) {
    for index in range.dropFirst() {
      let key = keys[index]
      var slot = index
      while slot > range.lowerBound, keys[slot - 1].compare(key) > 0 {
        keys[slot] = keys[slot - 1]
        slot -= 1
      }
      keys[slot] = key
    }
  }

  /// Sorts the keys from `base` on, stably, by a merge sort of their first eight units and
  /// their place, written here (the library's sort calls its comparison through a closure
  /// and moved 64-byte keys: 1,300 instructions a key of a large dictionary); keys alike
  /// in eight units are compared in full.
  private mutating func sortByUnits(from base: Int) {
    let count = keys.count - base
    let order = UnsafeMutableBufferPointer<SortKey>.allocate(capacity: count)
    let spare = UnsafeMutableBufferPointer<SortKey>.allocate(capacity: count)
    defer {
      order.deallocate()
      spare.deallocate()
    }
    for index in 0..<count {
      let key = keys[base + index]
      order[index] = SortKey(prefix: key.prefix, next: key.text.units(4), index: index)
    }
    keys.withUnsafeBufferPointer { all in
      let keys = UnsafeBufferPointer(rebasing: all[base...])
      @inline(__always) func precedes(_ a: SortKey, _ b: SortKey) -> Bool {
        if a.prefix != b.prefix { return a.prefix < b.prefix }
        if a.next != b.next { return a.next < b.next }
        let byKey = keys[a.index].text.compare(keys[b.index].text, known: 8)
        return byKey != 0 ? byKey < 0 : a.index < b.index
      }
      // Bottom-up: runs of `width` merged in pairs from one buffer into the other.
      var (from, to) = (order, spare)
      var width = 1
      while width < count {
        var low = 0
        while low < count {
          let middle = min(low + width, count)
          let high = min(low + 2 * width, count)
          var (i, j, k) = (low, middle, low)
          while i < middle && j < high {
            if precedes(from[j], from[i]) {
              to[k] = from[j]
              j += 1
            } else {
              to[k] = from[i]
              i += 1
            }
            k += 1
          }
          while i < middle {
            to[k] = from[i]
            (i, k) = (i + 1, k + 1)
          }
          while j < high {
            to[k] = from[j]
            (j, k) = (j + 1, k + 1)
          }
          low = high
        }
        swap(&from, &to)
        width *= 2
      }
      // `from` holds the order now.
      if from.baseAddress != order.baseAddress { _ = order.update(fromContentsOf: from) }
    }
    // Each key to its place, a cycle of the permutation at a time: a sorted copy of the keys
    // was 4.6 MB of the peak with the hard mix's root of 71,921.
    keys.withUnsafeMutableBufferPointer { all in
      let keys = UnsafeMutableBufferPointer(rebasing: all[base...])
      for start in 0..<count where order[start].index != start && order[start].index >= 0 {
        let first = keys[start]
        var slot = start
        while true {
          let from = order[slot].index
          order[slot].index = -1  // placed
          if from == start { break }
          keys[slot] = keys[from]
          slot = from
        }
        keys[slot] = first
      }
    }
  }

  private struct SortKey {
    let prefix: UInt64
    let next: UInt64
    var index: Int
  }
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

  /// Key object `object` of a checked file, a string, with its value.
  init(_ object: Int, value: Int, in reader: BinaryPlistReader)
    throws(PlistParseError)
  {
    self.object = object
    self.value = value
    at = try reader.offset(of: object)
    let marker = reader.bytes[at]
    let (count, characters) = try reader.countAndPayload(at: at, info: Int(marker & 0x0F))
    // Checked by the walk: inside the file.
    text = BinaryText(reader.bytes, characters: characters, count: count, marker: marker)
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
