import Foundation
import Testing

@testable import PlistCore

/// A look-up of one top-level key (`PropertyList.lookUp`, which `read D K` uses) answers and
/// refuses exactly as a full read followed by a dictionary look-up (`VisitorAgreement.lookUp`,
/// which `VisitorAgreementTests` and the fuzz targets run on the corpus and on whatever
/// libFuzzer makes): here on generated domains and thousands of damaged copies of them, and
/// on the cases written for it.
@Suite("Lazy one-key look-up")
struct LazyLookupTests {
  /// Compares the look-up with the full read for `keys` and the root's first forty, and
  /// returns how many look-ups were decided without a full read.
  @discardableResult
  static func compare(
    _ bytes: [UInt8], keys extra: [String] = [], _ note: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    var found: [String] = []
    let decided = VisitorAgreement.lookUp(bytes, keys: extra, first: 40, &found)
    #expect(found == [], "\(note)", sourceLocation: sourceLocation)
    return decided
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
        let (damaged, at) = random.damage(bytes, round: round)
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

  /// XML the look-up reads its own way (keys as bytes, `<string>` and `<key>` without a
  /// tag look-up) or must leave to the full read (a UID root), and XML that is refused.
  @Test(arguments: [
    "<plist><dict><key>a</key><integer>1</integer><key>a</key><string>2</string></dict></plist>",
    "<plist><dict><key>CF$UID</key><integer>3</integer></dict></plist>",
    "<plist><dict><key>CF$UID</key><integer>3</integer><key>CF$UID</key><integer>4</integer></dict></plist>",
    "<plist><dict><key>CF$UID</key><integer>-3</integer></dict></plist>",
    "<dict><key>Key</key><true/></dict>",
    "<plist><dict><key>K&amp;ey</key><string>x</string><key>Key</key><string>a&lt;b</string></dict></plist>",
    "<plist><dict><key><![CDATA[Key]]></key><string>c</string></dict></plist>",
    "<plist><dict><!-- c --><key>Key</key><!-- c --><string>v<!-- c --></string></dict></plist>",
    "<plist><dict><key >Key</key ><string >v</string ></dict></plist>",
    "<plist><dict><key/><string/><key>Key</key><data>AAEC</data></dict></plist>",
    "<plist><array><string>Key</string></array></plist>",
    "<plist><dict><key>Key</key></dict></plist>",
    "<plist><dict><key>a</key><string>\u{FFFD}</string><key>Key</key><date>2001-01-01T00:00:00Z</date></dict></plist>",
    "<plist><dict><key>Key</key><integer>99999999999999999999</integer></dict></plist>",
    "<plist><dict><key>x</key><string>a&bogus;</string><key>Key</key><real>1</real></dict></plist>",
    "<plist><dict><key>Key</key><string>v</string></dict></plist><extra/>",
    "<plist><dict><string>Key</string><string>v</string></dict></plist>",
    "<plist><dict><key>Key</key><dict><key>in</key><array><string>v</string></array></dict></dict></plist>",
    "<plist><dict><key>Key</key><string>v</strin></dict></plist>",
    "<plist><dict><key>Key</key><string>v</string>",
    // Where the reader agrees with CoreFoundation (readers branch): refused in skipped values too.
    "<plist><dict><key>a</key><string>x<!-- c -->y</string><key>Key</key><true/></dict></plist>",
    "<plist><dict><!DOCTYPE plist><key>Key</key><true/></dict></plist>",
    "<!DOCTYPE plist [<!ENTITY e 'x'>]><plist><dict><key>Key</key><true/></dict></plist>",
    "<plist><dict><key>a</key><string q=\">\">x</string><key>Key</key><true/></dict></plist>",
    "<plist><dict><?><key>Key</key><true/></dict></plist>",
    "<plist><dict><key>a</key><string>&#X41;</string><key>Key</key><true/></dict></plist>",
    "<plist><dict><key>a</key><date>2021-02-30T00:00:00Z</date><key>Key</key><true/></dict></plist>",
    "<plist><dict><key>a</key><real>1.5 </real><key>Key</key><true/></dict></plist>",
    "<!----><plist><dict><key>Key</key><true/></dict></plist>",
    "<plist><dict><key>a</key><data/><key>Key</key><true/></dict></plist>",
    "<plist><dict><key>a</key><data>QQ</data><key>Key</key><true/></dict></plist>",
    "<plist><dict><key>a</key><data>QUJD====</data><key>Key</key><true/></dict></plist>",
    "<plist><dict><key>a</key><dict><key>CF$UID</key><integer>-1</integer></dict><key>Key</key><true/></dict></plist>",
    "<plist><dict><key>a</key><dict><key>CF$UID</key><real>1</real><key>CF$UID</key><real>2</real></dict></dict></plist>",
    "<plist><dict><key>CF$UID</key><real>1.5</real></dict></plist>",
    "<plist><dict><key>a</key><date>2024-01-32T00:00:00Z</date><key>Key</key><date>2024-13-01T00:00:00Z</date></dict></plist>",
  ])
  func xmlCases(document: String) {
    Self.compare(Array(document.utf8), keys: ["a", "CF$UID", "K&ey", "in"], document)
  }

  /// A root that is not a dictionary is built in full by the look-up's own walk, and handed
  /// back, so that no caller reads the file a second time (`plutil -extract` on an array,
  /// `read` of a domain whose root is a string): the value the full read makes.
  @Test(arguments: [PlistFormat.binary, .xml])
  func aRootThatIsNotADictionaryComesBackReadInFull(format: PlistFormat) throws {
    let nested: PlistValue = ["in": [1, "é😀", ["CF$UID": "not a UID"]], "k": 2.5]
    let roots: [PlistValue] = [
      [], ["Key", 1, nested, .uid(9)], "Key", 7, .uid(3), .data(PlistData([1, 2])),
    ]
    for root in roots {
      let bytes = try PropertyList.encode(root, as: format)
      let full = try PropertyList.decode(bytes)
      let answer = try bytes.withUnsafeBufferPointer { try PropertyList.lookUp("Key", in: $0) }
      #expect(answer == .notADictionary(full.value), "\(root)")
      let kept = try PropertyList.decode(keepingOnly: "Key", of: bytes)
      #expect(kept.value == full.value && kept.format == format, "\(root)")
    }
  }

  @Test func xmlInvalidUTF8AndOtherEncodings() throws {
    var bytes = Array("<plist><dict><key>a</key><string>".utf8) + [0xC3, 0x28]
    bytes += Array("</string><key>Key</key><string>v</string></dict></plist>".utf8)
    Self.compare(bytes, "invalid UTF-8 in a skipped value")
    let latin1 =
      Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><dict><key>K".utf8)
      + [0xE9] + Array("</key><string>v</string></dict></plist>".utf8)
    #expect(Self.compare(latin1, keys: ["Ké"], "Latin-1") > 0)
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in "<plist><dict><key>Key</key><string>é</string></dict></plist>".utf16 {
      utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    #expect(Self.compare(utf16, "UTF-16") > 0)
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

  /// A copy of `bytes` (not empty) damaged at a random place, by round: a byte flipped, the
  /// rest cut off, or a byte replaced.
  mutating func damage(_ bytes: [UInt8], round: Int) -> (bytes: [UInt8], at: Int) {
    var damaged = bytes
    let at = Int(next() % UInt64(damaged.count))
    switch round % 3 {
    case 0: damaged[at] ^= UInt8(truncatingIfNeeded: next() | 1)
    case 1: damaged.removeSubrange(at...)
    default: damaged[at] = UInt8(truncatingIfNeeded: next())
    }
    return (damaged, at)
  }
}
