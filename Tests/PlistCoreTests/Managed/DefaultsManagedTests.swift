import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// `Defaults` honours managed files as Foundation does on macOS: forced values first of all,
/// `objectIsForced`, `set` storing the user's value while the forced one stays in effect.
@Suite("Defaults: managed preferences")
struct DefaultsManagedTests {
  let box: DefaultsSandbox
  let managed: ManagedFiles

  init() throws {
    box = try DefaultsSandbox(
      arguments: ["app", "-Kiosk", "NO", "-Volume", "11", "-LockedVolume", "11"])
    managed = ManagedFiles(in: box.directory)
  }

  func defaults(_ domain: String = "com.example.app") throws -> Defaults {
    var environment = box.environment
    environment.managed = managed.locations()
    return try Defaults(domain: domain, environment: environment)
  }

  @Test func aForcedValueWinsOverEveryLayerTheUserCanWrite() throws {
    defer { box.directory.remove() }
    let file = try managed.write(.forced, "com.example.app", ["Kiosk": true, "Shared": "app"])
    try managed.write(.forced, ".GlobalPreferences", ["AppleLocale": "de_DE", "Shared": "global"])
    // The user's files, a suite's, the global domain's, this host's and the arguments.
    try box.write("com.example.app.plist", ["Kiosk": false, "AppleLocale": "en_US"])
    try box.write("ByHost/com.example.app.m1.plist", ["Kiosk": false])
    try box.write("group.example.plist", ["Kiosk": false])
    try box.write(".GlobalPreferences.plist", ["Kiosk": false, "AppleLocale": "fr_FR"])
    let defaults = try defaults()
    defaults.addSuite(named: "group.example")
    defaults.setVolatileDomain(["Kiosk": false], forName: "volatile")
    defaults.register(defaults: ["Kiosk": false])
    for _ in 0..<2 {  // the first lookup, then the merged view
      #expect(defaults.lookup("Kiosk")?.value == true)
      #expect(defaults.lookup("Kiosk")?.layer == .managed("com.example.app"))
      #expect(defaults.lookup("AppleLocale")?.layer == .managed(".GlobalPreferences"))
      #expect(defaults.lookup("Shared")?.value == "app")
      #expect(defaults.bool(forKey: "Kiosk"))
    }
    #expect(
      defaults.searchList.prefix(4) == [
        .managed("com.example.app"), .managed("group.example"), .managed(".GlobalPreferences"),
        .argument,
      ])
    #expect(try defaults.values(forKey: "Kiosk").first?.layer == .managed("com.example.app"))
    #expect(defaults.dictionaryRepresentation()["Kiosk"] == true)
    #expect(defaults.objectIsForced(forKey: "Kiosk"))
    #expect(defaults.objectIsForced(forKey: "AppleLocale"))
    #expect(defaults.objectIsForced(forKey: "AppleLocale", inDomain: Defaults.globalDomain))
    #expect(!defaults.objectIsForced(forKey: "AppleLocale", inDomain: "com.example.app"))
    #expect(!defaults.objectIsForced(forKey: "Volume"))

    // `set` keeps Foundation's shape: stored, never failing; the forced value still wins.
    defaults.set(false, forKey: "Kiosk")
    #expect(defaults.lastWriteError == nil)
    #expect(defaults.contents(of: .app(.any))["Kiosk"] == false)
    #expect(defaults.lookup("Kiosk")?.value == true)
    // `write` says so, with the file.
    #expect(
      throws: PlistError.forcedByAdministrator(
        key: "Kiosk", domain: "com.example.app", source: file)
    ) {
      try defaults.write(false, forKey: "Kiosk")
    }
    try defaults.write(5, forKey: "Volume")
    #expect(defaults.lookup("Volume")?.layer == .argument)
  }

  /// A value forced while the app runs is refused by the next `write`, with no read between.
  @Test func aWriteSeesAForcedValueMadeSinceTheLastRead() throws {
    defer { box.directory.remove() }
    try FileManager.default.createDirectory(atPath: managed.path, withIntermediateDirectories: true)
    let defaults = try defaults()
    for _ in 0..<3 { _ = defaults.lookup("Late") }  // the gate is on
    try defaults.write("mine", forKey: "Late")
    let file = try managed.write(.forced, "com.example.app", ["Late": "admin"])
    #expect(
      throws: PlistError.forcedByAdministrator(
        key: "Late", domain: "com.example.app", source: file)
    ) {
      try defaults.write("again", forKey: "Late")
    }
    #expect(defaults.string(forKey: "Late") == "admin")
  }

  /// The folders exist and hold another domain's file; then this domain's arrives while the
  /// app runs: its next lookup sees it.
  @Test func aLookupSeesAFileAddedToAFolderThatExisted() throws {
    defer { box.directory.remove() }
    try managed.write(.forced, "com.example.other", ["Kiosk": true])
    try box.write("com.example.app.plist", ["Added": "user"])
    let defaults = try defaults()
    for _ in 0..<3 { #expect(defaults.lookup("Added")?.value == "user") }  // the gate is on
    try managed.write(.forced, "com.example.app", ["Added": "admin"])
    #expect(defaults.lookup("Added")?.value == "admin")
  }

  @Test func aLockedKeyTakesTheValueBelowTheUsersLayers() throws {
    defer { box.directory.remove() }
    try managed.write(.locked, "com.example.app", .array(["LockedVolume", "LockedMissing"]))
    try box.write("com.example.app.plist", ["LockedVolume": 3])
    try box.write(box.system + "/com.example.app.plist", ["LockedVolume": 7])
    let defaults = try defaults()
    defaults.register(defaults: ["LockedVolume": 5, "LockedMissing": 1])
    for _ in 0..<2 {
      // Not the argument's 11, not the user's 3: the shared file's 7.
      #expect(defaults.lookup("LockedVolume")?.value == 7)
      #expect(defaults.lookup("LockedVolume")?.layer == .system("com.example.app"))
    }
    #expect(
      try defaults.values(forKey: "LockedVolume").map(\.layer) == [
        .system("com.example.app"), .registration,
      ])
    #expect(defaults.objectIsForced(forKey: "LockedVolume"))
    #expect(defaults.dictionaryRepresentation()["LockedVolume"] == 7)
    box.remove(box.system + "/com.example.app.plist")
    #expect(defaults.integer(forKey: "LockedVolume") == 5)
  }

  @Test func setOnceValuesReachTheDomainWhenItIsFirstRead() throws {
    defer { box.directory.remove() }
    try managed.write(.setOnce, "com.example.app", ["Theme": "dark"])
    let defaults = try defaults()
    #expect(defaults.string(forKey: "Theme") == "dark")
    #expect(defaults.lookup("Theme")?.layer == .app(.any))
    #expect(!defaults.objectIsForced(forKey: "Theme"))
    defaults.set("light", forKey: "Theme")
    #expect(try self.defaults().string(forKey: "Theme") == "light")
  }

  /// Replaces the user's domain file atomically, as an app's save does (a file rewritten in
  /// place can be seen half-written, which would be a change of its own).
  func replace(_ dictionary: PlistDictionary) throws {
    try Data(try PropertyList.encode(.dictionary(dictionary), as: .xml))
      .write(to: URL(fileURLWithPath: box.root + "/com.example.app.plist"), options: .atomic)
  }

  @Test func aChangeOfTheAdministratorsFilesIsAChangeLikeAnyOther() async throws {
    defer { box.directory.remove() }
    let defaults = try defaults()
    try replace(["WatchedKiosk": false])
    let collector = ChangeCollector(defaults.changes(forKeys: ["WatchedKiosk", "WatchedLevel"]))
    // The folders do not exist yet (the directory of $XDG_CONFIG_DIRS does): made by the
    // administrator while the app runs.
    try FileManager.default.createDirectory(atPath: managed.path, withIntermediateDirectories: true)
    let file = try managed.write(.forced, "com.example.app", ["WatchedKiosk": true])
    #expect(
      await collector.wait(for: 1) == [
        DefaultsChange(
          key: "WatchedKiosk", oldValue: false, newValue: true, layer: .managed("com.example.app"),
          origin: .otherProcess)
      ], "\(collector.all)")
    managed.remove(file)
    #expect(
      await collector.wait(for: 2).last
        == DefaultsChange(
          key: "WatchedKiosk", oldValue: true, newValue: false, layer: .app(.any),
          origin: .otherProcess))
    // A lock hides the user's value: with nothing below it, the key has none.
    try replace(["WatchedKiosk": false, "WatchedLevel": 4])
    _ = await collector.wait(for: 3)
    try managed.write(.locked, "com.example.app", .array(["WatchedLevel"]))
    let locked = await collector.wait(for: 4).last
    #expect(locked?.key == "WatchedLevel" && locked?.oldValue == 4)
    // (Registrations are the process's: another test's may show through the lock.)
    #expect(locked?.layer != .app(.any) && locked?.newValue != 4)
    // A file written open to everyone counts once `chmod` makes it root's alone.
    let staged = try managed.write(.forced, "staged", ["WatchedKiosk": "admin"])
    chmod(staged, 0o666)
    let open = managed.path + "/plistctl/forced/com.example.app.d/open.plist"
    try FileManager.default.createDirectory(
      atPath: managed.path + "/plistctl/forced/com.example.app.d", withIntermediateDirectories: true
    )
    #expect(rename(staged, open) == 0)
    // The watcher has looked since the rename once it reports a later change: the user's.
    try replace(["WatchedKiosk": true, "WatchedLevel": 4])
    #expect(await collector.wait(for: 5).last?.newValue == true)
    chmod(open, 0o644)
    let made = await collector.wait(for: 6).last
    #expect(made?.key == "WatchedKiosk" && made?.newValue == "admin", "\(collector.all)")
    // And a process that keeps reading sees the change without a restart.
    #expect(defaults.lookup("WatchedLevel")?.layer != .app(.any))
    #expect(defaults.objectIsForced(forKey: "WatchedLevel"))
  }
}
