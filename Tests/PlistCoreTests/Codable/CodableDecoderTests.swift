import Foundation
import PlistCore
import Testing

/// PlistDecoder against Foundation's `PropertyListDecoder` on the same bytes: what it
/// decodes, how numbers convert, and which error at which coding path.
@Suite("PlistDecoder")
struct CodableDecoderTests {
  /// One keyed value, so that every coding path starts with `value`.
  struct Box<T: Decodable>: Decodable {
    var value: T
  }

  private static func bytes(_ value: PlistValue, _ format: PlistFormat) throws -> [UInt8] {
    try PropertyList.encode(["value": value], as: format)
  }

  /// Decodes with both decoders and expects the same value, or the same error case and path.
  private func expectSameOutcome<T: Decodable & Equatable>(
    _ type: T.Type, from value: PlistValue, format: PlistFormat,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let bytes = try Self.bytes(value, format)
    let ours = Result { try PlistDecoder().decode(Box<T>.self, from: bytes).value }
    let theirs = Result { try PropertyListDecoder().decode(Box<T>.self, from: Data(bytes)).value }
    switch (ours, theirs) {
    case (.success(let a), .success(let b)):
      #expect(a == b, sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
      #expect(CodableErrorShape(a) == CodableErrorShape(b), sourceLocation: sourceLocation)
      // Foundation's XML reader parses an integer for the type asked and names the line of
      // one that does not fit; a PlistValue has no lines, so the message is the binary one.
      let (ourText, theirText) = (debugDescription(of: a), debugDescription(of: b))
      if let theirText, theirText.hasPrefix("Invalid <integer> value on line") {
        #expect(
          ourText?.hasPrefix("Parsed property list number") == true,
          sourceLocation: sourceLocation)
      } else {
        #expect(ourText == theirText, sourceLocation: sourceLocation)
      }
    default:
      Issue.record("PlistDecoder: \(ours); Foundation: \(theirs)", sourceLocation: sourceLocation)
    }
  }

  // MARK: - What Foundation wrote

  @Test("decodes what PropertyListEncoder wrote", arguments: [PlistFormat.xml, .binary])
  func decodesFoundationOutput(format: PlistFormat) throws {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = format == .xml ? .xml : .binary
    let bytes = try encoder.encode(Everything<Date, Data>.sample())
    let decoded = try PlistDecoder().decode(Everything<PlistDate, PlistData>.self, from: bytes)
    var expected = Everything<PlistDate, PlistData>.sample()
    if format == .xml {
      expected.date = PlistDate(secondsSinceReferenceDate: -1_234_568)
    }
    #expect(decoded == expected)
    let dog = try PlistDecoder().decode(Dog.self, from: try encoder.encode(Dog(name: "a", legs: 1)))
    #expect(dog.name == "a" && dog.legs == 1)
    let hand = HandWritten(title: "h", point: (0.5, 2), tags: ["q", "r"])
    #expect(try PlistDecoder().decode(HandWritten.self, from: try encoder.encode(hand)) == hand)
  }

  // MARK: - Conversions

  @Test("numbers convert as in Foundation", arguments: [PlistFormat.xml, .binary])
  func numberConversions(format: PlistFormat) throws {
    let big = PlistValue.integer(PlistInteger(UInt64.max))
    try expectSameOutcome(Int.self, from: 2.0, format: format)
    try expectSameOutcome(Int.self, from: 2.5, format: format)
    try expectSameOutcome(Int8.self, from: 300, format: format)
    try expectSameOutcome(Int8.self, from: -128, format: format)
    try expectSameOutcome(UInt8.self, from: -1, format: format)
    try expectSameOutcome(UInt64.self, from: big, format: format)
    try expectSameOutcome(Int64.self, from: big, format: format)
    try expectSameOutcome(Double.self, from: 3, format: format)
    try expectSameOutcome(Double.self, from: big, format: format)
    try expectSameOutcome(Float.self, from: 1.5, format: format)
    try expectSameOutcome(Float.self, from: 0.1, format: format)  // binary: does not fit
    try expectSameOutcome(Float.self, from: 1e300, format: format)
    try expectSameOutcome(Double.self, from: .real(.infinity), format: format)
  }

  @Test("nothing else converts", arguments: [PlistFormat.xml, .binary])
  func strictTypes(format: PlistFormat) throws {
    try expectSameOutcome(Bool.self, from: 1, format: format)
    try expectSameOutcome(Int.self, from: true, format: format)
    try expectSameOutcome(Int.self, from: "5", format: format)
    try expectSameOutcome(String.self, from: 5, format: format)
    try expectSameOutcome(Double.self, from: "1.5", format: format)
    try expectSameOutcome([Int].self, from: ["a": 1], format: format)
    try expectSameOutcome([String: Int].self, from: [1], format: format)
  }

  @Test("$null is nil", arguments: [PlistFormat.xml, .binary])
  func null(format: PlistFormat) throws {
    try expectSameOutcome(Int?.self, from: "$null", format: format)
    try expectSameOutcome(String.self, from: "$null", format: format)
    try expectSameOutcome([Int?].self, from: [1, "$null"], format: format)
    try expectSameOutcome([String: Int].self, from: "$null", format: format)
  }

  // MARK: - Errors name the coding path

  struct Settings: Decodable, Equatable {
    struct Account: Decodable, Equatable {
      var name: String
      var ports: [Int]
    }
    var accounts: [Account]
    var pair: Pair
  }

  struct Pair: Decodable, Equatable {
    var first: Int
    var second: Int

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      first = try container.decode(Int.self)
      second = try container.decode(Int.self)
    }
  }

  static let errorCases: [(String, PlistValue)] = [
    (
      "key not found",
      ["accounts": [["name": "a", "ports": [1]], ["ports": []]], "pair": [1, 2]]
    ),
    ("type mismatch", ["accounts": [["name": "a", "ports": [1, "two"]]], "pair": [1, 2]]),
    ("value not found", ["accounts": [], "pair": [1]]),
    ("null", ["accounts": [["name": "$null", "ports": []]], "pair": [1, 2]]),
    ("does not fit", ["accounts": [["name": "a", "ports": [1.5]]], "pair": [1, 2]]),
    ("nested container", ["accounts": "none", "pair": [1, 2]]),
  ]

  @Test(
    "errors match Foundation's case and coding path", arguments: errorCases.indices,
    [PlistFormat.xml, .binary])
  func errorPaths(index: Int, format: PlistFormat) throws {
    let bytes = try PropertyList.encode(Self.errorCases[index].1, as: format)
    let ours = #expect(throws: DecodingError.self) {
      try PlistDecoder().decode(Settings.self, from: bytes)
    }
    let theirs = #expect(throws: DecodingError.self) {
      try PropertyListDecoder().decode(Settings.self, from: Data(bytes))
    }
    let shape = try CodableErrorShape(#require(ours))
    #expect(shape == CodableErrorShape(try #require(theirs)), "\(Self.errorCases[index].0)")
    #expect(ours.flatMap(debugDescription) == theirs.flatMap(debugDescription))
  }

  @Test func errorPathsFromAValue() throws {
    let value: PlistValue = ["accounts": [["name": "a", "ports": [1, "two"]]], "pair": [1, 2]]
    let error = #expect(throws: DecodingError.self) {
      try PlistDecoder().decode(Settings.self, from: value)
    }
    #expect(
      error.map(CodableErrorShape.init)
        == .typeMismatch(path: ["accounts", "Index 0#0", "ports", "Index 1#1"]))
    #expect(
      error.flatMap(debugDescription) == "Expected to decode Int but found a string instead.")
  }

  @Test func unparsableBytesAreDataCorrupted() throws {
    let error = #expect(throws: DecodingError.self) {
      try PlistDecoder().decode([String: Int].self, from: Array("<plist><dict>".utf8))
    }
    #expect(error.map(CodableErrorShape.init) == .dataCorrupted(path: []))
    #expect(error.flatMap(debugDescription) == "The given data was not a valid property list.")
    #expect(error.flatMap(underlyingError) is PlistParseError)
  }

  // MARK: - Formats and values

  @Test func everyFormatIsDetectedAndReported() throws {
    let value: PlistValue = ["name": "x", "ports": ["1"]]
    struct Loose: Decodable, Equatable {
      var name: String
      var ports: [String]
    }
    for format in PlistFormat.allCases {
      var detected = PlistFormat.binary
      let bytes = try PropertyList.encode(value, as: format)
      let decoded = try PlistDecoder().decode(Loose.self, from: bytes[...], format: &detected)
      #expect(decoded == Loose(name: "x", ports: ["1"]))
      #expect(detected == format)
    }
  }

  @Test func plistValueDatesAndDataDecodeAsThemselves() throws {
    let value: PlistValue = [
      "v": ["any": [1, "two"]], "d": .date(PlistDate(secondsSinceReferenceDate: 5)),
      "b": .data(PlistData([1, 2])),
    ]
    struct Mixed: Decodable {
      var v: PlistValue
      var d: PlistDate
      var b: PlistData
    }
    let decoded = try PlistDecoder().decode(Mixed.self, from: value)
    #expect(decoded.v == ["any": [1, "two"]])
    #expect(decoded.d == PlistDate(secondsSinceReferenceDate: 5))
    #expect(decoded.b == PlistData([1, 2]))
    #expect(try PlistDecoder().decode(PlistValue.self, from: value) == value)
    let mismatch = #expect(throws: DecodingError.self) {
      try PlistDecoder().decode(PlistDate.self, from: "2001")
    }
    #expect(mismatch.map(CodableErrorShape.init) == .typeMismatch(path: []))
  }

  @Test func topLevelScalarsDecode() throws {
    #expect(try PlistDecoder().decode(Int.self, from: 5) == 5)
    #expect(try PlistDecoder().decode(Int.self, from: PropertyList.encode(5, as: .xml)) == 5)
  }

  @Test func userInfoReachesTheValues() throws {
    struct Reader: Decodable {
      static let key = CodingUserInfoKey(rawValue: "flag")
      var flag: Bool
      init(from decoder: any Decoder) throws {
        flag = Self.key.flatMap { decoder.userInfo[$0] } as? Bool ?? false
      }
    }
    var decoder = PlistDecoder()
    decoder.userInfo[try #require(Reader.key)] = true
    #expect(try decoder.decode(Reader.self, from: [:]).flag)
  }

  @Test func nestingBeyondTheLimitIsRefusedInAValue() throws {
    let deep = (0...PropertyList.maximumDepth).reduce(PlistValue.array([])) { inner, _ in
      .array([inner])
    }
    let error = #expect(throws: DecodingError.self) {
      try PlistDecoder().decode(PlistValueTree.self, from: deep)
    }
    #expect(error.map(CodableErrorShape.init).map { "\($0)".hasPrefix("dataCorrupted") } == true)
  }

  /// Decodes nested arrays through containers, as a generic decoder would.
  struct PlistValueTree: Decodable {
    var children: [PlistValueTree]
    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      var children: [PlistValueTree] = []
      while !container.isAtEnd { children.append(try container.decode(PlistValueTree.self)) }
      self.children = children
    }
  }
}
