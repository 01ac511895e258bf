import PlistCore
import Testing

/// value → format → value over generated values, with each format's documented losses.
@Suite("Round trips")
struct RoundTripTests {
  @Test("binary keeps every value exactly", arguments: 0..<50)
  func binary(seed: Int) throws {
    var generator = ValueGenerator(seed: UInt64(seed))
    let value = generator.dictionary(depth: 5)
    #expect(try PropertyList.decode(PropertyList.encode(value, as: .binary), as: .binary) == value)
  }

  @Test("XML keeps every value but date fractions and the sign of zero", arguments: 0..<50)
  func xml(seed: Int) throws {
    var generator = ValueGenerator(seed: UInt64(seed))
    let value = generator.dictionary(depth: 5)
    let back = try PropertyList.decode(PropertyList.encode(value, as: .xml), as: .xml)
    #expect(back == Normalize.forXML(value))
  }

  @Test("OpenStep keeps strings, data, arrays and dictionaries", arguments: 0..<50)
  func openStep(seed: Int) throws {
    var generator = ValueGenerator(seed: UInt64(seed))
    let value = generator.dictionary(depth: 5, kinds: [.string, .data])
    let text = try PropertyList.encode(value, as: .openStep)
    #expect(try PropertyList.decode(text, as: .openStep) == value)
    #expect(try PropertyList.decode(text).format == .openStep)
  }

  @Test("JSON keeps strings, numbers, booleans and containers", arguments: 0..<50)
  func json(seed: Int) throws {
    var generator = ValueGenerator(seed: UInt64(seed))
    let value = Normalize.map(
      generator.dictionary(depth: 5, kinds: [.string, .integer, .real, .boolean])
    ) {
      if case .real(let r) = $0, !r.isFinite { return .real(0.5) }
      return $0
    }
    for pretty in [true, false] {
      let text = try PropertyList.encode(value, as: .json, options: .init(prettyJSON: pretty))
      #expect(try PropertyList.decode(text, as: .json) == value)
      #expect(try PropertyList.decode(text).format == .json)
    }
  }

  @Test func jsonMapsWhatItCannotHold() throws {
    let value = PlistValue.dictionary([
      "when": .date(PlistDate(secondsSinceReferenceDate: 0.25)),
      "blob": .data(PlistData([1, 2, 3])),
      "ref": .uid(7), "whole": .date(PlistDate(secondsSinceReferenceDate: -1)),
    ])
    let text = String(decoding: try PropertyList.encode(value, as: .json), as: UTF8.self)
    #expect(
      text == """
        {
          "blob": "AQID",
          "ref": {
            "CF$UID": 7
          },
          "when": "2001-01-01T00:00:00.25Z",
          "whole": "2000-12-31T23:59:59Z"
        }

        """)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func jsonRefusesNonFiniteReals(_ r: Double) throws {
    let error = #expect(throws: PlistEncodingError.self) {
      try PropertyList.encode(.array([.dictionary(["x": .real(r)])]), as: .json)
    }
    #expect(error?.path == ":0:x")
  }

  @Test func openStepRefusesTypedScalarsWithTheirPath() throws {
    let error = #expect(throws: PlistEncodingError.self) {
      try PropertyList.encode(.dictionary(["a:b": .array([.boolean(true)])]), as: .openStep)
    }
    #expect(
      error?.description
        == "openstep: cannot write a boolean, which OpenStep cannot hold (at :a\\:b:0)")
  }

  @Test func binarySharesEqualScalarsButNeverAcrossTypes() throws {
    let value = PlistValue.array([
      .integer(1), .real(1), .boolean(true), .integer(1), .string("x"), .string("x"),
    ])
    let bytes = try PropertyList.encode(value, as: .binary)
    #expect(try PropertyList.decode(bytes, as: .binary) == value)
    // Objects: the array, 1, 1.0, true, "x" — the repeated 1 and "x" are stored once.
    #expect(bytes[bytes.count - 17] == 5)
  }

  @Test func binaryIntegersUseCoreFoundationWidths() throws {
    func encoded(_ i: PlistInteger) throws -> [UInt8] {
      let bytes = try PropertyList.encode(.array([.integer(i)]), as: .binary)
      return Array(bytes[10..<(bytes.count - 32 - 2)])
    }
    #expect(try encoded(5) == [0x10, 5])
    #expect(try encoded(256) == [0x11, 1, 0])
    #expect(try encoded(-1) == [0x13] + [UInt8](repeating: 0xFF, count: 8))
    #expect(
      try encoded(PlistInteger(UInt64.max)) == [0x14] + [UInt8](repeating: 0, count: 8)
        + [UInt8](repeating: 0xFF, count: 8))
  }
}
