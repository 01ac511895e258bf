import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// What a `Defaults` reads at start-up: the process's environment gives the machine id and the
/// process name only when asked for them, and this host's files are looked for only once a
/// `ByHost` directory exists — without changing what is found.
@Suite("Defaults: the environment, read when needed")
struct DefaultsEnvironmentTests {
  /// The home directory comes from `/etc/passwd` read as a file, never through glibc's NSS
  /// (which a static executable cannot load): the user's line by uid, the first one winning.
  @Test func theHomeDirectoryIsReadFromThePasswordFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("passwd")
    try Data(
      """
      root:x:0:0:root:/root:/bin/bash
      # a comment line
      short:x:1000
      ann:x:1000:1000:Ann,,,:/home/ann:/bin/zsh
      again:x:1000:1000::/home/again:/bin/sh
      nohome:x:1001:1001:::/bin/sh
      relative:x:1002:1002::home/rel:/bin/sh
      """.utf8
    ).write(to: URL(fileURLWithPath: path))
    #expect(Platform.passwordHomeDirectory(uid: 0, inPasswordFile: path) == "/root")
    #expect(Platform.passwordHomeDirectory(uid: 1000, inPasswordFile: path) == "/home/ann")
    #expect(Platform.passwordHomeDirectory(uid: 1001, inPasswordFile: path) == nil)
    #expect(Platform.passwordHomeDirectory(uid: 1002, inPasswordFile: path) == nil)
    #expect(Platform.passwordHomeDirectory(uid: 4242, inPasswordFile: path) == nil)
    #expect(Platform.passwordHomeDirectory(uid: 0, inPasswordFile: directory.path("none")) == nil)
    // This machine's file agrees with Foundation's own lookup.
    #expect(
      Platform.passwordHomeDirectory()
        == FileManager.default.homeDirectory(forUser: NSUserName())?.path)
  }

  @Test func theProcessEnvironmentGivesTheMachineIdAndTheProcessNameWhenAsked() {
    var environment = DefaultsEnvironment.process()
    #expect(environment.machineIdentifier == DomainStore.machineIdentifier())
    #expect(environment.applicationDomain == Platform.executableName())
    environment.machineIdentifier = "m2"
    environment.applicationDomain = "com.example.named"
    #expect(environment.machineIdentifier == "m2")
    #expect(environment.applicationDomain == "com.example.named")
    let tool = DefaultsEnvironment.tool(
      root: "/r", systemRoot: nil, domain: "com.example.app", managed: nil)
    #expect(tool.machineIdentifier == DomainStore.machineIdentifier())
    #expect(tool.applicationDomain == "com.example.app")
  }

  /// No ByHost directory when the instance first reads; then the directory and this host's
  /// files appear: they are found, and win over every host's files, as always.
  @Test func thisHostsFilesAreFoundWhenTheByHostDirectoryAppearsLater() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    try FileManager.default.removeItem(atPath: box.root + "/ByHost")
    let defaults = try box.defaults()
    try box.write("com.example.pigeon.plist", ["a": "app", "g": "app"])
    try box.write(".GlobalPreferences.plist", ["g2": "global"])
    #expect(defaults.lookup("a")?.layer == .app(.any))
    #expect(defaults.lookup("g2")?.layer == .global(.any))
    #expect(try defaults.values(forKey: "a").map(\.layer) == [.app(.any)])

    try FileManager.default.createDirectory(
      atPath: box.root + "/ByHost", withIntermediateDirectories: false)
    try box.write("ByHost/com.example.pigeon.m1.plist", ["a": "app-byhost"])
    try box.write("ByHost/.GlobalPreferences.m1.plist", ["g2": "global-byhost"])
    #expect(defaults.lookup("a")?.layer == .app(.current))
    #expect(defaults.string(forKey: "a") == "app-byhost")
    #expect(defaults.lookup("g2")?.layer == .global(.current))
    #expect(defaults.string(forKey: "g") == "app")

    // And gone again with the directory.
    try FileManager.default.removeItem(atPath: box.root + "/ByHost")
    #expect(defaults.lookup("a")?.layer == .app(.any))
    #expect(defaults.lookup("g2")?.layer == .global(.any))
  }

  /// A suite's this-host file too, and a ByHost directory that is a symbolic link.
  @Test func aByHostDirectoryThatIsALinkIsFollowed() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let elsewhere = box.directory.path("elsewhere")
    try FileManager.default.removeItem(atPath: box.root + "/ByHost")
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: box.root + "/ByHost", withDestinationPath: elsewhere)
    try box.write(elsewhere + "/group.example.m1.plist", ["s": "suite-byhost"])
    let defaults = try box.defaults()
    defaults.addSuite(named: "group.example")
    #expect(defaults.lookup("s")?.layer == .suite("group.example", .current))
  }
}
