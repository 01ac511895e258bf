/// A binary domain file that is exactly what `BinaryPlistWriter` writes for its dictionary,
/// seen as its objects' byte ranges, so that a write of one key can copy every other object's
/// bytes instead of parsing and encoding them (as `XMLCanonicalDomain` does for XML): the
/// result is byte for byte what a full read, change and write would give.
///
/// Only a root dictionary is taken, laid out as the writer lays it out: object 0 the
/// dictionary at offset 8; objects 1…N its keys, in key order; then its values in key order,
/// each scalar numbered where it first occurs, each array or dictionary where it occurs,
/// followed by its own keys and values the same way (`Walk`); every scalar in the one
/// encoding the writer gives its value (smallest headers and widths, ASCII strings as
/// bytes, the others as UTF-16, no 4-byte reals), no two alike; offsets contiguous,
/// references and offsets of the smallest width, the writer's trailer. Equal scalars then
/// have equal bytes, so the rewrite can unique them by their bytes. Anything else is not taken, and the caller does the full
/// write, which also reports every error. Every check of the full read holds for a file
/// taken (each of its objects is one the writer writes), so nothing it refuses is taken:
/// checking it with `BinaryWalk` too cost 45 M instructions of a 100,001-key domain for no
/// file more refused. `VisitorAgreement` (run by the tests and by the `xml` and `binary`
/// fuzz targets) checks that a file taken reads back and re-encodes to its own bytes.
struct BinaryCanonicalDomain {
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where each object starts, then where the offset table starts (one more entry).
  let starts: [Int]
  /// The number of keys (objects 1…count).
  let count: Int
  /// Per key, in key order, its value's object.
  let values: [Int]
  /// The width of a reference.
  let refSize: Int
  /// Every scalar, by its bytes.
  let table: ScalarTable
  /// Whether any value is an array or a dictionary (if not, the rewrite skips looking).
  let hasContainers: Bool

  /// The file's objects, or nil when it is not (provably) canonical.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let trailer = try? BinaryPlistTrailer(validating: bytes),
      let starts = Self.objectStarts(bytes, trailer),
      let root = Self.root(bytes, trailer, end: starts[1])
    else { return nil }
    self.bytes = bytes
    self.starts = starts
    count = root.count
    let width = trailer.objectRefSize
    refSize = width
    // Keys: objects 1…N (none is earlier, and none repeats).
    var walk = Walk(
      bytes: bytes, starts: starts, width: width, objects: trailer.objectCount, next: 1)
    guard walk.keys(at: root.keys, count: count) else { return nil }
    // Values: each scalar an earlier object or the next one; containers numbered in place.
    var values: [Int] = []
    values.reserveCapacity(count)
    var at = root.keys + count * width
    for _ in 0..<count {
      let ref = Int(BinaryPlistTrailer.readUInt(bytes, at: at, width: width))
      // A scalar (the common case) checked here, as `Walk.value` would check it.
      let type = ref >= 1 && ref < trailer.objectCount ? bytes[starts[ref]] >> 4 : 0xA
      if type != 0xA && type != 0xD && ref <= walk.next {
        if ref == walk.next { walk.next += 1 }
      } else {
        guard walk.value(ref, depth: 1) else { return nil }
      }
      values.append(ref)
      at += width
    }
    guard walk.next == trailer.objectCount,
      let (table, containers) = Self.uniqueObjects(bytes, starts)
    else { return nil }
    self.values = values
    self.table = table
    hasContainers = containers
  }

  /// The bytes of object `index`.
  func object(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]])
  }

  /// The object whose bytes are `encoded`, if there is one.
  func index(of encoded: UnsafeBufferPointer<UInt8>) -> Int? {
    table.find(hash: table.hash(bytes: encoded)) { Platform.bytesEqual(object($0), encoded) }.0
  }

  /// Where a key is among the keys, or where it would go: (index, found). `encoded` is the
  /// key's string object as the writer writes it.
  func position(of encoded: UnsafeBufferPointer<UInt8>) -> (index: Int, found: Bool) {
    let key = BinaryText(objectAt: 0, in: encoded)
    func order(_ index: Int) -> Int { Self.string(bytes, at: starts[index + 1])?.compare(key) ?? 0 }
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if order(middle) < 0 {
        low = middle + 1
      } else {
        high = middle
      }
    }
    let found = low < count && order(low) == 0
    return (low, found)
  }

  /// Whether a key is there, with its value; nil when its value cannot be decoded (which
  /// the full read's checks rule out).
  func value(ofKey key: String) -> (found: Bool, value: PlistValue?)? {
    let out = ByteOutput()
    BinaryPlistWriter.appendString(key, to: out)
    let (index, found) = out.finish().withUnsafeBufferPointer { position(of: $0) }
    guard found else { return (false, nil) }
    guard let value = try? BinaryPlistReader.value(ofObject: values[index], depth: 1, in: bytes)
    else { return nil }
    return (true, value)
  }

  // MARK: - Reading the layout

  /// The offset table, checked to run from 8 with contiguous objects, each a canonical
  /// scalar after the root; with the table's own offset appended.
  private static func objectStarts(
    _ bytes: UnsafeBufferPointer<UInt8>, _ trailer: BinaryPlistTrailer
  ) -> [Int]? {
    let objects = trailer.objectCount
    let tableOffset = trailer.offsetTableOffset
    let width = trailer.offsetIntSize
    let t = bytes.count - BinaryPlistTrailer.length
    guard trailer.topObject == 0,
      trailer.objectRefSize == BinaryPlistWriter.byteWidth(UInt64(objects)),
      width == BinaryPlistWriter.byteWidth(UInt64(tableOffset)),
      bytes[t..<(t + 6)].allSatisfy({ $0 == 0 })
    else { return nil }
    var starts: [Int] = []
    starts.reserveCapacity(objects + 1)
    var expected = BinaryPlistTrailer.headerLength
    var entry = tableOffset
    for index in 0..<objects {
      let start = Int(BinaryPlistTrailer.readUInt(bytes, at: entry, width: width))
      guard start == expected else { return nil }
      starts.append(start)
      entry += width
      if index == 0 {
        // The root's length, checked by `root`; its end is the next start.
        expected =
          index + 1 < objects
          ? Int(BinaryPlistTrailer.readUInt(bytes, at: entry, width: width)) : tableOffset
        guard expected > start, expected <= tableOffset else { return nil }
        continue
      }
      let type = bytes[start] >> 4
      let isContainer = type == 0xA || type == 0xD
      guard
        let length = isContainer
          ? containerLength(bytes, at: start, end: tableOffset, refSize: trailer.objectRefSize)
          : scalarLength(bytes, at: start, end: tableOffset)
      else { return nil }
      expected = start + length
    }
    guard expected == tableOffset else { return nil }
    starts.append(tableOffset)
    return starts
  }

  /// The root dictionary at offset 8 with a canonical header, ending at `end`: its entry
  /// count and where its key references start.
  private static func root(
    _ bytes: UnsafeBufferPointer<UInt8>, _ trailer: BinaryPlistTrailer, end: Int
  ) -> (count: Int, keys: Int)? {
    let start = BinaryPlistTrailer.headerLength
    guard bytes[start] >> 4 == 0xD, let (count, keys) = header(bytes, at: start, end: end),
      count.multipliedReportingOverflow(by: 2 * trailer.objectRefSize).partialValue
        == end - keys,
      count < trailer.objectCount
    else { return nil }
    return (count, keys)
  }

  /// Every scalar in a table by its bytes, and whether there are containers; nil when two
  /// scalars are alike.
  private static func uniqueObjects(_ bytes: UnsafeBufferPointer<UInt8>, _ starts: [Int])
    -> (ScalarTable, containers: Bool)?
  {
    // Room for every object without growing.
    var table = ScalarTable(capacity: starts.count)
    var containers = false
    for index in 1..<(starts.count - 1) {
      // Containers are never shared: only scalars must be unique.
      let type = bytes[starts[index]] >> 4
      if type == 0xA || type == 0xD {
        containers = true
        continue
      }
      let encoded = UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]])
      let hash = table.hash(bytes: encoded)
      let (found, slot) = table.find(hash: hash) { other in
        Platform.bytesEqual(
          UnsafeBufferPointer(rebasing: bytes[starts[other]..<starts[other + 1]]), encoded)
      }
      guard found == nil else { return nil }
      table.insert(index, hash: hash, at: slot)
    }
    return (table, containers)
  }
}
