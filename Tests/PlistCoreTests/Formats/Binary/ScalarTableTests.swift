import Testing

@testable import PlistCore

/// `ScalarTable`, the binary writers' one uniquing table: what was inserted is found again,
/// by its own hash, after the table has grown past its first size several times (each
/// growth places every entry again by the half of its hash it keeps), and nothing else is;
/// and `ScalarPool`, which interns the compact storage's encodings through it.
@Suite("Scalar table")
struct ScalarTableTests {
  /// Inserts `count` distinct encodings into a table sized for `capacity`, then looks each
  /// up again, and some never inserted.
  private func expectFound(count: Int, capacity: Int) {
    let keys = (0..<count).map { Array("key \($0)".utf8) }
    var table = ScalarTable(capacity: capacity)
    /// The entry `table` holds for `key`, and where it would go.
    func lookUp(_ key: [UInt8]) -> (entry: Int?, slot: Int, hash: UInt64) {
      key.withUnsafeBufferPointer { bytes in
        let hash = table.hash(bytes: bytes)
        let (entry, slot) = table.find(hash: hash) { keys[$0] == key }
        return (entry, slot, hash)
      }
    }
    for (entry, key) in keys.enumerated() {
      let (found, slot, hash) = lookUp(key)
      #expect(found == nil, "\(entry) found before it was inserted")
      table.insert(entry, hash: hash, at: slot)
    }
    for (entry, key) in keys.enumerated() {
      #expect(lookUp(key).entry == entry)
    }
    #expect(lookUp(Array("key \(count)".utf8)).entry == nil)
  }

  @Test("entries found after the table grew past its first size")
  func grows() {
    // 1,024 slots at first: 768 entries fit, and 20,000 take five growths.
    expectFound(count: 20_000, capacity: 0)
  }

  @Test("a table sized for its entries")
  func sized() {
    expectFound(count: 5_000, capacity: 5_000)
  }

  @Test("the pool's encodings interned again after its table grew")
  func poolGrows() {
    // Sized for no input: 1,024 slots, so 5,000 encodings make the table grow three times,
    // each entry placed by the hash it was inserted with.
    var pool = ScalarPool(expectedBytes: 0)
    let encodings = (0..<5000).map { Array("s\($0)".utf8) }
    for round in 0..<2 {
      for (id, encoding) in encodings.enumerated() {
        let start = pool.end
        pool.bytes.append(encoding)
        #expect(pool.intern(from: start) == UInt32(id), "round \(round)")
      }
    }
    #expect(pool.count == encodings.count)
    for (id, encoding) in encodings.enumerated() {
      #expect(Array(pool.encoding(UInt32(id))) == encoding)
    }
  }
}
