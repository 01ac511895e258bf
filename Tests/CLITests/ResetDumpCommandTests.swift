import Foundation
import Testing

/// `reset` (user values removed so the schema's defaults show through) and `dump
/// --non-default` (only what differs from them), on a domain with the sample app's schema.
@Suite("reset and dump with a Settings schema")
struct ResetDumpCommandTests {
  static let domain = "com.example.iask"

  static func sandbox() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.ok("settings", "attach", domain, SettingsFixtures.path("inappsettingskit"))
    return box
  }

  func typed(_ box: Sandbox, _ domain: String = Self.domain) throws -> [String: String] {
    try box.contents(domain).mapValues(SettingsFixtures.typed)
  }

  // MARK: - reset

  @Test func resetRemovesTheKeysGivenAndAbsentOnesAreFine() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    _ = try box.ok("write", Self.domain, "toggleSwitch", "-bool", "no")
    _ = try box.ok("write", Self.domain, "sensitivity", "-int", "3")
    _ = try box.ok("write", Self.domain, "mine", "-int", "5")
    #expect(try box.ok("read", "--effective", Self.domain, "toggleSwitch") == "0\n")
    let result = try box.run("reset", Self.domain, "toggleSwitch", "neverSet")
    #expect(result.status == 0)
    #expect(result.stdout == "" && result.stderr == "")
    #expect(try typed(box) == ["sensitivity": "integer:3", "mine": "integer:5"])
    // The factory default shows through again.
    #expect(try box.ok("read", "--effective", Self.domain, "toggleSwitch") == "1\n")
    #expect(try box.ok("where", Self.domain, "toggleSwitch") == "* schema: 1\n")
    // Keys outside the schema can be reset too.
    _ = try box.ok("reset", Self.domain, "mine")
    #expect(try typed(box) == ["sensitivity": "integer:3"])
  }

  /// `--all` removes every key the user can edit in the schema; the app's own keys, and
  /// title values (the app writes those), stay.
  @Test func resetAllRemovesEveryEditableSchemaKeyAndKeepsTheRest() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    for arguments in [
      ["toggleSwitch", "-bool", "no"], ["sensitivity", "-int", "3"], ["fruit", "Kiwi"],
      ["text_secure", "hunter2"], ["mine", "-int", "5"], ["version", "2.0"],
    ] {
      _ = try box.ok(arguments: ["write", Self.domain] + arguments)
    }
    _ = try box.ok("reset", "--all", Self.domain)
    #expect(try typed(box) == ["mine": "integer:5", "version": "string:2.0"])
    #expect(try box.ok("read", "--effective", Self.domain, "sensitivity") == "2\n")
  }

  @Test func resetOnADomainWithoutAFileCreatesNone() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    _ = try box.ok("reset", Self.domain, "toggleSwitch")
    _ = try box.ok("reset", "--all", Self.domain)
    #expect(!box.exists(box.file(Self.domain)))
  }

  @Test func resetAllWithoutASchemaIsAUsageError() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "com.example.plain", "toggleSwitch", "-bool", "no")
    let before = try box.bytes("com.example.plain")
    let result = try box.run("reset", "--all", "com.example.plain")
    #expect(result.status == 64)
    #expect(
      result.stderr == """
        plistctl: no Settings bundle is attached to com.example.plain (plistctl settings attach com.example.plain BUNDLE)
        usage: plistctl reset DOMAIN KEY...  |  reset --all DOMAIN

        """)
    #expect(try box.bytes("com.example.plain") == before)
    // Without a schema, named keys are still removed.
    _ = try box.ok("reset", "com.example.plain", "toggleSwitch")
    #expect(!box.exists(box.file("com.example.plain")))
  }

  @Test(arguments: [
    ["reset", "com.example.iask"], ["reset", "--all", "com.example.iask", "toggleSwitch"],
    ["reset"],
  ])
  func resetNeedsKeysOrAllButNotBoth(_ arguments: [String]) throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let result = try box.run(arguments: arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("plistctl: "))
    #expect(result.stderr.hasSuffix("usage: plistctl reset DOMAIN KEY...  |  reset --all DOMAIN\n"))
  }

  // MARK: - dump

  /// Values equal to their factory default are left out (the same type and value: a
  /// toggle's true, a text field's default text, a slider's 0.5); the rest stay, title
  /// values included, since they have no factory default.
  @Test func dumpNonDefaultLeavesOutValuesEqualToTheFactoryDefaults() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    for arguments in [
      ["toggleSwitch", "-bool", "yes"], ["text_plain", "Plain Text"],
      ["slider_preference1", "-float", "0.5"], ["sensitivity", "-int", "3"],
      ["mulValue", "-int", "0"], ["mine", "-int", "5"], ["version", "1.0"],
    ] {
      _ = try box.ok(arguments: ["write", Self.domain] + arguments)
    }
    let everything = try box.ok("dump", "--xml", Self.domain)
    let all = try #require(
      PropertyListSerialization.propertyList(from: Data(everything.utf8), format: nil)
        as? [String: Any])
    #expect(all.count == 7)
    #expect(all.mapValues(SettingsFixtures.typed) == (try typed(box)))

    let changed = try box.ok("dump", "--non-default", "--xml", Self.domain)
    let nonDefault = try #require(
      PropertyListSerialization.propertyList(from: Data(changed.utf8), format: nil)
        as? [String: Any])
    #expect(
      nonDefault.mapValues(SettingsFixtures.typed) == [
        "sensitivity": "integer:3", "mine": "integer:5", "version": "string:1.0",
      ])
    #expect(
      try box.ok("dump", "--non-default", Self.domain) == """
        {
            mine = 5;
            sensitivity = 3;
            version = "1.0";
        }

        """)
    let json = try box.ok("dump", "--non-default", "--json", Self.domain)
    let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(parsed?.keys.sorted() == ["mine", "sensitivity", "version"])
    // dump leaves the domain as it was.
    #expect(try typed(box).count == 7)
  }

  /// A value of another type than the default is not the default (an integer 2 is not the
  /// slider's real 2).
  @Test func aValueOfAnotherTypeIsNotTheDefault() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    _ = try box.ok("write", Self.domain, "slider_preference1", "-int", "0")
    _ = try box.ok("write", Self.domain, "toogle_number", "-int", "1")
    #expect(
      try box.ok("dump", "--non-default", Self.domain) == """
        {
            "slider_preference1" = 0;
        }

        """)
  }

  @Test func dumpNonDefaultWithoutASchemaPrintsEverything() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "com.example.plain", "toggleSwitch", "-bool", "yes")
    #expect(
      try box.ok("dump", "--non-default", "com.example.plain") == """
        {
            toggleSwitch = 1;
        }

        """)
  }
}
