import Foundation
import Testing

@testable import PlistCore

/// `BinaryCanonicalDomain`, on which a one-key write of a binary domain relies: a file it
/// takes is exactly the writer's bytes for what it reads as, holds the values it says, and
/// with one key set gives exactly the bytes the full write gives; every file the writer
/// writes for a dictionary is taken. On generated domains (every scalar type, containers,
/// shared values, widths and counts at their boundaries) and damaged copies; the corpus in
/// every format is `VisitorAgreementTests`', and the binary and XML fuzz targets check the
/// same on whatever libFuzzer makes.
@Suite("Canonical binary domain")
struct BinaryCanonicalDomainTests {
  /// Whether the file was taken; checks it (`VisitorAgreement.binaryOneKeyWrite`), and
  /// `edits`, when it was, and the writer's file of what it reads as when it was not.
  @discardableResult
  static func check(
    _ bytes: [UInt8], edits: [(String, PlistValue)] = [], _ note: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    var found: [String] = []
    // The generated domains' keys are outside the Basic Multilingual Plane and private-use
    // too; a container as the value is left to the full write.
    let writes = VisitorAgreement.KeyWrites(values: [.array([1, 2])], pairs: edits)
    let taken = VisitorAgreement.binaryOneKeyWrite(bytes, &found, writes: writes)
    #expect(found.isEmpty, "\(note): \(found)", sourceLocation: sourceLocation)
    return taken
  }

  /// Scalars at the edges of their encodings.
  static let scalars: [PlistValue] = {
    var values: [PlistValue] = [0, 1, 255, 256, 65535, 65536, -1, true, false]
    values += [UInt64(UInt32.max), UInt64(UInt32.max) + 1, UInt64(Int64.max) + 1, UInt64.max]
      .map { PlistValue.integer(PlistInteger($0)) }
    values += [Int64.max, Int64.min].map { PlistValue.integer(PlistInteger($0)) }
    values += ([0.0, -0.0, 1.5, .nan, .infinity, -.greatestFiniteMagnitude] as [Double]).map {
      PlistValue.real($0)
    }
    values += ([0, -1e9, 7.25] as [Double]).map {
      PlistValue.date(PlistDate(secondsSinceReferenceDate: $0))
    }
    values += [0, 14, 15, 255, 256].map {
      PlistValue.data(PlistData(Array(repeating: 7, count: $0)))
    }
    values += ["", "a", "é", "😀", "\u{E000}", "a\u{0}b", "Key3", "value 5"].map {
      PlistValue.string($0)
    }
    values += [14, 15, 255, 256].map { PlistValue.string(String(repeating: "x", count: $0)) }
    values += [14, 15, 256].map { PlistValue.string(String(repeating: "é", count: $0)) }
    values += [0, 255, 256, 65536, UInt64.max].map { PlistValue.uid($0) }
    return values
  }()

  /// A domain of scalars: keys ASCII, astral, private-use; values from `scalars` (so often
  /// shared), strings equal to keys, and numbered strings.
  static func domain(_ seed: UInt64, count: Int) -> PlistDictionary {
    var random = SplitMix(seed)
    var dictionary = PlistDictionary()
    for i in 0..<count {
      let pick = random.next()
      let key = pick % 7 == 0 ? "Clé\(i)😀" : pick % 11 == 0 ? "\u{E000}\(i)" : "Key\(i)"
      switch random.next() % 4 {
      case 0: dictionary[key] = .string("value \(i)")
      case 1: dictionary[key] = .string("Key\(random.next() % UInt64(count))")
      default: dictionary[key] = scalars[Int(random.next() % UInt64(scalars.count))]
      }
    }
    return dictionary
  }

  /// Writes that reorder, drop, share and add objects.
  static func edits(_ dictionary: PlistDictionary) -> [(String, PlistValue)] {
    var edits: [(String, PlistValue)] = [("Key", "value 5"), ("value 5", 1), ("Key1", "Key1")]
    for (key, value) in dictionary.prefix(4) {
      edits += [(key, value), (key, dictionary.values.last ?? 0), (key, .string(key))]
      edits += [(key, .string("new \(key)")), (key, .data(PlistData([1])))]
    }
    if let last = dictionary.keys.last { edits += [(last, dictionary.values[0])] }
    return edits + scalars.map { ("Key2", $0) } + [("\u{FFFF}", 2), ("", "")]
  }

  @Test func generatedDomainsAndDamagedCopies() throws {
    var random = SplitMix(17)
    var taken = 0
    for seed in 0..<10 {
      let dictionary = Self.domain(
        UInt64(seed), count: [0, 1, 2, 5, 14, 15, 40, 90, 200, 600][seed])
      let bytes = try PropertyList.encode(.dictionary(dictionary), as: .binary)
      #expect(Self.check(bytes, edits: Self.edits(dictionary), "seed \(seed)"))
      for round in 0..<200 {
        let (damaged, at) = random.damage(bytes, round: round)
        if Self.check(damaged, "seed \(seed), byte \(at)") { taken += 1 }
      }
    }
    // Some damage leaves a canonical file (another value of the same length).
    #expect(taken > 20)
  }

  /// Domains with arrays and dictionaries among their values (shared scalars inside and
  /// out, nested dictionaries, UIDs), and damaged copies.
  @Test func domainsWithContainers() throws {
    var random = SplitMix(23)
    var taken = 0
    for seed in 0..<6 {
      let value = LazyLookupTests.domain(UInt64(seed), count: [1, 3, 14, 40, 200, 700][seed])
      guard case .dictionary(let dictionary) = value else { continue }
      let bytes = try PropertyList.encode(value, as: .binary)
      var edits = Self.edits(dictionary)
      for (key, child) in dictionary.prefix(12) {
        edits += [(key, "shared"), (key, 7), (key, child)]
        if case .dictionary(let inner) = child, let first = inner.values.first {
          edits += [(key, first)]
        }
      }
      #expect(Self.check(bytes, edits: edits, "containers, seed \(seed)"))
      for round in 0..<150 {
        let (damaged, at) = random.damage(bytes, round: round)
        if Self.check(damaged, "containers, seed \(seed), byte \(at)") { taken += 1 }
      }
    }
    #expect(taken > 10)
  }

  /// Containers nested to the depth limit (the deepest array inside 511 containers).
  @Test func nestedToTheDepthLimit() throws {
    var value: PlistValue = "leaf"
    for _ in 0..<(PropertyList.maximumDepth - 1) { value = .array([value, 1]) }
    let bytes = try PropertyList.encode(["Deep": value, "Key": 1], as: .binary)
    #expect(Self.check(bytes, edits: [("Key", 2), ("Deep", 1), ("New", "leaf")], "deep"))
  }

  /// Object counts at 255/256 and 65535/65536 (the reference width), before or after the
  /// write: N keys with distinct values are 2N + 1 objects.
  @Test(arguments: [126, 127, 128, 32767])
  func referenceWidths(keys: Int) throws {
    var dictionary = PlistDictionary()
    for i in 0..<keys { dictionary["Key\(i)"] = .integer(PlistInteger(Int64(1000 + i))) }
    let bytes = try PropertyList.encode(.dictionary(dictionary), as: .binary)
    let edits: [(String, PlistValue)] = [
      ("New", 5), ("New", 1000), ("Key0", 1001), ("Key5", "Key7"), ("Key0", 99999),
      ("Key1", .data(PlistData([9]))),
    ]
    #expect(Self.check(bytes, edits: keys > 1000 ? Array(edits.prefix(4)) : edits, "\(keys)"))
  }

  /// Object tables ending near 256 and 65536 bytes (the offset width), before or after.
  @Test func offsetWidths() throws {
    for length in Array(228..<252) + Array(65490..<65530).filter({ $0 % 4 == 0 }) {
      let dictionary: PlistDictionary = ["K": .data(PlistData(Array(repeating: 1, count: length)))]
      let bytes = try PropertyList.encode(.dictionary(dictionary), as: .binary)
      let edits: [(String, PlistValue)] = [
        ("K", .data(PlistData(Array(repeating: 2, count: length + 9)))),
        ("K", .data(PlistData(Array(repeating: 2, count: length - 9)))), ("L", "0123456789"),
      ]
      #expect(Self.check(bytes, edits: edits, "data of \(length)"))
    }
  }

  /// Foundation reads the rewritten file as the dictionary with the key set.
  @Test(arguments: 0..<6)
  func foundationReadsTheRewrite(seed: Int) throws {
    var dictionary = PlistDictionary()
    var random = SplitMix(UInt64(seed))
    for i in 0..<(seed * 30 + 3) {
      dictionary["Key\(i)"] =
        random.next() % 2 == 0
        ? .string("v\(random.next() % 9) é") : .integer(PlistInteger(Int64(i % 5)))
    }
    let bytes = try PropertyList.encode(.dictionary(dictionary), as: .binary)
    let rewritten: [UInt8]? = bytes.withUnsafeBufferPointer { buffer in
      guard var rewrite = BinaryCanonicalDomain(buffer)?.rewrite(setting: "Key1", to: "v3 é")
      else { return nil }
      let out = ByteOutput()
      rewrite.writeObjects(to: out)
      return out.finish()
    }
    let written = try #require(rewritten)
    dictionary["Key1"] = "v3 é"
    let object = try PropertyListSerialization.propertyList(
      from: Data(written), options: [], format: nil)
    #expect(FoundationBridge.value(object) == .dictionary(dictionary))
  }

  /// Files the writer would write otherwise: not taken.
  @Test func otherLayoutsAreNotTaken() throws {
    // A UTF-16 string of ASCII, a 1-byte integer in two bytes, a 4-byte real, a repeated
    // string, and an array with a 1-byte count.
    let cases: [[UInt8]] = [
      [0xD1, 1, 2, 0x51, 0x61, 0x61, 0x00, 0x62],
      [0xD1, 1, 2, 0x51, 0x61, 0x11, 0x00, 0x05],
      [0xD1, 1, 2, 0x51, 0x61, 0x22, 0x3F, 0x80, 0x00, 0x00],
      [0xD1, 1, 2, 0x51, 0x61, 0x51, 0x61],
      [0xD1, 1, 2, 0x51, 0x61, 0xAF, 0x10, 0x00],
    ]
    for objects in cases {
      var bytes = Array("bplist00".utf8) + objects
      let table = bytes.count
      let starts = [8, 11, 13]
      bytes += starts.map { UInt8($0) }
      bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 3] + [0, 0, 0, 0, 0, 0, 0, 0]
      bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
      #expect(!Self.check(bytes, "\(objects)"))
    }
    // One array that two keys share (the writer writes one per use).
    var shared = Array("bplist00".utf8) + [0xD2, 1, 2, 3, 3, 0x51, 0x61, 0x51, 0x62, 0xA0]
    shared += [8, 13, 15, 17]
    shared += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 4] + [0, 0, 0, 0, 0, 0, 0, 0]
    shared += [0, 0, 0, 0, 0, 0, 0, 18]
    #expect(!Self.check(shared, "shared array"))
  }
}
