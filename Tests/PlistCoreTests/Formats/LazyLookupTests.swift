import Foundation
import Testing

@testable import PlistCore

/// A look-up of one top-level key (`PropertyList.lookUp`, which `read D K` uses) answers and
/// refuses exactly as a full read followed by a dictionary look-up: on the corpus, on
/// generated domains, and on thousands of damaged copies of them. (The `lazy` fuzz target
/// makes the same comparison on whatever libFuzzer makes.)
@Suite("Lazy one-key look-up")
struct LazyLookupTests {
  /// Compares the look-up with the full read for `keys`, and returns how many look-ups
  /// were decided without a full read.
  @discardableResult
  static func compare(_ bytes: [UInt8], keys extra: [String] = [], _ note: String) -> Int {
    guard !bytes.isEmpty else { return 0 }
    return bytes.withUnsafeBufferPointer { buffer in
      let full = Result { () throws(PlistParseError) in
        try PropertyList.decode(buffer: buffer, allowJSON: true).value
      }
      var keys = ["", "Key", "missing"] + extra
      if case .success(.dictionary(let dictionary)) = full { keys += dictionary.keys.prefix(40) }
      var decided = 0
      for key in keys {
        let lazy = Result { () throws(PlistParseError) in
          try PropertyList.lookUp(key, in: buffer)
        }
        if case .success(.needsFullRead) = lazy { continue }
        decided += 1
        switch (full, lazy) {
        case (.failure(let error), .failure(let lazyError)):
          #expect(lazyError == error, "\(note), key \(key)")
        case (.success(let value), .success(let answer)):
          #expect(answer == TopLevelLookup(key: key, in: value), "\(note), key \(key)")
        default:
          Issue.record("\(note), key \(key): full \(full), look-up \(lazy)")
        }
      }
      return decided
    }
  }

  @Test("agrees with the full read", arguments: Fixtures.corpus)
  func corpusFile(_ entry: Fixtures.CorpusEntry) throws {
    Self.compare(try Fixtures.bytes("corpus/\(entry.file)"), entry.file)
  }

  /// A domain of every type, shared values, nested containers, non-ASCII keys.
  static func domain(_ seed: UInt64, count: Int) -> PlistValue {
    var random = SplitMix(seed)
    var dictionary = PlistDictionary()
    let shared = PlistValue.array([.string("shared"), .integer(7)])
    for i in 0..<count {
      let key = random.next() % 5 == 0 ? "Clé\(i)😀" : "Key\(i)"
      switch random.next() % 9 {
      case 0: dictionary[key] = .string("value \(i) ünïcode")
      case 1: dictionary[key] = .integer(PlistInteger(Int64(bitPattern: random.next())))
      case 2: dictionary[key] = .real(Double(random.next() % 1000) / 7)
      case 3: dictionary[key] = .boolean(random.next() % 2 == 0)
      case 4: dictionary[key] = .date(PlistDate(secondsSinceReferenceDate: Double(i)))
      case 5: dictionary[key] = .data(PlistData((0..<(i % 20)).map { UInt8($0) }))
      case 6: dictionary[key] = shared
      case 7: dictionary[key] = .dictionary(["x": .integer(PlistInteger(Int64(i))), "y": shared])
      default: dictionary[key] = .uid(UInt64(i))
      }
    }
    return .dictionary(dictionary)
  }

  @Test(arguments: [PlistFormat.binary, .xml])
  func generatedDomainsAndTheirDamagedCopies(format: PlistFormat) throws {
    var random = SplitMix(12)
    var decided = 0
    for seed in 0..<6 {
      let value = Self.domain(UInt64(seed), count: [0, 1, 3, 40, 200, 700][seed])
      let bytes = try PropertyList.encode(value, as: format)
      decided += Self.compare(bytes, keys: ["Key2", "Key39", "Clé5😀"], "seed \(seed)")
      for round in 0..<150 {
        var damaged = bytes
        let at = Int(random.next() % UInt64(damaged.count))
        switch round % 3 {
        case 0: damaged[at] ^= UInt8(truncatingIfNeeded: random.next() | 1)
        case 1: damaged.removeSubrange(at...)
        default: damaged[at] = UInt8(truncatingIfNeeded: random.next())
        }
        decided += Self.compare(damaged, keys: ["Key2"], "seed \(seed) damaged at \(at)")
      }
    }
    if format == .binary { #expect(decided > 1000) }
  }

  @Test func repeatedKeysLastOneCounts() throws {
    // Two entries with the key "a": objects 1 ("a"), 2 (1), 3 (2); the dictionary is 0.
    var bytes = Array("bplist00".utf8)
    bytes += [0xD2, 1, 1, 2, 3]  // {a: 1, a: 2}
    bytes += [0x51, 0x61, 0x10, 0x01, 0x10, 0x02]
    let table = bytes.count
    bytes += [8, 13, 15, 17]
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 4] + [0, 0, 0, 0, 0, 0, 0, 0]
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
    let answer = try bytes.withUnsafeBufferPointer { try PropertyList.lookUp("a", in: $0) }
    #expect(answer == .found(.integer(2)))
    #expect(Self.compare(bytes, keys: ["a"], "repeated keys") > 0)
  }
}

/// A small deterministic generator, so that a failure can be replayed.
struct SplitMix {
  var state: UInt64
  init(_ seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
