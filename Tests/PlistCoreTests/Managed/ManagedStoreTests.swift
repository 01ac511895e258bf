import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// The store honours managed files: it refuses changes to forced keys when asked to (as
/// plistctl's commands ask) and applies set-once values once per change of the
/// administrator's value.
@Suite("Managed files in the store")
struct ManagedStoreTests {
  let directory: TemporaryDirectory
  let managed: ManagedFiles
  let app: Domain

  init() throws {
    app = try Domain(named: "com.example.app")
    directory = try TemporaryDirectory()
    managed = ManagedFiles(in: directory)
  }

  func store(refusing: Bool = true) throws -> DomainStore {
    var store = try DomainStore(root: directory.path("config"))
    store.managed = managed.locations()
    store.refusesForcedKeys = refusing
    return store
  }

  @Test func everyChangeToAForcedOrLockedKeysStoredValueIsRefused() throws {
    defer { directory.remove() }
    let forced = try managed.write(.forced, "com.example.app", ["Kiosk": true])
    let locked = try managed.write(.locked, "com.example.app", .array(["Volume"]))
    let global = try managed.write(.forced, ".GlobalPreferences", ["AppleLocale": "de_DE"])
    let store = try store()
    try store.write(.set("x"), at: PlistPath(topLevelKey: "Other"), in: app)
    let before = try Data(contentsOf: URL(fileURLWithPath: store.path(of: app)))

    func refused(_ key: String, _ source: String, _ change: () throws(PlistError) -> Void) {
      #expect(
        throws: PlistError.forcedByAdministrator(
          key: key, domain: "com.example.app", source: source)
      ) { try change() }
    }
    refused("Kiosk", forced) { () throws(PlistError) in
      try store.write(.set(false), at: PlistPath(topLevelKey: "Kiosk"), in: app)
    }
    refused("Kiosk", forced) { () throws(PlistError) in
      try store.write(.set(1), at: PlistPath(components: ["Kiosk", "nested"]), in: app)
    }
    refused("Volume", locked) { () throws(PlistError) in
      try store.write(.set(3), at: PlistPath(topLevelKey: "Volume"), in: app)
    }
    refused("AppleLocale", global) { () throws(PlistError) in
      try store.write(.set("en_US"), at: PlistPath(topLevelKey: "AppleLocale"), in: app)
    }
    refused("Kiosk", forced) { () throws(PlistError) in
      try store.moveValue(
        from: PlistPath(topLevelKey: "Other"), to: PlistPath(topLevelKey: "Kiosk"), in: app)
    }
    refused("Kiosk", forced) { () throws(PlistError) in
      try store.merge(["Kiosk": false], from: "-", into: app)
    }
    refused("Kiosk", forced) { () throws(PlistError) in
      try store.replace(app, with: ["Kiosk": false, "Other": "x"])
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: store.path(of: app))) == before)
    // Other keys are the user's, and so is the global domain's forced key for the global
    // domain's own file.
    try store.write(.set("y"), at: PlistPath(topLevelKey: "Other"), in: app)
    #expect(
      throws: PlistError.forcedByAdministrator(
        key: "AppleLocale", domain: "NSGlobalDomain", source: global)
    ) {
      try store.write(.set("en_US"), at: PlistPath(topLevelKey: "AppleLocale"), in: .global)
    }
    // A store that does not refuse (Defaults' own) stores the user's value.
    try self.store(refusing: false).write(.set(false), at: PlistPath(topLevelKey: "Kiosk"), in: app)
    #expect(try store.dictionary(of: app)["Kiosk"] == false)
  }

  @Test func aSetOnceValueIsAppliedOncePerChangeOfTheAdministratorsValue() throws {
    defer { directory.remove() }
    let file = try managed.write(.setOnce, "com.example.app", ["Theme": "dark", "Size": 12])
    let store = try store()
    // The first read applies them, before the read.
    #expect(try store.value(forKey: "Theme", in: app) == "dark")
    #expect(try store.dictionary(of: app) == ["Theme": "dark", "Size": 12])
    // Then the user's own changes stand, read after read.
    try store.write(.set("light"), at: PlistPath(topLevelKey: "Theme"), in: app)
    try store.removeValue(at: PlistPath(topLevelKey: "Size"), from: app)
    #expect(try store.dictionary(of: app) == ["Theme": "light"])
    #expect(try store.dictionary(of: app) == ["Theme": "light"])
    // The administrator changes one value: that one is applied again, once.
    try managed.write(.setOnce, "com.example.app", ["Theme": "blue", "Size": 12])
    #expect(try store.dictionary(of: app) == ["Theme": "blue"])
    try store.write(.set("light"), at: PlistPath(topLevelKey: "Theme"), in: app)
    #expect(try store.dictionary(of: app) == ["Theme": "light"])
    // Removed, then given again unchanged: not a change, so the user's value stands; a new
    // value is one.
    managed.remove(file)
    #expect(try store.dictionary(of: app) == ["Theme": "light"])
    try managed.write(.setOnce, "com.example.app", ["Theme": "blue"])
    #expect(try store.dictionary(of: app) == ["Theme": "light"])
    try managed.write(.setOnce, "com.example.app", ["Theme": "green"])
    #expect(try store.dictionary(of: app) == ["Theme": "green"])
    // The record is the user's, beside the domains.
    let record = directory.path("config/plistctl/set-once/com.example.app.plist")
    #expect(try DomainStore.read(record)?.dictionary == ["Theme": "green", "Size": 12])
  }

  @Test func aWriteAppliesSetOnceValuesBeforeItsOwnChange() throws {
    defer { directory.remove() }
    try managed.write(.setOnce, "com.example.app", ["Theme": "dark", "Other": 1])
    let store = try store()
    try store.write(.set("light"), at: PlistPath(topLevelKey: "Theme"), in: app)
    #expect(try store.dictionary(of: app) == ["Theme": "light", "Other": 1])
  }

  /// `sudo -E plistctl read D`: root, with the user's variables, would leave root's files in
  /// the user's directory (a record the user could not replace): it applies nothing.
  @Test(.enabled(if: getuid() == 0, "a directory of another user's needs root"))
  func aProcessThatDoesNotOwnThePreferencesAppliesNoSetOnceValue() throws {
    defer { directory.remove() }
    try managed.write(.setOnce, "com.example.app", ["Theme": "dark"])
    let root = directory.path("config")
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    #expect(chown(root, 4321, 4321) == 0)
    let store = try store()
    #expect(throws: PlistError.domainNotFound(domain: "com.example.app")) {
      try store.dictionary(of: app)
    }
    #expect(!FileManager.default.fileExists(atPath: root + "/plistctl"))
  }

  @Test func aStoreWithoutManagedLocationsLooksAtNone() throws {
    defer { directory.remove() }
    try managed.write(.setOnce, "com.example.app", ["Theme": "dark"])
    try managed.write(.forced, "com.example.app", ["Kiosk": true])
    let store = try DomainStore(root: directory.path("config"))
    try store.write(.set(false), at: PlistPath(topLevelKey: "Kiosk"), in: app)
    #expect(try store.dictionary(of: app) == ["Kiosk": false])
  }
}
