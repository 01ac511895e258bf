import Foundation
import PlistCore
import Testing

/// PlistEncoder's bytes against Foundation's `PropertyListEncoder` on this machine, for the
/// same values: the PlistCore side uses `PlistDate` and `PlistData` where Foundation's uses
/// `Date` and `Data`.
@Suite("PlistEncoder writes PropertyListEncoder's bytes")
struct CodableFoundationParityTests {
  static let formats: [PlistFormat] = [.xml, .binary]

  // MARK: - Helpers

  private func ours<T: Encodable>(_ value: T, _ format: PlistFormat) throws -> [UInt8] {
    var encoder = PlistEncoder()
    encoder.outputFormat = format
    return try encoder.encode(value)
  }

  private func foundation<T: Encodable>(_ value: T, _ format: PlistFormat) throws -> [UInt8] {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = format == .xml ? .xml : .binary
    return [UInt8](try encoder.encode(value))
  }

  private func expectSameBytes<A: Encodable, B: Encodable>(
    _ plistCore: A, _ foundationValue: B, _ format: PlistFormat,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let a = try ours(plistCore, format)
    let b = try foundation(foundationValue, format)
    if format == .xml {
      #expect(
        String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self),
        sourceLocation: sourceLocation)
    } else {
      #expect(a == b, "binary differs", sourceLocation: sourceLocation)
    }
  }

  // MARK: - Structs

  @Test("every field type", arguments: formats)
  func everything(format: PlistFormat) throws {
    try expectSameBytes(
      Everything<PlistDate, PlistData>.sample(), Everything<Date, Data>.sample(), format)
  }

  @Test("a superclass under super", arguments: formats)
  func superEncoder(format: PlistFormat) throws {
    try expectSameBytes(Dog(name: "Rex", legs: 4), Dog(name: "Rex", legs: 4), format)
  }

  @Test("hand-written nested, unkeyed and super containers, and nil", arguments: formats)
  func handWritten(format: PlistFormat) throws {
    let value = HandWritten(title: "t", point: (1, -2.25), tags: ["x", "y", "x"])
    try expectSameBytes(value, value, format)
  }

  @Test("a top-level array and a dictionary", arguments: formats)
  func collections(format: PlistFormat) throws {
    let words = (0..<400).map { "word \($0 % 300)" }
    try expectSameBytes(words, words, format)
    let table = ["zeta": [1.25], "alpha": [], "Beta": [-3], "\u{E9}": [0.5]]
    try expectSameBytes(table, table, format)
  }

  @Test("integers at every width's edges", arguments: formats)
  func integers(format: PlistFormat) throws {
    let signed: [Int64] = [0, 1, -1, 255, 256, 65_535, 65_536, 1 << 32 - 1, 1 << 32, .max, .min]
    let unsigned: [UInt64] = [0, 1, 255, 1 << 40, .max]
    let small: [UInt32] = [0, 200, .max]
    try expectSameBytes(signed, signed, format)
    try expectSameBytes(unsigned, unsigned, format)
    try expectSameBytes(small, small, format)
  }

  @Test("reals, including the ones uniquing merges", arguments: formats)
  func reals(format: PlistFormat) throws {
    let doubles: [Double] = [
      0, -0.0, 0.1, 1, 2.5, 1e20, 1e-7, 123_456_789_012, .infinity, -.infinity, .nan,
      .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0, 1,
    ]
    let floats: [Float] = [0, -0.0, 0.1, 3.25, .infinity, .nan, 16_777_216]
    try expectSameBytes(doubles, doubles, format)
    try expectSameBytes(floats, floats, format)
  }

  @Test("strings: unicode, escaping and key order", arguments: formats)
  func strings(format: PlistFormat) throws {
    let table = [
      "k\u{10000}": "astral", "k\u{FF01}": "fullwidth", "a&b": "<tag>", "": "empty key",
      "long": String(repeating: "long text ", count: 40), "caf\u{E9}": "caf\u{E9}",
    ]
    try expectSameBytes(table, table, format)
  }

  @Test("dates", arguments: formats)
  func dates(format: PlistFormat) throws {
    // Around the Gregorian reform (Foundation's encoder writes Julian dates before it), at the
    // ends of the range it can print, and the year 0.
    let reform = -12_219_292_800 - 978_307_200.0
    let seconds: [Double] = [
      0, 12.7, -0.5, 700_000_000, -1e11, 4e9, 0, reform, reform - 0.5, reform - 864_000,
      -63_082_281_600 - 978_307_200, -210_866_760_000 - 978_307_200, -1e13, 1e13, 1e15,
      -62_135_596_800.25 - 978_307_200,
    ]
    try expectSameBytes(
      seconds.map { PlistDate(secondsSinceReferenceDate: $0) },
      seconds.map { Date(timeIntervalSinceReferenceDate: $0) }, format)
  }

  @Test("data at every indentation, shared and large", arguments: formats)
  func data(format: PlistFormat) throws {
    let sizes = [0, 1, 2, 3, 56, 57, 58, 100, 1000]
    let ours = sizes.map { PlistData((0..<$0).map { UInt8(truncatingIfNeeded: $0 * 7) }) }
    let theirs = ours.map { Data($0.bytes) }
    try expectSameBytes([[[[[[[[[[ours]]]]]]]]]], [[[[[[[[[[theirs]]]]]]]]]], format)
    try expectSameBytes(["a": ours[4], "b": ours[4]], ["a": theirs[4], "b": theirs[4]], format)
    // Over 65,535 bytes before the offset table: three-byte offsets in binary.
    let big = PlistData(Array(repeating: 0xAB, count: 70_000))
    try expectSameBytes(["big": big], ["big": Data(big.bytes)], format)
  }

  @Test("more than 255 objects: two-byte references", arguments: formats)
  func manyObjects(format: PlistFormat) throws {
    let values = (0..<300).map { "v\($0)" }
    try expectSameBytes(["values": values], ["values": values], format)
    // More references than the numbering first makes room for (it grows), in records.
    let records = (0..<3000).map { ["k": "\($0 % 7)", "s": "v\($0)"] }
    try expectSameBytes(records, records, format)
  }

  @Test("the default output format is binary, as Foundation's")
  func defaultFormat() throws {
    let value = ["a": 1]
    #expect(PlistEncoder().outputFormat == .binary)
    #expect(try PlistEncoder().encode(value) == [UInt8](try PropertyListEncoder().encode(value)))
  }
}
