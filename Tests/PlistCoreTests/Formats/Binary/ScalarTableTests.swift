import Testing

@testable import PlistCore

/// `ScalarTable`, the binary writers' one uniquing table: what was inserted is found again,
/// by its own hash, after the table has grown past its first size several times (each
/// growth places every entry again by the half of its hash it keeps), and nothing else is.
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
}
