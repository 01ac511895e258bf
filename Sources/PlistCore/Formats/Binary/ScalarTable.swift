/// The binary writers' one uniquing table: equal scalars (same type, same bits, or the same
/// encoded bytes) map to one entry, for the tree's writer, the compact storage's pool, the
/// binary-to-binary converter and the canonical domain's index. Open addressing with linear
/// probing over a seeded multiply-mix hash, because `Dictionary`'s SipHash dominated the
/// writer's profile. The seed is random per table, so crafted collisions cannot make writing
/// quadratic on purpose.
///
/// At most three quarters full, and no larger than that needs: a table is sized for the
/// entries its caller expects (the converter's, for every scalar object of the file), not
/// rounded up to a power of two, which had left some tables nearly twice the room they used
/// (on binary → binary, the table is a large part of what is held beside the input). What an
/// entry is stays the caller's: it says whether an entry is the one looked for.
struct ScalarTable {
  /// Per slot: the entry + 1 in the low 32 bits (0 marks an empty slot) and the high half of
  /// its hash in the high 32 bits. That half places it (so the table grows without asking
  /// for any hash again) and settles most mismatches without looking at the entry, in the
  /// one cache line the probe reads anyway.
  private var slots: [UInt64]
  private var count = 0
  private let seed = UInt64.random(in: .min ... .max)

  /// - Parameter capacity: How many entries it takes before it grows. Estimates from an
  ///   input's size are held to 2^24 slots (128 MB) at first: a huge input with few distinct
  ///   scalars should not pay for room it never uses (beyond that, the table grows).
  init(capacity: Int = 0) {
    slots = Self.emptySlots(min(max(1024, capacity + capacity / 3 + 1), 1 << 24))
  }

  /// Zeroed slots; a large table asks for huge pages before its zeros are written (the
  /// tables a 10 MB plist grew through took 1,000 page faults).
  private static func emptySlots(_ size: Int) -> [UInt64] {
    [UInt64](unsafeUninitializedCapacity: size) { buffer, initialized in
      Platform.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
      buffer.initialize(repeating: 0)
      initialized = size
    }
  }

  /// The slot where a hash's high half starts its probe: that half scaled to the slots'
  /// count (a multiply and a shift, where a power-of-two count would take a mask).
  @inline(__always)
  private static func home(_ tag: UInt64, among count: Int) -> Int {
    Int(truncatingIfNeeded: (tag &* UInt64(count)) >> 32)
  }

  /// The entry that `matches` says is the one looked for, or nil; when nil, the slot for it
  /// is returned too, to record it with `insert`.
  func find(hash: UInt64, matching matches: (Int) -> Bool) -> (Int?, Int) {
    let tag = hash >> 32
    var slot = Self.home(tag, among: slots.count)
    while slots[slot] != 0 {
      let stored = slots[slot]
      if stored >> 32 == tag, matches(Int(stored & 0xFFFF_FFFF) - 1) {
        return (Int(stored & 0xFFFF_FFFF) - 1, slot)
      }
      slot = slot + 1 == slots.count ? 0 : slot + 1
    }
    return (nil, slot)
  }

  /// Records `entry` (below 2^32 - 1) in the slot `find` returned.
  mutating func insert(_ entry: Int, hash: UInt64, at slot: Int) {
    slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(entry + 1)
    count += 1
    if count * 4 > slots.count * 3 { grow() }
  }

  /// Doubles the slots.
  private mutating func grow() {
    let old = slots
    slots = Self.emptySlots(old.count * 2)
    for stored in old where stored != 0 {
      var target = Self.home(stored >> 32, among: slots.count)
      while slots[target] != 0 { target = target + 1 == slots.count ? 0 : target + 1 }
      slots[target] = stored
    }
  }

  // MARK: - Identity

  /// Type and exact bits: `1`, `1.0` and `true` differ; strings compare by UTF-8 bytes.
  static func same(_ a: PlistValue, _ b: PlistValue) -> Bool {
    switch (a, b) {
    case (.string(let x), .string(let y)): return x.hasSameUTF8(as: y)
    case (.integer(let x), .integer(let y)): return x == y
    case (.real(let x), .real(let y)): return x.bitPattern == y.bitPattern
    case (.boolean(let x), .boolean(let y)): return x == y
    case (.date(let x), .date(let y)):
      return x.secondsSinceReferenceDate.bitPattern == y.secondsSinceReferenceDate.bitPattern
    case (.data(let x), .data(let y)):
      return x.bytes.withUnsafeBufferPointer { p in
        y.bytes.withUnsafeBufferPointer { Platform.bytesEqual(p, $0) }
      }
    case (.uid(let x), .uid(let y)): return x == y
    default: return false
    }
  }

  /// The hash of a scalar, by type and exact bits.
  func hash(_ scalar: PlistValue) -> UInt64 {
    switch scalar {
    case .string(let s):
      var copy = s
      return copy.withUTF8 { mix(bytes: $0, tag: 1) }
    case .integer(let i): return mix(i.bitPattern ^ (i.isNegative ? 1 << 63 : 0), tag: 2)
    case .real(let r): return mix(r.bitPattern, tag: 3)
    case .boolean(let b): return mix(b ? 1 : 0, tag: 4)
    case .date(let d): return mix(d.secondsSinceReferenceDate.bitPattern, tag: 5)
    case .data(let d): return d.bytes.withUnsafeBufferPointer { mix(bytes: $0, tag: 6) }
    case .uid(let u): return mix(u, tag: 7)
    case .array, .dictionary: return 0
    }
  }

  private func mix(_ word: UInt64, tag: UInt64) -> UInt64 {
    Self.mix(word, seed: seed, tag: tag)
  }

  private static func mix(_ word: UInt64, seed: UInt64, tag: UInt64) -> UInt64 {
    var h = (seed ^ tag) &+ word &* 0x9E37_79B9_7F4A_7C15
    h = (h ^ (h >> 32)) &* 0xD6E8_FEB8_6659_FD93
    return h ^ (h >> 32)
  }

  /// The hash of an object's encoded bytes.
  func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { mix(bytes: bytes, tag: 8) }

  private func mix(bytes: UnsafeBufferPointer<UInt8>, tag: UInt64) -> UInt64 {
    Self.mix(bytes: bytes, seed: seed, tag: tag)
  }

  private static func mix(bytes: UnsafeBufferPointer<UInt8>, seed: UInt64, tag: UInt64)
    -> UInt64
  {
    var h = seed ^ tag ^ UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
    let raw = UnsafeRawBufferPointer(bytes)
    var i = 0
    while i + 8 <= raw.count {
      h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xD6E8_FEB8_6659_FD93
      h ^= h >> 29
      i += 8
    }
    var tail: UInt64 = 0
    if i < raw.count && raw.count >= 8 {
      // The last eight bytes in one load (overlapping those already mixed).
      tail = raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)
    } else {
      while i < raw.count {
        tail = tail << 8 | UInt64(raw[i])
        i += 1
      }
    }
    return mix(h ^ tail, seed: seed, tag: tag)
  }
}
