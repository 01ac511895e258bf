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
      if text(pending[base + 2 * index - 2]).compare(text(pending[base + 2 * index])) >= 0 {
        return false
      }
    }
    let keys = (0..<count).map { pending[base + 2 * $0] }
    let texts = keys.map { key -> [UInt8]? in
      let text = text(key)
      return text.isUTF16 ? nil : Array(text.bytes)
    }
    keyLists.remember(keys, evenUnmatchable: true) { texts[$0] }
    return true
  }

  /// The indices of the pairs from `base` that a dictionary keeps, in key order: of
  /// repeated keys, the one given last (`KeyOrder.orderKeepingLast`).
  func keptInKeyOrder(from base: Int, count: Int) -> [Int] {
    let keys = (0..<count).map { pending[base + 2 * $0] }
    // Each key's characters and first four units found once, not at each comparison (the
    // pool is not appended to while sorting, so they stay where they are).
    let texts = keys.map(text)
    let prefixes = texts.map { $0.units(0) }
    let order = (0..<count).sorted { a, b in
      if keys[a] == keys[b] { return a < b }
      if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] }
      return texts[a].compare(texts[b], known: 4) < 0
    }
    var kept: [Int] = []
    kept.reserveCapacity(count)
    for (position, index) in order.enumerated()
    where position + 1 == count || keys[order[position + 1]] != keys[index] {
      kept.append(index)
    }
    return kept
  }

  /// The characters of the string the pool holds at `index`.
  private func text(_ index: CompactPlist.Reference) -> BinaryText {
    BinaryText(objectAt: 0, in: plist.scalars.encoding(index))
  }
}
