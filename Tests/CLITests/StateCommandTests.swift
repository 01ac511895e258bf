import Foundation
import Testing

@testable import PlistCore

/// `plistctl state`, `state show` and `state clear` on archives written by PlistCore's
/// StateRestoration, in the sandbox's `~/.local/state`.
@Suite("state commands")
struct StateCommandTests {
  final class Screen: Restorable {
    let restorationIdentifier: String?
    let values: PlistDictionary
    let children: [Screen]
    init(_ identifier: String, _ values: PlistDictionary, _ children: [Screen] = []) {
      restorationIdentifier = identifier
      self.values = values
      self.children = children
    }
    var restorableChildren: [any Restorable] { children }
    func encodeRestorableState(with coder: StateCoder) throws {
      for (key, value) in values { coder[key] = value }
    }
  }

  static func stateHome(_ box: Sandbox) -> String { box.directory.path(".local/state") }

  static func preserve(_ box: Sandbox, _ domain: String, version: String = "1.0") throws {
    let app = try StateRestoration(domain: domain, version: version, stateHome: stateHome(box))
    app.shouldSave = { coder in
      coder["theme"] = "dark"
      return true
    }
    try app.preserve(
      Screen("tabs", ["tab": 1], [Screen("book", ["page": 87]), Screen("list", ["open": "alice"])]))
  }

  @Test func stateListsTheAppsWithTheirSizeAgeAndVersion() throws {
    let box = try Sandbox()
    defer { box.remove() }
    #expect(try box.ok("state") == "")
    try Self.preserve(box, "org.example.Wonderland")
    try Self.preserve(box, "a.b", version: "2.5")
    // Another program's state directory, with no archive: not listed.
    try FileManager.default.createDirectory(
      atPath: Self.stateHome(box) + "/less", withIntermediateDirectories: true)
    let lines = try box.ok("state").split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("a.b                     "))
    #expect(lines[0].hasSuffix(" ago by version 2.5"))
    #expect(lines[1].hasPrefix("org.example.Wonderland  "))
    #expect(
      lines[1].contains(" bytes  saved 0 s ago") || lines[1].contains(" bytes  saved 1 s ago"))
    #expect(try box.ok("state", "list") == lines.joined(separator: "\n") + "\n")
    let json = try box.ok("state", "--json")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(entries.map { $0["domain"] as? String } == ["a.b", "org.example.Wonderland"])
    #expect(entries[0]["savedBy"] as? String == "2.5")
    let size =
      try FileManager.default.attributesOfItem(
        atPath: Self.stateHome(box) + "/a.b/restoration.plist")[.size] as? Int
    #expect(entries[0]["size"] as? Int == size)
  }

  @Test func anUnreadableArchiveIsListedAsSuch() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let directory = Self.stateHome(box) + "/broken.app"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: directory + "/restoration.plist"))
    let line = try box.ok("state")
    #expect(line.hasPrefix("broken.app  7 bytes  unreadable: "))
    #expect(try box.run("state", "show", "broken.app").status == 1)
  }

  @Test func showPrintsTheTree() throws {
    let box = try Sandbox()
    defer { box.remove() }
    try Self.preserve(box, "org.example.Wonderland")
    let lines = try box.ok("state", "show", "org.example.Wonderland").split(separator: "\n")
    #expect(lines[0].hasPrefix("org.example.Wonderland: saved by version 1.0 at 20"))
    #expect(lines[0].hasSuffix(" +0000"))
    #expect(
      Array(lines.dropFirst()) == [
        "app state", "  theme = dark", "tabs", "  tab = 1", "  book", "    page = 87", "  list",
        "    open = alice",
      ])
    let json = try box.ok("state", "show", "--json", "org.example.Wonderland")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["savedBy"] as? String == "1.0")
    #expect((object["appState"] as? [String: String]) == ["theme": "dark"])
    let tabs = try #require((object["elements"] as? [[String: Any]])?.first)
    #expect(tabs["identifier"] as? String == "tabs")
    let children = try #require(tabs["children"] as? [[String: Any]])
    #expect(children.map { $0["identifier"] as? String } == ["book", "list"])
    #expect((children[0]["state"] as? [String: Int]) == ["page": 87])
  }

  @Test func anArchivesTextIsEscapedBeforeItReachesTheTerminal() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let app = try StateRestoration(
      domain: "x", version: "1\u{1B}[2J", stateHome: Self.stateHome(box))
    try app.preserve(Screen("a\nforged", ["k\u{9B}": "v\u{7F}\u{1B}]52;c;eA==\u{07}"]))
    let show = try box.ok("state", "show", "x")
    let list = try box.ok("state")
    for output in [show, list] {
      #expect(
        !output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{7F}" })
    }
    #expect(show.split(separator: "\n").count == 3)
    #expect(show.contains("a\\nforged"))
  }

  @Test func clearRemovesTheStateAndSaysWhenThereIsNone() throws {
    let box = try Sandbox()
    defer { box.remove() }
    try Self.preserve(box, "org.example.Wonderland")
    #expect(try box.ok("state", "clear", "org.example.Wonderland") == "")
    #expect(!box.exists(Self.stateHome(box) + "/org.example.Wonderland"))
    #expect(try box.ok("state") == "")
    for command in ["clear", "show"] {
      let result = try box.run("state", command, "org.example.Wonderland")
      #expect(result.status == 1)
      #expect(result.stderr == "plistctl: No state preserved for org.example.Wonderland\n")
    }
  }

  @Test func aNameThatLeavesTheStateDirectoryIsRefused() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let result = try box.run("state", "clear", "../config")
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("plistctl: invalid domain name '../config': it contains '/'\n"))
  }

  @Test func xdgStateHomeIsWhereStateIs() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let elsewhere = box.directory.path("elsewhere")
    let app = try StateRestoration(domain: "d", version: "3", stateHome: elsewhere)
    try app.preserve(Screen("a", [:]))
    var environment = box.environment
    environment["XDG_STATE_HOME"] = elsewhere
    let result = try CLI.run(["state"], environment: environment)
    #expect(result.stdout.hasPrefix("d  "))
    #expect(try box.ok("state") == "")
  }

  @Test func theShellCompletesTheAppsWithState() throws {
    let box = try Sandbox()
    defer { box.remove() }
    try Self.preserve(box, "org.example.Wonderland")
    try Self.preserve(box, "org.example.Other")
    #expect(
      try CompletionTests.complete("state", "show", "org.example.W", in: box).words == [
        "org.example.Wonderland"
      ])
    #expect(try CompletionTests.complete("state", "clear", "", in: box).words.count == 2)
    #expect(try CompletionTests.complete("state", "", in: box).words == ["list", "show", "clear"])
  }

  @Test func sandboxedAppsStateIsFoundInTheirContainers() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let flatpak = box.directory.path(".var/app/org.example.Flat")
    try FileManager.default.createDirectory(
      atPath: flatpak + "/config", withIntermediateDirectories: true)
    let snapRevision = box.directory.path("snap/snappy/3")
    try FileManager.default.createDirectory(
      atPath: snapRevision + "/.config", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: box.directory.path("snap/snappy/current"), withDestinationPath: "3")
    // Saved as the apps inside would: Flatpak's XDG_STATE_HOME, Snap's HOME.
    for (home, version) in [
      (flatpak + "/.local/state", "4"), (snapRevision + "/.local/state", "5"),
    ] {
      let app = try StateRestoration(domain: "org.example.Flat", version: version, stateHome: home)
      try app.preserve(Screen("tabs", ["tab": 1]))
    }
    try Self.preserve(box, "org.example.Host")
    let lines = try box.ok("state").split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("org.example.Host  "))
    #expect(lines[1].hasPrefix("org.example.Flat (flatpak:org.example.Flat)  "))
    #expect(lines[1].hasSuffix(" by version 4"))
    #expect(lines[2].hasPrefix("org.example.Flat (snap:snappy)  "))
    let json = try box.ok("state", "--json")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(
      entries.map { $0["container"] as? String } == [
        nil, "flatpak:org.example.Flat", "snap:snappy",
      ])
    // In two containers: refused, unless one is chosen.
    let refused = try box.run("state", "show", "org.example.Flat")
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("(flatpak:org.example.Flat, snap:snappy)"))
    let shown = try box.ok("--container", "snap:snappy", "state", "show", "org.example.Flat")
    #expect(shown.hasPrefix("org.example.Flat: saved by version 5 at "))
    _ = try box.ok("--container", "snap:snappy", "state", "clear", "org.example.Flat")
    // Now in one container: found there without asking.
    #expect(try box.ok("state", "show", "org.example.Flat").contains("saved by version 4"))
    _ = try box.ok("state", "clear", "org.example.Flat")
    #expect(!box.exists(flatpak + "/.local/state/org.example.Flat"))
    #expect(try box.ok("state").split(separator: "\n").count == 1)
  }

  @Test func stateIsNotADomain() throws {
    let box = try Sandbox()
    defer { box.remove() }
    try Self.preserve(box, "org.example.Wonderland")
    // Never among the settings: not listed, not dumped, not readable as a domain.
    #expect(try box.ok("domains") == "\n")
    #expect(try box.run("read", "org.example.Wonderland").status == 1)
  }
}
