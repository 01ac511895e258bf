import Foundation
import PlistCore
import Testing

/// PlistCore against Foundation's `PropertyListSerialization` on this machine.
@Suite("Foundation as an oracle")
struct FoundationOracleTests {
  @Test("XML output is byte for byte Foundation's", arguments: 0..<40)
  func xmlBytesMatchFoundation(seed: Int) throws {
    var generator = ValueGenerator(seed: UInt64(seed))
    let value = generator.dictionary(depth: 4, kinds: .foundation)
    let ours = try PropertyList.encode(value, as: .xml)
    let theirs = try PropertyListSerialization.data(
      fromPropertyList: FoundationBridge.object(value), format: .xml, options: 0)
    #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
  }

  @Test func xmlBytesForTheEdgeCases() throws {
    let data = PlistData((0..<100).map { UInt8($0) })
    let value = PlistValue.dictionary([
      "reals": .array(
        [
          0.1, 1.0, 0.0, -0.0, 1e100, .nan, .infinity, -.infinity, 1e-7,
          Double.leastNonzeroMagnitude,
        ].map(PlistValue.real)),
      "ints": .array([
        .integer(PlistInteger(UInt64.max)), .integer(PlistInteger(Int64.min)), .integer(0),
      ]),
      "dates": .array(
        [-1.5, 1.7, -4_165_314_208, 0].map { .date(PlistDate(secondsSinceReferenceDate: $0)) }),
      "deep": .array([
        .array([.array([.array([.array([.array([.array([.array([.array([.data(data)])])])])])])])])
      ]),
      "k\u{10000}": .string("a&b<c>d\"e'f\u{e9}\t\r\n"), "k\u{E000}": .string(""),
      "B": .data(PlistData([])),
      "e": .array([]), "f": .dictionary([:]), "t": .boolean(true), "u": .boolean(false),
    ])
    let ours = try PropertyList.encode(value, as: .xml)
    let theirs = try PropertyListSerialization.data(
      fromPropertyList: FoundationBridge.object(value), format: .xml, options: 0)
    #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
  }

  @Test("Foundation reads our binary output", arguments: 0..<40)
  func foundationReadsOurBinary(seed: Int) throws {
    var generator = ValueGenerator(seed: UInt64(1000 + seed))
    let value = generator.dictionary(depth: 4, kinds: .foundation)
    let ours = try PropertyList.encode(value, as: .binary)
    let object = try PropertyListSerialization.propertyList(
      from: Data(ours), options: [], format: nil)
    #expect(FoundationBridge.value(object) == value)
  }

  @Test("we read Foundation's binary and XML output", arguments: 0..<40)
  func weReadFoundationOutput(seed: Int) throws {
    var generator = ValueGenerator(seed: UInt64(2000 + seed))
    let value = generator.dictionary(depth: 4, kinds: .foundation)
    let object = FoundationBridge.object(value)
    let binary = try PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
    #expect(try PropertyList.decode([UInt8](binary), as: .binary) == value)
    let xml = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
    #expect(try PropertyList.decode([UInt8](xml), as: .xml) == Normalize.forXML(value))
  }
}
