// MARK: - A canonical binary domain with one key set

extension BinaryCanonicalDomain {
  /// The file with `key` set to `value`, as the writer writes the changed dictionary, or nil
  /// for a value this does not write (a container: the full write numbers it).
  ///
  /// Objects are known here by their old index (equal scalars have equal bytes in a
  /// canonical file), plus two for a new key and a new value; going over the new keys and
  /// values numbers them in the writer's order (`BinaryWriterOrder`).
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
    // Only for more objects than a file holds: the full write reports it.
    guard (try? plan.number()) != nil else { return nil }
    return plan
  }

  private static func encoded(_ write: (ByteOutput) -> Void) -> [UInt8] {
    let out = ByteOutput()
    write(out)
    return out.finish()
  }
}

/// A canonical binary domain with one key set: which objects the new file holds, in the
/// writer's order, and the writing of it (old scalars copied, old containers with their
/// references renumbered).
struct BinaryDomainRewrite: BinaryScalarEncoder {
  typealias Failure = Never
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
  /// Per scalar (old indices, then the two new ones), its number in the new file + 1 (0
  /// until it is met). Containers are never shared, so they need none.
  private var numbers: [UInt32] = []
  /// The new file's objects; a scalar's handle is its index here.
  var order = BinaryWriterOrder()

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

  /// Numbers the root, its keys, then its values.
  fileprivate mutating func number() throws(PlistEncodingError) {
    numbers = Array(repeating: 0, count: domain.starts.count + 1)
    order = BinaryWriterOrder(objects: domain.starts.count + 1, references: 2 * count + 1)
    try order.open(isDictionary: true, count: count)
    for i in 0..<count { try see(key(i)) }
    for i in 0..<count {
      if domain.hasContainers { try visit(value(i)) } else { try see(value(i)) }
    }
    order.close()
  }

  /// Numbers a value: a scalar where it first occurs; an old container, then its keys and
  /// its values, as the writer numbers it.
  private mutating func visit(_ object: Int) throws(PlistEncodingError) {
    guard object < domain.starts.count - 1,
      let box = BinaryCanonicalDomain.container(domain.bytes, at: domain.starts[object])
    else { return try see(object) }
    try order.open(isDictionary: box.isDictionary, count: box.count)
    let width = domain.refSize
    for i in 0..<(box.isDictionary ? 2 * box.count : box.count) {
      let ref = Int(
        BinaryPlistTrailer.readUInt(domain.bytes, at: box.references + i * width, width: width))
      if box.isDictionary && i < box.count { try see(ref) } else { try visit(ref) }
    }
    order.close()
  }

  @inline(__always)
  private mutating func see(_ object: Int) throws(PlistEncodingError) {
    if numbers[object] != 0 { return order.refer(to: numbers[object] - 1) }
    numbers[object] = try order.add(scalar: UInt64(object)) + 1
  }

  /// Writes scalar `handle`: an old object's bytes, or the new key's or value's.
  func append(_ handle: UInt64, to out: ByteOutput) {
    let object = Int(handle)
    if object < domain.starts.count - 1 {
      let start = domain.starts[object]
      out.append(UnsafeBufferPointer(rebasing: domain.bytes[start..<domain.starts[object + 1]]))
    } else {
      out.append(object == domain.starts.count - 1 ? keyBytes : valueBytes)
    }
  }
}
