import Foundation
import PlistCore
import Testing

/// What PlistEncoder produces, as a `PlistValue` and through every format.
@Suite("PlistEncoder")
struct CodableEncoderTests {
  private func value<T: Encodable>(_ value: T) throws -> PlistValue {
    try PlistEncoder().encodeToValue(value)
  }

  // MARK: - Round trips

  @Test("every field type survives a round trip", arguments: [PlistFormat.xml, .binary])
  func roundTrip(format: PlistFormat) throws {
    var encoder = PlistEncoder()
    encoder.outputFormat = format
    let original = Everything<PlistDate, PlistData>.sample()
    let bytes = try encoder.encode(original)
    var detected = PlistFormat.openStep
    var decoded = try PlistDecoder().decode(
      Everything<PlistDate, PlistData>.self, from: bytes, format: &detected)
    if format == .xml {  // XML dates hold whole seconds, in Foundation too
      #expect(decoded.date == PlistDate(secondsSinceReferenceDate: -1_234_568))
      decoded.date = original.date
    }
    #expect(decoded == original)
    #expect(detected == format)
  }

  @Test func roundTripThroughAValue() throws {
    let original = Everything<PlistDate, PlistData>.sample()
    let decoded = try PlistDecoder().decode(
      Everything<PlistDate, PlistData>.self, from: try value(original))
    #expect(decoded == original)
    let dog = try PlistDecoder().decode(Dog.self, from: try value(Dog(name: "Rex", legs: 3)))
    #expect(dog.name == "Rex" && dog.legs == 3)
    let hand = HandWritten(title: "t", point: (1, 2), tags: ["a"])
    #expect(try PlistDecoder().decode(HandWritten.self, from: try value(hand)) == hand)
  }

  // MARK: - The value model

  @Test func scalarsAndCollectionsBecomePlistValues() throws {
    let encoded = try value(Everything<PlistDate, PlistData>.sample())
    #expect(encoded["uint64"] == .integer(PlistInteger(UInt64.max)))
    #expect(encoded["int64"] == .integer(PlistInteger(Int64.min)))
    #expect(encoded["float"] == .real(1.5))
    #expect(encoded["negativeZero"] == .real(-0.0))
    #expect(encoded["date"] == .date(PlistDate(secondsSinceReferenceDate: -1_234_567.5)))
    #expect(encoded["data"]?.dataValue?.count == 200)
    #expect(encoded["numbers"] == [1, 2, 3, 1])
    #expect(encoded["table"] == ["a": 1, "b": 2, "c": 3])
    #expect(encoded["someText"] == "present")
    #expect(encoded["noText"] == nil)  // encodeIfPresent leaves the key out
    #expect(encoded["optionals"] == [1, "$null", 3])  // an explicit nil is "$null"
    #expect(encoded["kind"] == "fancy")
    #expect(encoded["level"] == 9)
    #expect(encoded["inners"]?[1]?["flags"] == [false])
    #expect(encoded["matrix"] == [[1.5, 2.0], [], [3.0]])
  }

  @Test func superEncoderWritesUnderSuper() throws {
    #expect(try value(Dog(name: "Rex", legs: 4)) == ["name": "Rex", "super": ["legs": 4]])
  }

  @Test func handWrittenContainers() throws {
    let encoded = try value(HandWritten(title: "t", point: (1, -2.25), tags: ["x"]))
    let expected: PlistValue = [
      "title": "t", "geometry": ["x": 1.0, "y": -2.25], "tags": ["x", [1], "from super"],
      "nothing": "$null",
    ]
    #expect(encoded == expected)
  }

  @Test func intKeyedDictionariesAreDictionariesSortedByNumber() throws {
    let table = [10: "ten", 2: "two", -1: "minus one"]
    #expect(try value(table) == ["10": "ten", "2": "two", "-1": "minus one"])
    let binary = try PlistEncoder().encode(table)
    let keys = try PropertyList.decode(binary, as: .binary).dictionaryValue?.keys
    #expect(keys == ["-1", "10", "2"])  // a PlistDictionary's own order
    #expect(try PlistDecoder().decode([Int: String].self, from: binary) == table)
  }

  @Test func bytesAreAnArrayButPlistDataIsData() throws {
    #expect(try value(["b": [UInt8]([1, 2])]) == ["b": [1, 2]])
    #expect(try value(["b": PlistData([1, 2])]) == ["b": .data(PlistData([1, 2]))])
  }

  @Test func plistValuesPassThroughUnchanged() throws {
    let original: PlistValue = [
      "uid": .uid(7), "big": .integer(PlistInteger(UInt64.max)), "real": 2.5,
      "list": [true, .date(PlistDate(secondsSinceReferenceDate: 1)), .data(PlistData([9]))],
      "nested": ["$null": "$null"],
    ]
    #expect(try value(original) == original)
    for format in [PlistFormat.xml, .binary] {
      var encoder = PlistEncoder()
      encoder.outputFormat = format
      let bytes = try encoder.encode(["wrapped": original])
      #expect(try PropertyList.decode(bytes, as: format)["wrapped"] == original)
      let back = try PlistDecoder().decode([String: PlistValue].self, from: bytes)
      #expect(back["wrapped"] == original)
    }
  }

  @Test func userInfoReachesTheValues() throws {
    struct Reader: Encodable {
      static let key = CodingUserInfoKey(rawValue: "suffix")
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        let suffix = Self.key.flatMap { encoder.userInfo[$0] } as? String
        try container.encode("x" + (suffix ?? ""))
      }
    }
    var encoder = PlistEncoder()
    let key = try #require(Reader.key)
    encoder.userInfo[key] = "-y"
    #expect(try encoder.encodeToValue([Reader()]) == ["x-y"])
  }

  // MARK: - Errors, shaped as Foundation's

  @Test("top-level fragments are refused, as Foundation refuses them")
  func topLevelFragments() throws {
    func failure<T: Encodable>(_ value: T, _ format: PlistFormat) -> String? {
      var ours = PlistEncoder()
      ours.outputFormat = format
      let error = #expect(throws: EncodingError.self) { try ours.encode(value) }
      #expect(
        error.flatMap(debugDescription)
          == "Unable to encode the given top-level value as a property list")
      return error.flatMap(underlyingError).flatMap(debugDescription)
    }
    func foundation<T: Encodable>(_ value: T) -> String? {
      let error = #expect(throws: EncodingError.self) { try PropertyListEncoder().encode(value) }
      return error.flatMap(underlyingError).flatMap(debugDescription)
    }
    for format in [PlistFormat.xml, .binary] {
      #expect(failure(5, format) == foundation(5))
      #expect(failure("s", format) == foundation("s"))
      #expect(failure(true, format) == foundation(true))
      #expect(failure(Int?.none, format) == foundation(Int?.none))
      #expect(
        failure(PlistDate(secondsSinceReferenceDate: 0), format)
          == "Top-level PlistDate encoded as date property list fragment.")
    }
    #expect(try value(5) == 5)  // a PlistValue may be a scalar
  }

  @Test func aValueThatEncodesNothing() throws {
    struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
    let error = #expect(throws: EncodingError.self) { try PlistEncoder().encode(Nothing()) }
    let underlying = error.flatMap(underlyingError).flatMap(debugDescription)
    #expect(underlying == "Top-level Nothing did not encode any values.")
    #expect(try value([Nothing()]) == [[:]])  // nested, it is an empty dictionary
  }

  @Test func aThrownErrorIsWrappedAsFoundationWrapsIt() throws {
    struct Failure: Error {}
    struct Thrower: Encodable { func encode(to encoder: any Encoder) throws { throw Failure() } }
    let error = #expect(throws: EncodingError.self) { try PlistEncoder().encode([Thrower()]) }
    #expect(error.flatMap(underlyingError) is Failure)
  }

  @Test func nestingBeyondTheLimitIsRefused() throws {
    func nested(_ depth: Int) -> PlistValue {
      (0..<depth).reduce(PlistValue.string("leaf")) { inner, _ in .array([inner]) }
    }
    struct Chain: Encodable {
      let depth: Int
      func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        if depth > 1 { try container.encode(Chain(depth: depth - 1)) }
      }
    }
    let limit = PropertyList.maximumDepth
    #expect(try value(Chain(depth: limit)) == nested(limit - 1).mapLeaf(to: []))
    for format in [PlistFormat.xml, .binary] {
      var encoder = PlistEncoder()
      encoder.outputFormat = format
      #expect(throws: Never.self) { try encoder.encode(Chain(depth: limit)) }
      let error = #expect(throws: EncodingError.self) {
        try encoder.encode(Chain(depth: limit + 1))
      }
      let inner = try #require(error.flatMap(underlyingError))
      #expect(
        CodableErrorShape(inner) == .invalidValue(path: Array(repeating: "Index 0#0", count: limit))
      )
      #expect(throws: EncodingError.self) { try encoder.encode(nested(limit + 1)) }
    }
  }

  @Test func openStepAndJSONUseTheCodecs() throws {
    var encoder = PlistEncoder()
    encoder.outputFormat = .openStep
    #expect(try encoder.encode(["a": "b"]) == PropertyList.encode(["a": "b"], as: .openStep))
    let error = #expect(throws: EncodingError.self) {
      try encoder.encode(["d": PlistDate(secondsSinceReferenceDate: 0)])
    }
    #expect(error.flatMap(underlyingError) is PlistEncodingError)
  }
}

extension PlistValue {
  /// The value with its innermost leaf replaced (for building nested arrays in tests).
  fileprivate func mapLeaf(to leaf: PlistValue) -> PlistValue {
    if case .array(let items) = self, let first = items.first {
      return .array([first.mapLeaf(to: leaf)])
    }
    return leaf
  }
}
