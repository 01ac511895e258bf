import Testing

@testable import PlistCore

/// `XMLCanonicalDomain`, on which a one-key write relies: a file it takes reads as a
/// dictionary, holds the values it says, and with one key set gives exactly the bytes the
/// full write gives — on generated domains and damaged copies; the corpus in every format
/// is `VisitorAgreementTests`', and the XML fuzz target checks the same on whatever
/// libFuzzer makes.
@Suite("Canonical XML domain")
struct CanonicalDomainTests {
  /// Whether the file was taken; checks it (`VisitorAgreement.oneKeyWrite`) when it was,
  /// with keys outside the Basic Multilingual Plane and values to escape or nest too.
  @discardableResult
  static func check(
    _ bytes: [UInt8], _ note: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    var found: [String] = []
    let writes = VisitorAgreement.KeyWrites(
      keys: ["Clé\u{10000}", "\u{E000}"],
      values: ["a&b", [1.5, true], .data(PlistData([1, 2]))])
    let taken = VisitorAgreement.oneKeyWrite(bytes, &found, writes: writes)
    #expect(found.isEmpty, "\(note): \(found)", sourceLocation: sourceLocation)
    return taken
  }

  @Test func generatedDomainsAndDamagedCopies() throws {
    var random = SplitMix(5)
    var taken = 0
    for seed in 0..<8 {
      var dictionary = PlistDictionary()
      for i in 0..<(seed * 13 + 1) {
        let key = i % 7 == 0 ? "Clé\(i)\u{10000}" : i % 11 == 0 ? "\u{E000}\(i)" : "Key\(i)"
        switch random.next() % 4 {
        case 0: dictionary[key] = .string("value \(i) é\r\n\u{1}")
        case 1: dictionary[key] = .integer(PlistInteger(Int64(bitPattern: random.next())))
        case 2: dictionary[key] = .boolean(i % 2 == 0)
        default: dictionary[key] = .integer(PlistInteger(random.next()))
        }
      }
      let bytes = try PropertyList.encode(.dictionary(dictionary), as: .xml)
      #expect(Self.check(bytes, "seed \(seed)"), "a file the writer wrote is taken")
      for _ in 0..<200 {
        var damaged = bytes
        let at = Int(random.next() % UInt64(damaged.count))
        damaged[at] = Array("<>&/0-9a\t\n\"".utf8)[Int(random.next() % 11)]
        if Self.check(damaged, "seed \(seed), byte \(at)") { taken += 1 }
      }
    }
    #expect(taken > 100)
  }
}
