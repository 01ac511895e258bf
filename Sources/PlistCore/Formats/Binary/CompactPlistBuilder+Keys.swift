// MARK: - Dictionary keys: their order and repeats

extension CompactPlistBuilder {
  /// Whether the keys of the pairs from `base` are strictly in key order. A list found so
  /// before is recognised by its ids (equal keys have equal ids), without comparing text.
  mutating func keysIncrease(from base: Int, count: Int) -> Bool {
    guard count > 1 else { return true }
    for list in keyLists.lists.reversed() where list.keys.count == count {
      var index = 0
      while index < count, list.keys[index] == pending[base + 2 * index] { index += 1 }
      if index == count { return true }
    }
    for index in 1..<count {
      let order = Self.compareKeys(
        plist.scalars.encoding(pending[base + 2 * index - 2]),
        plist.scalars.encoding(pending[base + 2 * index]))
      if order >= 0 { return false }
    }
    let keys = (0..<count).map { pending[base + 2 * $0] }
    let texts = keys.map { key -> [UInt8]? in
      let (units, wide) = Self.stringUnits(plist.scalars.encoding(key))
      return wide ? nil : Array(units)
    }
    keyLists.remember(keys, evenUnmatchable: true) { texts[$0] }
    return true
  }

  /// The indices of the pairs from `base` that a dictionary keeps, in key order: of
  /// repeated keys, the one given last (`KeyOrder.orderKeepingLast`).
  func keptInKeyOrder(from base: Int, count: Int) -> [Int] {
    let keys = (0..<count).map { pending[base + 2 * $0] }
    // Each key's units found once, not at each comparison (the pool is not appended to
    // while sorting, so they stay where they are).
    let units = keys.map { KeyUnits(plist.scalars.encoding($0)) }
    let order = (0..<count).sorted { a, b in
      if keys[a] == keys[b] { return a < b }
      return units[a].compare(units[b]) < 0
    }
    var kept: [Int] = []
    kept.reserveCapacity(count)
    for (position, index) in order.enumerated()
    where position + 1 == count || keys[order[position + 1]] != keys[index] {
      kept.append(index)
    }
    return kept
  }

  /// `KeyOrder.compare` on two string objects: their UTF-16 code units (an ASCII string's
  /// bytes are its units), then the shorter first.
  static func compareKeys(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    KeyUnits(a).compare(KeyUnits(b))
  }

  /// The code units of a string object: its payload, one byte per unit for ASCII (`0x5n`),
  /// two, high byte first, for UTF-16 (`0x6n`).
  struct KeyUnits {
    let bytes: UnsafeBufferPointer<UInt8>
    let wide: Bool

    init(_ object: UnsafeBufferPointer<UInt8>) {
      (bytes, wide) = CompactPlistBuilder.stringUnits(object)
    }

    /// Negative, zero or positive as `self` sorts before, with or after `other`.
    func compare(_ other: KeyUnits) -> Int {
      // Big-endian units compare as their bytes do, as ASCII does.
      if wide == other.wide { return Platform.compareBytes(bytes, other.bytes) }
      let count = wide ? bytes.count / 2 : bytes.count
      let otherCount = other.wide ? other.bytes.count / 2 : other.bytes.count
      for i in 0..<min(count, otherCount) {
        let (p, q) = (unit(i), other.unit(i))
        if p != q { return p - q }
      }
      return count - otherCount
    }

    @inline(__always)
    private func unit(_ i: Int) -> Int {
      wide ? Int(bytes[2 * i]) << 8 | Int(bytes[2 * i + 1]) : Int(bytes[i])
    }
  }

  /// The payload of a string object, and whether it is UTF-16 (`0x6n`) rather than ASCII.
  static func stringUnits(_ object: UnsafeBufferPointer<UInt8>)
    -> (UnsafeBufferPointer<UInt8>, wide: Bool)
  {
    let marker = object[0]
    // A count of 15 or more follows the marker as an integer object: `0x1w` and 2^w bytes.
    let headerLength = marker & 0x0F < 15 ? 1 : 2 + 1 << Int(object[1] & 0x0F)
    return (UnsafeBufferPointer(rebasing: object[headerLength...]), marker & 0xF0 == 0x60)
  }
}
