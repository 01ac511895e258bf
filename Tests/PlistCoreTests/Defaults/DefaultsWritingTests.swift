import Foundation
import TestSupport
import Testing

@testable import PlistCore

@Suite("Defaults: writing through")
struct DefaultsWritingTests {
  @Test func setWritesTheFileBeforeItReturnsAndKeepsOtherWritersKeys() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    defaults.set(1, forKey: "HPMapType")
    #expect(try box.read("com.example.pigeon.plist") == ["HPMapType": 1])
    // Another writer adds a key behind this instance's back; the next set keeps it.
    try box.write("com.example.pigeon.plist", ["HPMapType": 1, "other": "kept"])
    defaults.set(90.0, forKey: "HPHeading")
    #expect(
      try box.read("com.example.pigeon.plist")
        == ["HPMapType": 1, "other": "kept", "HPHeading": 90.0])
    defaults.removeObject(forKey: "HPMapType")
    defaults.set(PlistValue?.none, forKey: "HPHeading")
    #expect(try box.read("com.example.pigeon.plist") == ["other": "kept"])
    defaults.removeObject(forKey: "other")
    #expect(!FileManager.default.fileExists(atPath: box.root + "/com.example.pigeon.plist"))
  }

  @Test func swiftValuesOfEveryKindAreStored() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    defaults.set("text", forKey: "string")
    defaults.set(-3, forKey: "int")
    defaults.set(UInt64.max, forKey: "uint64")
    defaults.set(2.5, forKey: "double")
    defaults.set(Float(0.1), forKey: "float")
    defaults.set(true, forKey: "bool")
    defaults.set(["a", "b"], forKey: "strings")
    defaults.set(["lat": 51.5, "lon": -0.1], forKey: "location")
    defaults.set(["x", 1, false] as PlistValue, forKey: "mixed")
    defaults.set(["k": [1, 2]] as PlistValue, forKey: "nested")
    defaults.set(PlistData([0, 255]), forKey: "data")
    defaults.set(PlistDate(secondsSinceReferenceDate: 0), forKey: "date")
    let stored = try #require(try box.read("com.example.pigeon.plist"))
    #expect(stored["uint64"] == .integer(PlistInteger(UInt64.max)))
    #expect(stored["float"] == .real(Double(Float(0.1))))
    #expect(stored["mixed"] == ["x", 1, false])
    #expect(stored["nested"] == ["k": [1, 2]])
    #expect(defaults.stringArray(forKey: "strings") == ["a", "b"])
    #expect(defaults.dictionary(forKey: "location")?["lat"] == 51.5)
    #expect(defaults.data(forKey: "data") == PlistData([0, 255]))
    #expect(stored.count == 12)
  }

  @Test func aBatchIsOneWrite() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    defaults.set("old", forKey: "gone")
    try defaults.batch { batch in
      for index in 0..<100 { batch.set(index, forKey: "key\(index)") }
      batch.removeObject(forKey: "gone")
    }
    let stored = try #require(try box.read("com.example.pigeon.plist"))
    #expect(stored.count == 100)
    #expect(stored["gone"] == nil)
  }

  @Test func aFailedWriteStaysVisibleAndIsRetriedBySynchronize() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    let file = box.root + "/com.example.pigeon.plist"
    try Data("not a plist <".utf8).write(to: URL(fileURLWithPath: file))
    defaults.set(7, forKey: "pending")
    #expect(defaults.lastWriteError != nil)
    #expect(defaults.integer(forKey: "pending") == 7)
    #expect(throws: PlistError.self) { try defaults.write(.integer(8), forKey: "other") }
    #expect(!defaults.synchronize())
    // The broken file was never overwritten; once it is repaired, the write goes through.
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("not a plist <".utf8))
    try FileManager.default.removeItem(atPath: file)
    #expect(defaults.synchronize())
    #expect(defaults.lastWriteError == nil)
    #expect(try box.read("com.example.pigeon.plist") == ["pending": 7])
  }

  @Test func persistentDomainsAreWholeFiles() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    try defaults.setPersistentDomain(["a": 1, "b": 2], forName: "com.example.other")
    #expect(defaults.persistentDomain(forName: "com.example.other") == ["a": 1, "b": 2])
    try defaults.setPersistentDomain(["AppleLocale": "en_GB"], forName: "NSGlobalDomain")
    #expect(try box.read(".GlobalPreferences.plist") == ["AppleLocale": "en_GB"])
    #expect(defaults.string(forKey: "AppleLocale") == "en_GB")
    try defaults.removePersistentDomain(forName: "com.example.other")
    #expect(defaults.persistentDomain(forName: "com.example.other") == nil)
    #expect(throws: PlistError.self) { try defaults.setPersistentDomain([:], forName: "../x") }
  }

  @Test func strictGettersThrowATypedErrorNamingTheKeyAndLayer() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    try box.write(
      "com.example.pigeon.plist",
      [
        "n": "12", "bad": "12abc", "real": 3.9, "yes": "YES", "maybe": "maybe", "one": 1,
        "list": ["a", "b"], "mixed": ["a", 1],
      ])
    #expect(try defaults.value(forKey: "n", as: Int.self) == 12)
    #expect(try defaults.value(forKey: "missing", as: Int.self) == nil)
    #expect(try defaults.value(forKey: "yes", as: Bool.self) == true)
    #expect(try defaults.value(forKey: "one", as: Bool.self) == true)
    #expect(try defaults.value(forKey: "one", as: Double.self) == 1)
    #expect(try defaults.value(forKey: "list", as: [String].self) == ["a", "b"])
    #expect(
      throws: PlistError.invalidDefault(
        key: "bad", layer: .app(.any), expected: .integer, found: .string)
    ) {
      try defaults.value(forKey: "bad", as: Int.self)
    }
    #expect(
      throws: PlistError.invalidDefault(
        key: "real", layer: .app(.any), expected: .integer, found: .real)
    ) {
      try defaults.value(forKey: "real", as: Int.self)
    }
    #expect(throws: PlistError.self) { try defaults.value(forKey: "maybe", as: Bool.self) }
    #expect(throws: PlistError.self) { try defaults.value(forKey: "mixed", as: [String].self) }
  }
}

/// Values written by `Defaults` read back by Foundation's UserDefaults, and the other way,
/// for every type (Foundation in its own process: UserDefaultsProbe).
@Suite("Defaults and Foundation read each other's writes")
struct DefaultsFoundationInteropTests {
  static let probe = ChildProcess.product("UserDefaultsProbe")

  @Test func foundationReadsWhatDefaultsSets() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults("com.example.interop")
    defaults.set("hello wörld", forKey: "aString")
    defaults.set(42, forKey: "anInteger")
    defaults.set(0.1, forKey: "aReal")
    defaults.set(true, forKey: "aBoolean")
    defaults.set(PlistDate(secondsSinceReferenceDate: 700_000_000), forKey: "aDate")
    defaults.set(PlistData([0, 1, 2, 254, 255]), forKey: "someData")
    defaults.set(["x", 1, false] as PlistValue, forKey: "anArray")
    defaults.set(["inner": ["deep": 2.5]], forKey: "aDictionary")
    let keys = [
      "aString", "anInteger", "aReal", "aBoolean", "aDate", "someData", "anArray", "aDictionary",
    ]
    let result = try ChildProcess.run(
      Self.probe, ["dump", "com.example.interop"] + keys,
      environment: ["XDG_CONFIG_HOME": box.root])
    #expect(
      result.stdout == """
        aString string hello wörld
        anInteger integer 42
        aReal real 0.1
        aBoolean bool true
        aDate date 700000000.0
        someData data AAEC/v8=
        anArray array [string x, integer 1, bool false]
        aDictionary dict {inner: dict {deep: real 2.5}}

        """)
  }

  @Test func defaultsReadsWhatFoundationSets() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let result = try ChildProcess.run(
      Self.probe, ["write", "com.example.interop"], environment: ["XDG_CONFIG_HOME": box.root])
    #expect(result.status == 0)
    let defaults = try box.defaults("com.example.interop")
    #expect(defaults.object(forKey: "aString") == "hello wörld")
    #expect(defaults.integer(forKey: "anInteger") == 42)
    #expect(defaults.integer(forKey: "aNegative") == -7)
    #expect(defaults.double(forKey: "aReal") == 0.1)
    #expect(defaults.bool(forKey: "aBoolean"))
    #expect(
      defaults.object(forKey: "aDate") == .date(PlistDate(secondsSinceReferenceDate: 700_000_000)))
    #expect(defaults.data(forKey: "someData") == PlistData([0, 1, 2, 254, 255]))
    #expect(defaults.array(forKey: "anArray") == ["x", 1, false])
    #expect(defaults.dictionary(forKey: "aDictionary") == ["inner": ["deep": 2.5]])
  }
}

@Suite("Defaults: Codable values")
struct DefaultsCodableTests {
  struct Location: Codable, Equatable {
    var latitude: Double
    var longitude: Double
    var name: String?
  }

  @Test func aStructIsStoredAsADictionaryAndDecodedBack() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    let home = Location(latitude: 51.5, longitude: -0.12, name: "home")
    try defaults.set(encoding: home, forKey: "HPLocation")
    #expect(
      try box.read("com.example.pigeon.plist")?["HPLocation"]
        == ["latitude": 51.5, "longitude": -0.12, "name": "home"])
    #expect(try defaults.decoded(Location.self, forKey: "HPLocation") == home)
    #expect(try defaults.decoded(Location.self, forKey: "missing") == nil)
  }

  @Test func dataHoldingAnEncodedPlistDecodesToo() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    let bytes = try PlistEncoder().encode(Location(latitude: 1, longitude: 2, name: nil))
    defaults.set(PlistData(bytes), forKey: "asData")
    #expect(
      try defaults.decoded(Location.self, forKey: "asData")
        == Location(latitude: 1, longitude: 2, name: nil))
  }

  @Test func aValueThatDoesNotFitNamesTheCodingPath() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    defaults.set(["latitude": "north", "longitude": 2.0] as PlistDictionary, forKey: "bad")
    do {
      _ = try defaults.decoded(Location.self, forKey: "bad")
      Issue.record("decoded a string as a Double")
    } catch DecodingError.typeMismatch(_, let context) {
      #expect(context.codingPath.map(\.stringValue) == ["latitude"])
    }
  }
}
