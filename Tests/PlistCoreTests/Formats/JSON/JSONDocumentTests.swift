import PlistCore
import Testing

/// A property list written as a JSON file reads back as the same types: a scalar root is
/// refused when the output is a file (`jsonFragments: false`), since `456` alone is the
/// OpenStep string "456" to every reader that detects the format, CoreFoundation included.
@Suite("JSON files and fragments")
struct JSONDocumentTests {
  static let file = PropertyList.WriteOptions(jsonFragments: false)

  @Test(arguments: [
    PlistValue.integer(456), .boolean(true), .string("x"), .real(1.5),
    .date(PlistDate(secondsSinceReferenceDate: 0)), .data(PlistData([1])),
  ])
  func aScalarRootIsNoFile(_ value: PlistValue) throws {
    #expect(throws: PlistEncodingError.self) {
      try PropertyList.encode(value, as: .json, options: Self.file)
    }
    // As a fragment (a value printed on its own) it is still written.
    #expect(!(try PropertyList.encode(value, as: .json)).isEmpty)
  }

  @Test("a JSON file reads back with every type it holds", arguments: 0..<20)
  func filesRoundTripTheirTypes(seed: Int) throws {
    var generator = ValueGenerator(seed: UInt64(seed))
    let value = Normalize.map(
      generator.dictionary(depth: 4, kinds: [.string, .integer, .real, .boolean])
    ) {
      if case .real(let r) = $0, !r.isFinite { return .real(0.5) }
      return $0
    }
    for root in [value, .array([value])] {
      let text = try PropertyList.encode(root, as: .json, options: Self.file)
      let back = try PropertyList.decode(text)
      #expect(back.format == .json)
      #expect(back.value == root)
    }
  }

  /// The reader shares one key array among objects with the same keys: objects whose keys
  /// match a remembered list only in part, run past it, repeat a key or come out of order
  /// must still read as their own keys.
  @Test func objectsWithSharedPartlySharedAndRepeatedKeysReadAsWritten() throws {
    let text = """
      [{"a": 1, "b": 2}, {"a": 3, "b": 4}, {"a": 5}, {"a": 6, "b": 7, "c": 8},
       {"a": 1, "b": 2, "a": 9}, {"b": 1, "a": 2}, {"a": 0, "c": 1}, {"a": {"a": [], "b": {}}}]
      """
    let value = try PropertyList.decode(Array(text.utf8)).value
    let expected: PlistValue = [
      ["a": 1, "b": 2], ["a": 3, "b": 4], ["a": 5], ["a": 6, "b": 7, "c": 8],
      ["a": 9, "b": 2], ["a": 2, "b": 1], ["a": 0, "c": 1], ["a": ["a": [], "b": [:]]],
    ]
    #expect(value == expected)
    guard case .array(let records) = value, case .dictionary(let repeated) = records[4] else {
      Issue.record("not an array of dictionaries")
      return
    }
    #expect(repeated.keys == ["a", "b"])
  }
}
