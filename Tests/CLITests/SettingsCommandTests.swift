import Foundation
import PlistCore
import Testing

/// `settings lint`, `settings defaults`, `settings attach` and `detach`, bundles installed
/// in the XDG data directories, and the `settings` group's usage.
@Suite("settings: lint, defaults, attach")
struct SettingsCommandTests {
  // MARK: - lint

  @Test(arguments: ["chronometer", "chuntangwang", "deductivelabs", "edidown", "vitemadose"])
  func lintPrintsOKForACleanBundle(_ name: String) throws {
    let box = try Sandbox()
    defer { box.remove() }
    let path = SettingsFixtures.path(name)
    let result = try box.run("settings", "lint", path)
    #expect(result.status == 0)
    #expect(result.stdout == "\(path): OK\n")
    #expect(result.stderr == "")
    #expect(try box.ok("settings", "lint", "--json", path) == "[]\n")
  }

  @Test func lintTakesALoneRootPlist() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let path = SettingsFixtures.path("chronometer") + "/Root.plist"
    #expect(try box.ok("settings", "lint", path) == "\(path): OK\n")
  }

  /// One line per finding, each starting with the file's path and the key path.
  @Test func lintPrintsEachFindingOnALineAndFails() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let path = SettingsFixtures.path("awful")
    let result = try box.run("settings", "lint", path)
    #expect(result.status == 1)
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    #expect(lines.count == 19)  // 2 stray keys, 16 untranslated texts, the final newline
    for line in lines.dropLast() {
      #expect(line.hasPrefix(path + "/Root.plist:PreferenceSpecifiers:"), "\(line)")
    }
    #expect(
      lines.contains(
        "\(path)/Root.plist:PreferenceSpecifiers:3:KeyboardType (bookmarks_delay): 'KeyboardType' does not belong to PSMultiValueSpecifier"
      ))
    #expect(
      lines.contains(
        "\(path)/Root.plist:PreferenceSpecifiers:1:Title (show_avatars): \"Load Avatars\" is not in en.lproj/Root.strings"
      ))
    // A trailing slash on BUNDLE changes nothing.
    #expect(try box.run("settings", "lint", path + "/").stdout == result.stdout)
  }

  @Test func lintJSONHasFileKeyPathKeyAndMessage() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let path = SettingsFixtures.path("awful")
    let result = try box.run("settings", "lint", "--json", path)
    #expect(result.status == 1)
    let findings = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: String]])
    #expect(findings.count == 18)
    #expect(findings.allSatisfy { $0["file"] == path + "/Root.plist" })
    #expect(findings.allSatisfy { $0["keyPath"]?.hasPrefix(":PreferenceSpecifiers:") == true })
    let stray = findings.filter { $0["keyPath"] == ":PreferenceSpecifiers:3:KeyboardType" }
    #expect(
      stray == [
        [
          "file": path + "/Root.plist", "keyPath": ":PreferenceSpecifiers:3:KeyboardType",
          "key": "bookmarks_delay",
          "message": "'KeyboardType' does not belong to PSMultiValueSpecifier",
        ]
      ])
    // A group has no key: the entry leaves it out.
    let group = findings.first { $0["keyPath"] == ":PreferenceSpecifiers:0:Title" }
    #expect(group?["key"] == nil)
    #expect(group?["message"] == "\"Images\" is not in en.lproj/Root.strings")
  }

  /// A bundle whose child panes lead in a circle is linted and gathered once, not forever.
  @Test func aChildPaneCycleIsAFindingAndItsDefaultsAreGatheredOnce() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let toggle: (String) -> PlistValue = { key in
      ["Type": "PSToggleSwitchSpecifier", "Title": "T", "Key": .string(key), "DefaultValue": true]
    }
    let child: (String) -> PlistValue = { file in
      ["Type": "PSChildPaneSpecifier", "Title": "C", "File": .string(file)]
    }
    try box.writePane("Loop.bundle", "Root", [toggle("root"), child("A")])
    try box.writePane("Loop.bundle", "A", [toggle("a"), child("B")])
    try box.writePane("Loop.bundle", "B", [toggle("b"), child("A")])
    let path = box.directory.path("Loop.bundle")
    let lint = try box.run("settings", "lint", path)
    #expect(lint.status == 1)
    #expect(
      lint.stdout
        == "\(path)/B.plist:PreferenceSpecifiers:1:File: child pane cycle: Root → A → B → A (not followed)\n"
    )
    let defaults = try box.ok("settings", "defaults", "--json", path)
    let parsed = try JSONSerialization.jsonObject(with: Data(defaults.utf8)) as? [String: Bool]
    #expect(parsed == ["root": true, "a": true, "b": true])
  }

  @Test func lintOfAMissingBundleFailsWithOneLine() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let path = box.directory.path("Nothing.bundle")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let result = try box.run("settings", "lint", path)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr == "plistctl: cannot read \(path)/Root.plist: No such file or directory\n")
  }

  // MARK: - defaults

  /// The factory defaults as XML, read back by Foundation, against what Python's plistlib
  /// gathered from the same files.
  @Test(arguments: ["inappsettingskit", "linphone", "aris"])
  func defaultsXMLIsWhatPlistlibGathers(_ name: String) throws {
    let box = try Sandbox()
    defer { box.remove() }
    let result = try box.run("settings", "defaults", "--xml", SettingsFixtures.path(name))
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("<?xml"))
    let parsed = try #require(
      PropertyListSerialization.propertyList(from: Data(result.stdoutBytes), format: nil)
        as? [String: Any])
    #expect(
      parsed.mapValues(SettingsFixtures.typed) == (try SettingsFixtures.expectedDefaults(name)))
  }

  @Test func defaultsJSONParses() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let json = try box.ok(
      "settings", "defaults", "--json", SettingsFixtures.path("inappsettingskit"))
    let parsed = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(
      parsed.mapValues(SettingsFixtures.typed)
        == (try SettingsFixtures.expectedDefaults("inappsettingskit")))
    #expect(
      try box.ok("settings", "defaults", SettingsFixtures.path("aris")) == """
        {
            baseServerString = "http://arisgames.org/server";
            clearCache = 0;
            showPlayerOnMap = 1;
        }

        """)
  }

  // MARK: - attach and detach

  /// A relative BUNDLE is made absolute and tidied (run as a process in the sandbox's
  /// directory);
  /// then the search list shows the schema's defaults, `where` names the layer, and
  /// `detach` takes them away again.
  @Test func attachShowsTheDefaultsInTheSearchListAndDetachRemovesThem() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let bundle = try box.copyBundle("aris", to: "App/Settings.bundle")
    let attach = try CLI.runProcess(
      ["settings", "attach", "com.example.aris", "./App//Settings.bundle/"],
      environment: box.environment, directory: box.directory.url)
    #expect(attach.status == 0, "\(attach.stderr)")
    #expect(attach.stdout == "" && attach.stderr == "")
    #expect(try box.attachments()["com.example.aris"] as? String == bundle)
    // The app's own file is never touched.
    #expect(!box.exists(box.file("com.example.aris")))

    #expect(
      try box.ok("read", "--effective", "--show-source", "com.example.aris") == """
        schema  baseServerString = http://arisgames.org/server
        schema  clearCache = 0
        schema  showPlayerOnMap = 1

        """)
    #expect(try box.ok("where", "com.example.aris", "showPlayerOnMap") == "* schema: 1\n")
    _ = try box.ok("write", "com.example.aris", "showPlayerOnMap", "-bool", "no")
    #expect(
      try box.ok("where", "com.example.aris", "showPlayerOnMap") == """
        * app (\(box.file("com.example.aris"))): 0
          schema: 1

        """)
    #expect(try box.ok("read", "--effective", "com.example.aris", "clearCache") == "0\n")

    _ = try box.ok("settings", "detach", "com.example.aris")
    #expect(try box.attachments()["com.example.aris"] == nil)
    #expect(
      try box.ok("read", "--effective", "--show-source", "com.example.aris") == """
        app  showPlayerOnMap = 0

        """)
    let missing = try box.run("where", "com.example.aris", "clearCache")
    #expect(missing.status == 1)
    let again = try box.run("settings", "detach", "com.example.aris")
    #expect(again.status == 64)
    #expect(
      again.stderr.hasPrefix("plistctl: no Settings bundle is attached to com.example.aris\n"))
  }

  /// What is not a bundle is refused with one line, and nothing is recorded.
  @Test func attachingSomethingThatIsNotABundleFails() throws {
    let box = try Sandbox()
    defer { box.remove() }
    try FileManager.default.createDirectory(
      atPath: box.directory.path("Empty.bundle"), withIntermediateDirectories: true)
    try box.writeFile("array.plist", Array("<plist><array/></plist>".utf8))
    try box.writeFile("broken.plist", Array("<plist><dict><key>a</key>".utf8))
    let cases = [
      (
        box.directory.path("Empty.bundle"),
        "cannot read \(box.directory.path("Empty.bundle"))/Root.plist: No such file or directory"
      ),
      (
        box.directory.path("Missing.bundle"),
        "cannot read \(box.directory.path("Missing.bundle")): No such file or directory"
      ),
      (
        box.directory.path("array.plist"),
        "\(box.directory.path("array.plist")) is not a Settings pane: it has no PreferenceSpecifiers array"
      ),
      (box.directory.path("broken.plist"), nil),
    ]
    for (path, message) in cases {
      let result = try box.run("settings", "attach", "com.example.app", path)
      #expect(result.status != 0, "\(path)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(result.stderr.hasPrefix("plistctl: \(message ?? path)"), "\(result.stderr)")
    }
    #expect(try box.attachments().isEmpty)
  }

  /// No schema, no checks: a bundle that has gone away breaks neither reading nor writing.
  @Test func anAttachedBundleThatDisappearsBreaksNothing() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let bundle = try box.copyBundle("inappsettingskit", to: "Gone/Settings.bundle")
    _ = try box.ok("settings", "attach", "com.example.gone", bundle)
    #expect(try box.run("write", "com.example.gone", "sensitivity", "-int", "9").status == 1)
    try FileManager.default.removeItem(atPath: bundle)
    #expect(try box.ok("write", "com.example.gone", "sensitivity", "-int", "9") == "")
    #expect(try box.ok("read", "com.example.gone", "sensitivity") == "9\n")
    #expect(
      try box.ok("read", "--effective", "--show-source", "com.example.gone") == """
        app  sensitivity = 9

        """)
    #expect(try box.ok("dump", "--non-default", "com.example.gone").contains("sensitivity = 9"))
    _ = try box.ok("settings", "detach", "com.example.gone")
  }

  /// `<XDG data dir>/plistctl/settings/D.bundle` gives D a schema without `attach`:
  /// `$XDG_DATA_HOME` first, then `$XDG_DATA_DIRS`; an attached bundle goes before both.
  @Test func aBundleInstalledInTheDataDirectoriesIsFoundWithoutAttach() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let installed = "plistctl/settings/com.example.installed.bundle"
    try box.copyBundle("aris", to: "share/" + installed)
    #expect(try box.ok("where", "com.example.installed", "clearCache") == "* schema: 0\n")
    let refused = try box.run("write", "com.example.installed", "clearCache", "maybe")
    #expect(refused.status == 1)

    try box.copyBundle("chuntangwang", to: "data/" + installed)
    #expect(try box.run("where", "com.example.installed", "clearCache").status == 1)
    #expect(try box.ok("where", "com.example.installed", "enabled_blue") == "* schema: 1\n")

    _ = try box.ok("settings", "attach", "com.example.installed", SettingsFixtures.path("aris"))
    #expect(try box.ok("where", "com.example.installed", "clearCache") == "* schema: 0\n")
    _ = try box.ok("settings", "detach", "com.example.installed")
    #expect(try box.run("where", "com.example.installed", "clearCache").status == 1)
  }

  // MARK: - Usage

  static let subcommands = "lint, defaults, attach, detach, describe, show, edit"

  @Test(arguments: [["settings"], ["settings", "bogus"], ["settings", "--json"]])
  func settingsWithoutAKnownSubcommandIsAUsageErrorNamingThem(_ arguments: [String]) throws {
    let box = try Sandbox()
    defer { box.remove() }
    let result = try box.run(arguments: arguments)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    let first = result.stderr.split(separator: "\n").first ?? ""
    #expect(first.hasPrefix("plistctl: "))
    #expect(first.hasSuffix(Self.subcommands), "\(first)")
  }

  @Test func helpPrintsEachSubcommandsHelp() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let help = try box.ok("help", "settings", "show")
    #expect(help.hasPrefix("usage: plistctl settings show [--lang L] [--show-secrets] DOMAIN\n"))
    #expect(help.contains("--show-secrets"))
    #expect(try box.ok("settings", "show", "--help") == help)
    #expect(try box.ok("help", "settings", "lint").hasPrefix("usage: plistctl settings lint"))
    let group = try box.ok("help", "settings")
    for name in Self.subcommands.split(separator: ", ") {
      #expect(group.contains("settings \(name)"), "\(name)")
    }
  }
}
