import Testing

@testable import PlistCore

/// `BinaryWriterOrder`, the numbering every binary writer shares, on what no file of a test's
/// size reaches.
@Suite("Binary writer order")
struct BinaryWriterOrderTests {
  /// A container's count is kept in 32 bits: one of 2^32 children is refused before any room
  /// is taken for them (it trapped, after asking for 16 GB).
  @Test func aContainerOfTwoToTheThirtyTwoChildrenIsRefused() {
    for isDictionary in [false, true] {
      var order = BinaryWriterOrder(objects: 1, references: 1)
      let error = #expect(throws: PlistEncodingError.self) {
        try order.open(isDictionary: isDictionary, count: 1 << 32)
      }
      #expect(error?.description.contains("4294967296 items") == true)
    }
  }
}
