/// The dictionary key order of CoreFoundation's writers: UTF-16 code units, compared as
/// numbers (case-sensitive, no normalisation). It equals byte order on UTF-8 except that
/// characters above U+FFFF (surrogate pairs in UTF-16) sort before U+E000…U+FFFF.
enum KeyOrder {
  /// Whether `a` sorts before `b`.
  static func precedes(_ a: String, _ b: String) -> Bool {
    var left = a.utf8.makeIterator()
    var right = b.utf8.makeIterator()
    while true {
      guard let x = left.next() else { return right.next() != nil }
      guard let y = right.next() else { return false }
      if x != y { return rank(x) < rank(y) }
    }
  }

  /// The keys of a dictionary in writing order.
  static func sortedKeys<V>(_ dictionary: [String: V]) -> [String] {
    dictionary.keys.sorted(by: precedes)
  }

  /// Lead bytes 0xEE and 0xEF start U+E000…U+FFFF, which UTF-16 puts after the surrogates
  /// (lead bytes 0xF0…0xF4); continuation bytes (0x80…0xBF) keep their order.
  private static func rank(_ byte: UInt8) -> UInt16 {
    byte == 0xEE || byte == 0xEF ? UInt16(byte) + 0x10 : UInt16(byte)
  }
}
