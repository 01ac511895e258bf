// MARK: - A canonical binary domain with one key set

extension BinaryCanonicalDomain {
  /// The file with `key` set to `value`, as the writer writes the changed dictionary, or nil
  /// for a value this does not write (a container: the full write flattens it).
  ///
  /// The writer's objects are the root, then the keys and the values in key order, each new
  /// scalar where it first occurs, each container where it occurs followed by its own keys
  /// and values. Objects are known here by their old index (equal scalars have equal bytes
  /// in a canonical file), plus two for a new key and a new value; going over the new keys
  /// and values numbers them in the writer's order.
  func rewrite(setting key: String, to value: PlistValue) -> BinaryDomainRewrite? {
    switch value {
    case .array, .dictionary: return nil
    default: break
    }
    let keyBytes = Self.encoded { BinaryPlistWriter.appendString(key, to: $0) }
    let valueBytes = Self.encoded { BinaryPlistWriter.appendScalar(value, to: $0) }
    let objects = starts.count - 1
    let (newKey, newValue) = (objects, objects + 1)
    let (position, found) = keyBytes.withUnsafeBufferPointer { self.position(of: $0) }
    let keyObject =
      found ? position + 1 : keyBytes.withUnsafeBufferPointer { index(of: $0) } ?? newKey
    let valueObject =
      valueBytes.withUnsafeBufferPointer { index(of: $0) }
      ?? (keyObject == newKey && valueBytes == keyBytes ? newKey : newValue)
    var plan = BinaryDomainRewrite(
      domain: self, count: found ? count : count + 1, position: position, inserted: !found,
      keyObject: keyObject, valueObject: valueObject, keyBytes: keyBytes, valueBytes: valueBytes)
    plan.number()
    return plan
  }

  private static func encoded(_ write: (ByteOutput) -> Void) -> [UInt8] {
    let out = ByteOutput()
    write(out)
    return out.finish()
  }
}

/// A canonical binary domain with one key set: which objects the new file holds, in the
/// writer's order, and the writing of it (old scalars copied, in runs where they stay in a
/// row; old containers with their references renumbered).
struct BinaryDomainRewrite {
  let domain: BinaryCanonicalDomain
  /// The number of keys after the change.
  let count: Int
  /// The changed key's place among the keys.
  let position: Int
  /// Whether the key is new (inserted at `position`).
  let inserted: Bool
  /// The objects of the key and of its value: old indices, or `domain`'s object count for
  /// the new key's string and one more for a new value.
  let keyObject: Int
  let valueObject: Int
  let keyBytes: [UInt8]
  let valueBytes: [UInt8]
  /// Per object (old indices, then the two new ones), its index in the new file + 1
  /// (0 for none).
  private var numbers: [Int] = []
  /// The new file's objects after the root, in order.
  private var order: [Int] = []

  init(
    domain: BinaryCanonicalDomain, count: Int, position: Int, inserted: Bool, keyObject: Int,
    valueObject: Int, keyBytes: [UInt8], valueBytes: [UInt8]
  ) {
    self.domain = domain
    self.count = count
    self.position = position
    self.inserted = inserted
    self.keyObject = keyObject
    self.valueObject = valueObject
    self.keyBytes = keyBytes
    self.valueBytes = valueBytes
  }

  /// The object of the new file's key `i`.
  @inline(__always)
  private func key(_ i: Int) -> Int {
    if i < position || !inserted { return i + 1 }
    return i == position ? keyObject : i
  }

  /// The object of the new file's value `i`.
  @inline(__always)
  private func value(_ i: Int) -> Int {
    if i == position { return valueObject }
    return domain.values[i < position || !inserted ? i : i - 1]
  }

  /// Numbers the objects where they first occur: keys (all distinct, so key `i` is object
  /// `i + 1`), then values.
  fileprivate mutating func number() {
    numbers = Array(repeating: 0, count: domain.starts.count + 1)
    order.reserveCapacity(domain.starts.count)
    for i in 0..<count {
      order.append(key(i))
      numbers[key(i)] = i + 2
    }
    for i in 0..<count {
      if domain.hasContainers { visit(value(i)) } else { see(value(i)) }
    }
  }

  /// Numbers a value: a scalar where it first occurs; an old container where it is (never
  /// shared), then its keys and its values, as the writer flattens it.
  private mutating func visit(_ object: Int) {
    guard object < domain.starts.count - 1,
      let box = BinaryCanonicalDomain.container(domain.bytes, at: domain.starts[object])
    else { return see(object) }
    see(object)
    let width = domain.refSize
    for i in 0..<(box.isDictionary ? 2 * box.count : box.count) {
      let ref = Int(
        BinaryCanonicalDomain.readUInt(domain.bytes, at: box.references + i * width, width: width))
      if box.isDictionary && i < box.count { see(ref) } else { visit(ref) }
    }
  }

  @inline(__always)
  private mutating func see(_ object: Int) {
    guard numbers[object] == 0 else { return }
    order.append(object)
    numbers[object] = order.count + 1  // the root is 0, so the first object is 1
  }

  /// Writes the new file.
  func write(to out: ByteOutput) {
    let objects = order.count + 1
    let refSize = BinaryPlistWriter.byteWidth(UInt64(objects))
    let fileStart = out.position
    out.append("bplist00")
    BinaryPlistWriter.appendHeader(0xD0, count: count, to: out)
    for i in 0..<count { out.appendBigEndian(UInt64(i + 1), width: refSize) }
    for i in 0..<count { out.appendBigEndian(UInt64(numbers[value(i)] - 1), width: refSize) }
    var offsets: [Int] = []
    offsets.reserveCapacity(objects)
    offsets.append(BinaryPlistTrailer.headerLength)
    // Where the next object starts in the new file (a run's objects are not yet copied).
    var position = out.position - fileStart
    // A run of old objects that follow each other in both files, not yet copied.
    var run = 0..<0
    let oldObjects = domain.starts.count - 1
    for object in order {
      offsets.append(position)
      let isOld = object < oldObjects
      if isOld && domain.hasContainers,
        let box = BinaryCanonicalDomain.container(domain.bytes, at: domain.starts[object])
      {
        // Its references renumbered, in the new width.
        out.append(UnsafeBufferPointer(rebasing: domain.bytes[run]))
        run = 0..<0
        let start = domain.starts[object]
        out.append(UnsafeBufferPointer(rebasing: domain.bytes[start..<box.references]))
        let references = box.isDictionary ? 2 * box.count : box.count
        let width = domain.refSize
        for i in 0..<references {
          let ref = BinaryCanonicalDomain.readUInt(
            domain.bytes, at: box.references + i * width, width: width)
          out.appendBigEndian(UInt64(numbers[Int(ref)] - 1), width: refSize)
        }
        out.flushIfFull()
        position += box.references - start + references * refSize
        continue
      }
      if isOld && run.upperBound == domain.starts[object] {
        run = run.lowerBound..<domain.starts[object + 1]
      } else {
        out.append(UnsafeBufferPointer(rebasing: domain.bytes[run]))
        out.flushIfFull()
        run = isOld ? domain.starts[object]..<domain.starts[object + 1] : 0..<0
        if !isOld { keyOrValue(object) { out.append($0) } }
      }
      position += isOld ? domain.starts[object + 1] - domain.starts[object] : newLength(object)
    }
    out.append(UnsafeBufferPointer(rebasing: domain.bytes[run]))
    BinaryPlistWriter.appendTrailer(
      offsets: offsets, tableOffset: position, referenceSize: refSize, to: out)
  }

  private func newLength(_ object: Int) -> Int {
    object == domain.starts.count - 1 ? keyBytes.count : valueBytes.count
  }

  private func keyOrValue(_ object: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    (object == domain.starts.count - 1 ? keyBytes : valueBytes).withUnsafeBufferPointer(body)
  }
}
