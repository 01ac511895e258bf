import Foundation
import PlistCore
import TestSupport
import Testing

/// The domain operations the commands call, on a store in a temporary root.
@Suite("Domain store")
struct DomainStoreTests {
  /// A store in a fresh directory; the caller removes `directory`.
  static func store() throws -> (DomainStore, TemporaryDirectory) {
    let directory = try TemporaryDirectory()
    return (try DomainStore(root: directory.path("config")), directory)
  }

  static let pigeon = (try? Domain(named: "com.example.pigeon")) ?? .global

  @Test func writesReadsAndRemovesValues() throws {
    let (store, directory) = try Self.store()
    defer { directory.remove() }
    let location = PlistPath(":HPLocation:lat") ?? .root
    try store.write(.set(.real(52.5)), at: location, in: Self.pigeon)
    try store.write(.arrayAdd(["a"]), at: PlistPath(topLevelKey: "Recent"), in: Self.pigeon)
    #expect(try store.value(at: location, in: Self.pigeon) == .real(52.5))
    #expect(try store.dictionary(of: Self.pigeon).keys == ["HPLocation", "Recent"])
    try store.moveValue(
      from: PlistPath(topLevelKey: "Recent"), to: PlistPath(topLevelKey: "Old"), in: Self.pigeon)
    #expect(try store.value(at: PlistPath(topLevelKey: "Old"), in: Self.pigeon) == .array(["a"]))
    try store.removeValue(at: PlistPath(topLevelKey: "Old"), from: Self.pigeon)
    try store.removeValue(at: PlistPath(topLevelKey: "HPLocation"), from: Self.pigeon)
    // The last key gone, the file goes too, and the domain no longer exists.
    #expect(!store.exists(Self.pigeon))
    #expect(throws: PlistError.domainNotFound(domain: "com.example.pigeon")) {
      try store.dictionary(of: Self.pigeon)
    }
  }

  @Test func refusalsNameWhatIsWrong() throws {
    let (store, directory) = try Self.store()
    defer { directory.remove() }
    let key = PlistPath(topLevelKey: "k")
    #expect(throws: PlistError.domainNotFound(domain: "com.example.pigeon")) {
      try store.removeValue(at: key, from: Self.pigeon)
    }
    // A missing domain is not created by a refused delete.
    #expect(!FileManager.default.fileExists(atPath: directory.path("config")))
    try store.write(.set("text"), at: key, in: Self.pigeon)
    #expect(throws: PlistError.typeMismatch(at: key, expected: .array, found: .string)) {
      try store.write(.arrayAdd([1]), at: key, in: Self.pigeon)
    }
    #expect(
      throws: PlistError.keyNotFound(PlistPath(topLevelKey: "x"), domain: "com.example.pigeon")
    ) {
      try store.value(at: PlistPath(topLevelKey: "x"), in: Self.pigeon)
    }
    #expect(throws: PlistError.notADictionary(source: "<stdin>", found: .array)) {
      try store.merge([1, 2], from: "<stdin>", into: Self.pigeon)
    }
    #expect(try store.value(at: key, in: Self.pigeon) == "text")
  }

  @Test func anEmptyDomainCountsAsMissing() throws {
    let (store, directory) = try Self.store()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.path("config"), withIntermediateDirectories: true)
    try directory.write("config/com.example.pigeon.plist", "{}")
    #expect(throws: PlistError.domainNotFound(domain: "com.example.pigeon")) {
      try store.dictionary(of: Self.pigeon)
    }
  }

  @Test func mergeReplaceListAndFind() throws {
    let (store, directory) = try Self.store()
    defer { directory.remove() }
    try store.merge(["a": 1, "b": ["nested": "Japan"]], from: "x", into: Self.pigeon)
    try store.merge(["c": 3], from: "x", into: Self.pigeon)
    #expect(try store.dictionary(of: Self.pigeon).keys == ["a", "b", "c"])
    try store.merge(["z": 0], from: "x", into: Self.pigeon, replacing: true)
    #expect(try store.dictionary(of: Self.pigeon).keys == ["z"])
    try store.replace(.global, with: ["Lang": "ja"])
    try store.write(.set(["deep": ["JAPAN"]]), at: PlistPath(topLevelKey: "k"), in: Self.pigeon)
    #expect(try store.allDomains().map(\.domain) == [Self.pigeon, .global])
    let found = try store.find("jA")
    #expect(found.map(\.domain) == [Self.pigeon, .global])
    #expect(found.first?.dictionary.keys == ["k"])
    #expect(try store.find("nothing like it").isEmpty)
  }

  @Test func jsonAndOpenStepPathDomainsAreReadButNotWritten() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("d.plist", "{\"a\": 1}")
    let store = try DomainStore(root: directory.path("config"))
    let domain = try Domain(argument: directory.path("d.plist"), home: nil)
    #expect(try store.value(at: PlistPath(topLevelKey: "a"), in: domain) == 1)
    #expect(throws: PlistError.unwritableFormat(path: directory.path("d.plist"), format: .json)) {
      try store.write(.set(2), at: PlistPath(topLevelKey: "a"), in: domain)
    }
  }

  @Test(arguments: [
    ("", PlistError.InvalidName.empty), ("a/b", .containsSlash), (".hidden", .startsWith(".")),
    ("a\u{0}b", .containsNUL), (String(repeating: "x", count: 251), .tooLong(limit: 250)),
    // A combining mark makes one Character of `/` or `.` and itself; the bytes still say
    // a separator and a hidden file.
    ("a/\u{338}b", .containsSlash), (".\u{301}x", .startsWith(".")),
    ("-\u{301}x", .startsWith("-")),
  ])
  func invalidDomainNamesSayWhy(_ name: String, _ reason: PlistError.InvalidName) {
    #expect(throws: PlistError.invalidDomainName(name, reason)) { try Domain(named: name) }
  }

  @Test func theRootNeedsHomeOrAnAbsoluteXDGDirectory() throws {
    #expect(throws: PlistError.noPreferencesDirectory) {
      try DomainStore(environment: ["XDG_CONFIG_HOME": "relative"])
    }
    #expect(try DomainStore(environment: ["HOME": "/h/"]).root == "/h/.config")
    #expect(try DomainStore(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]).root == "/x")
    #expect(throws: PlistError.invalidHost("a/b")) {
      try DomainStore(root: "/r", host: .named("a/b"))
    }
  }
}
