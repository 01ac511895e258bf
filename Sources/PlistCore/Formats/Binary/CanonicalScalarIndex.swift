/// `BinaryToBinaryConverter`'s uniquing table: output objects by the hash of their canonical
/// encoding. Smaller than the writer's `ScalarTable` (4 bytes and a one-byte tag per slot,
/// three quarters full at most, sized once), because on this path the table is a large part
/// of what is held beside the input: a file cannot hold more distinct scalars than it has
/// scalar objects, so the table never grows.
struct CanonicalScalarIndex {
  /// Per slot, the output object + 1 (0: empty).
  private var slots: [UInt32]
  /// Per slot, eight more bits of the hash: most mismatches are settled without encoding
  /// the stored object again.
  private var tags: [UInt8]
  private let seed = UInt64.random(in: .min ... .max)

  /// - Parameter capacity: The most objects it will hold.
  init(capacity: Int) {
    var count = 1024
    while count < capacity + capacity / 3 { count *= 2 }
    slots = [UInt32](repeating: 0, count: count)
    tags = [UInt8](repeating: 0, count: count)
  }

  /// The output object whose encoding `matches` says is equal, or nil and the slot where
  /// `insert` records a new one.
  func find(hash: UInt64, matching matches: (Int) -> Bool) -> (Int?, Int) {
    let mask = slots.count - 1
    let tag = UInt8(truncatingIfNeeded: hash >> 56)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      if tags[slot] == tag, matches(Int(slots[slot]) - 1) { return (Int(slots[slot]) - 1, slot) }
      slot = (slot + 1) & mask
    }
    return (nil, slot)
  }

  /// Records output object `object` (below 2^32 - 1) in the slot `find` returned.
  mutating func insert(_ object: Int, hash: UInt64, at slot: Int) {
    slots[slot] = UInt32(object + 1)
    tags[slot] = UInt8(truncatingIfNeeded: hash >> 56)
  }

  /// A seeded hash of an encoding (the writer's table's hash, under this index's seed).
  func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    ScalarTable.hash(bytes: bytes, seed: seed)
  }
}
