/// The dictionary key order of CoreFoundation's writers: UTF-16 code units, compared as
/// numbers (case-sensitive, no normalisation). It equals byte order on UTF-8 except that
/// characters above U+FFFF (surrogate pairs in UTF-16) sort before U+E000…U+FFFF.
enum KeyOrder {
  /// Negative, zero or positive as `a` sorts before, equal to, or after `b`.
  static func compare(_ a: String, _ b: String) -> Int {
    var a = a
    var b = b
    return a.withUTF8 { x in b.withUTF8 { y in compare(utf8: x, y) } }
  }

  /// `compare(_:_:)` on the UTF-8 bytes of two keys.
  static func compare(utf8 x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(x.count, y.count)
    var i = 0
    while i < common && x[i] == y[i] { i += 1 }
    if i < common { return Int(rank(x[i])) - Int(rank(y[i])) }
    return x.count - y.count
  }

  /// Whether `a` sorts before `b`.
  static func precedes(_ a: String, _ b: String) -> Bool { compare(a, b) < 0 }

  /// Whether every key sorts strictly after the one before it.
  static func isStrictlyIncreasing(_ keys: [String]) -> Bool {
    var index = 1
    while index < keys.count {
      if compare(keys[index - 1], keys[index]) >= 0 { return false }
      index += 1
    }
    return true
  }

  /// The indices of `keys` in key order; a stable sort, so equal keys keep their order.
  /// Keys are ordered by their first eight bytes packed into an integer first, so that most
  /// comparisons touch no string at all.
  static func sortedIndices(_ keys: [String]) -> [Int] {
    var order = keys.indices.map { SortKey(prefix: prefix(of: keys[$0]), index: $0) }
    order.sort { a, b in
      if a.prefix != b.prefix { return a.prefix < b.prefix }
      let byKey = compare(keys[a.index], keys[b.index])
      return byKey != 0 ? byKey < 0 : a.index < b.index
    }
    return order.map(\.index)
  }

  /// The indices of the entries a dictionary keeps, in key order: of repeated keys, the one
  /// given last (as CF and every reader here do).
  static func orderKeepingLast(_ keys: [String]) -> [Int] {
    let order = sortedIndices(keys)
    var kept: [Int] = []
    kept.reserveCapacity(order.count)
    for (position, index) in order.enumerated() {
      // The sort is stable: of equal keys, the one given last comes last.
      if position + 1 < order.count, compare(keys[index], keys[order[position + 1]]) == 0 {
        continue
      }
      kept.append(index)
    }
    return kept
  }

  private struct SortKey {
    let prefix: UInt64
    let index: Int
  }

  /// The first eight bytes, ranked, big-endian: comparing two prefixes decides the order
  /// unless they are equal.
  private static func prefix(of key: String) -> UInt64 {
    var copy = key
    return copy.withUTF8 { bytes in
      var packed: UInt64 = 0
      for i in 0..<8 {
        packed = packed << 8 | UInt64(i < bytes.count ? rank(bytes[i]) : 0)
      }
      return packed
    }
  }

  /// Lead bytes 0xEE and 0xEF start U+E000…U+FFFF, which UTF-16 puts after the surrogates
  /// (lead bytes 0xF0…0xF4); continuation bytes (0x80…0xBF) keep their order.
  private static func rank(_ byte: UInt8) -> UInt8 {
    byte == 0xEE || byte == 0xEF ? byte &+ 0x10 : byte
  }
}
