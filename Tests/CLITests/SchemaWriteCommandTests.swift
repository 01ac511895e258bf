import Foundation
import Testing

/// `write` to a domain with a Settings schema: a value the schema forbids is refused with
/// one line naming the key, the value and what is allowed, and the domain is left byte for
/// byte as it was (a missing one stays missing); `--force` writes it anyway. The sample
/// app's bundle has an element of every type.
@Suite("write with a Settings schema")
struct SchemaWriteCommandTests {
  static let domain = "com.example.iask"

  /// A sandbox with the sample app's bundle attached to `domain`, whose file holds a few
  /// values already.
  static func sandbox() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.ok("settings", "attach", domain, SettingsFixtures.path("inappsettingskit"))
    _ = try box.ok("write", domain, "text_plain", "hello")
    _ = try box.ok("write", domain, "mine", "-int", "5")
    return box
  }

  struct Refusal: CustomTestStringConvertible, Sendable {
    let key: String
    let value: [String]
    /// The value and what is allowed, as the message words them.
    let shown: String
    let allowed: String
    var testDescription: String { "\(key) \(value.joined(separator: " "))" }
  }

  static let mulValues = (0...10).map { "-int \($0)" }.joined(separator: ", ")

  static let refusals: [Refusal] = [
    Refusal(
      key: "toggleSwitch", value: ["-string", "yes"], shown: #""yes""#,
      allowed: "-bool true or -bool false"),
    Refusal(
      key: "toggleSwitch", value: ["-int", "2"], shown: "-int 2",
      allowed: "-bool true or -bool false"),
    Refusal(key: "toogle_string", value: ["baz"], shown: #""baz""#, allowed: #""foo" or "bar""#),
    Refusal(
      key: "toogle_string", value: ["-bool", "YES"], shown: "-bool true",
      allowed: #""foo" or "bar""#),
    Refusal(
      key: "toogle_number", value: ["-float", "0.5"], shown: "-float 0.5",
      allowed: "-int 1 or -int 0"),
    Refusal(
      key: "toogle_number", value: ["-int", "2"], shown: "-int 2", allowed: "-int 1 or -int 0"),
    Refusal(
      key: "slider_preference1", value: ["-float", "1.5"], shown: "-float 1.5",
      allowed: "a number from 0 to 1"),
    Refusal(
      key: "slider_preference1", value: ["-int", "-1"], shown: "-int -1",
      allowed: "a number from 0 to 1"),
    Refusal(
      key: "slider_preference1", value: ["abc"], shown: #""abc""#, allowed: "a number from 0 to 1"),
    Refusal(
      key: "sensitivity", value: ["-int", "6"], shown: "-int 6", allowed: "a number from 1 to 5"),
    Refusal(
      key: "mulValue", value: ["-int", "11"], shown: "-int 11", allowed: "one of " + mulValues),
    Refusal(key: "mulValue", value: ["3"], shown: #""3""#, allowed: "one of " + mulValues),
    Refusal(
      key: "radiogroup", value: ["-int", "4"], shown: "-int 4",
      allowed: "one of -int 1, -int 2, -int 3"),
    Refusal(
      key: "fruit", value: ["Apple"], shown: #""Apple""#,
      allowed: #"one of "Banana", "Kiwi", "Strawberry""#),
    Refusal(key: "text_plain", value: ["-int", "4"], shown: "-int 4", allowed: "a string"),
    Refusal(key: "text_secure", value: ["-bool", "no"], shown: "-bool false", allowed: "a string"),
    Refusal(key: "dynamicTextView", value: ["-array", "a"], shown: "(a)", allowed: "a string"),
    Refusal(key: "date", value: ["now"], shown: #""now""#, allowed: "a date"),
    Refusal(key: "date", value: ["-int", "0"], shown: "-int 0", allowed: "a date"),
  ]

  static func message(_ refusal: Refusal) -> String {
    "plistctl: \(refusal.key) cannot be \(refusal.shown): the settings schema allows "
      + "\(refusal.allowed) (--force writes it anyway). Defaults have not been changed.\n"
  }

  @Test(arguments: refusals)
  func aRefusedValueLeavesTheDomainAsItWas(_ refusal: Refusal) throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let before = try box.bytes(Self.domain)
    let result = try box.run(arguments: ["write", Self.domain, refusal.key] + refusal.value)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr == Self.message(refusal))
    #expect(try box.bytes(Self.domain) == before)
    // A domain without a file stays without one.
    _ = try box.ok(
      "settings", "attach", "com.example.fresh", SettingsFixtures.path("inappsettingskit"))
    let fresh = try box.run(arguments: ["write", "com.example.fresh", refusal.key] + refusal.value)
    #expect(fresh.status == 1)
    #expect(!box.exists(box.file("com.example.fresh")))
    // --force writes it.
    _ = try box.ok(arguments: ["write", "--force", Self.domain, refusal.key] + refusal.value)
    #expect(try box.contents(Self.domain)[refusal.key] != nil)
  }

  @Test func anAllowedValueOfEveryTypeIsWritten() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let writes: [[String]] = [
      ["toggleSwitch", "-bool", "no"], ["toogle_string", "bar"], ["toogle_number", "-int", "0"],
      ["slider_preference1", "-float", "0.25"], ["sensitivity", "-int", "5"],
      ["mulValue", "-int", "10"], ["radiogroup", "-int", "3"], ["fruit", "Kiwi"],
      ["text_secure", "hunter2"], ["dynamicTextView", "two words"],
      ["date", "-date", "2024-01-02 03:04:05 +0000"],
      // A title value and a key the bundle does not declare take anything.
      ["version", "-int", "7"], ["undeclared", "-array", "a", "b"],
    ]
    for arguments in writes { _ = try box.ok(arguments: ["write", Self.domain] + arguments) }
    let contents = try box.contents(Self.domain)
    #expect(
      contents.filter { !($0.value is Date || $0.value is [Any]) }.mapValues(SettingsFixtures.typed)
        == [
          "toggleSwitch": "bool:false", "toogle_string": "string:bar", "toogle_number": "integer:0",
          "slider_preference1": "real:0.25", "sensitivity": "integer:5", "mulValue": "integer:10",
          "radiogroup": "integer:3", "fruit": "string:Kiwi", "text_secure": "string:hunter2",
          "dynamicTextView": "string:two words", "version": "integer:7",
          "text_plain": "string:hello", "mine": "integer:5",
        ])
    #expect(contents["date"] as? Date == Date(timeIntervalSince1970: 1_704_164_645))
    #expect(contents["undeclared"] as? [String] == ["a", "b"])
  }

  // MARK: - Replacing the domain

  @Test func replacingTheDomainIsCheckedToo() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let before = try box.bytes(Self.domain)
    // An old-style dictionary holds strings only: "3" is no number.
    let oldStyle = try box.run("write", Self.domain, "{ sensitivity = 3; }")
    #expect(oldStyle.status == 1)
    #expect(
      oldStyle.stderr.hasPrefix(
        #"plistctl: sensitivity cannot be "3": the settings schema allows a number from 1 to 5"#))
    let xml =
      "<dict><key>sensitivity</key><integer>7</integer><key>mine</key><string>x</string></dict>"
    let result = try box.run("write", Self.domain, xml)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "plistctl: sensitivity cannot be -int 7: the settings schema allows a number from 1 to 5 (--force writes it anyway). Defaults have not been changed.\n"
    )
    #expect(try box.bytes(Self.domain) == before)

    let allowed = xml.replacingOccurrences(of: "<integer>7</integer>", with: "<integer>3</integer>")
    _ = try box.ok("write", Self.domain, allowed)
    #expect(
      try box.contents(Self.domain).mapValues(SettingsFixtures.typed) == [
        "sensitivity": "integer:3", "mine": "string:x",
      ])
    _ = try box.ok("write", "--force", Self.domain, xml)
    #expect(
      try box.contents(Self.domain).mapValues(SettingsFixtures.typed) == [
        "sensitivity": "integer:7", "mine": "string:x",
      ])
  }

  // MARK: - Key paths and merges

  /// A write into a key path, `-array-add` and `-dict-add` are checked on the top-level
  /// value they leave behind.
  @Test func aWriteInsideASchemaKeyIsCheckedOnTheTopLevelValue() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let before = try box.bytes(Self.domain)
    let nested = try box.run("write", Self.domain, ":text_secure:sub", "x")
    #expect(nested.status == 1)
    #expect(
      nested.stderr
        == "plistctl: text_secure cannot be {1 key}: the settings schema allows a string (--force writes it anyway). Defaults have not been changed.\n"
    )
    let appended = try box.run("write", Self.domain, "mulValue", "-array-add", "3")
    #expect(appended.status == 1)
    #expect(
      appended.stderr.hasPrefix(
        "plistctl: mulValue cannot be (3): the settings schema allows one of -int 0,"))
    let merged = try box.run("write", Self.domain, "fruit", "-dict-add", "a", "b")
    #expect(merged.status == 1)
    #expect(try box.bytes(Self.domain) == before)

    // A title value holds whatever the app puts there, nested values too.
    _ = try box.ok("write", Self.domain, ":version:build", "-int", "7")
    _ = try box.ok("write", Self.domain, ":undeclared:sub", "first")
    let contents = try box.contents(Self.domain)
    #expect(contents["version"] as? [String: Int] == ["build": 7])
    #expect(contents["undeclared"] as? [String: String] == ["sub": "first"])
  }

  /// A domain given as a file path has no schema: nothing is checked.
  @Test func aDomainGivenAsAPathIsNotChecked() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    _ = try box.ok("write", box.file(Self.domain), "sensitivity", "-int", "99")
    #expect(try box.contents(Self.domain)["sensitivity"] as? Int == 99)
  }

  @Test func importAndRenameAreCheckedTooUnlessForced() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let before = try box.bytes(Self.domain)
    let json = #"{"sensitivity": 9, "text_plain": "fine"}"#
    let refused = try box.run("import", Self.domain, "-", stdin: json)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("sensitivity cannot be -int 9"))
    #expect(try box.bytes(Self.domain) == before)
    _ = try box.ok("write", Self.domain, "spare", "-int", "9")
    let renamed = try box.run("rename", Self.domain, "spare", "sensitivity")
    #expect(renamed.status == 1)
    #expect(renamed.stderr.contains("sensitivity cannot be -int 9"))
    #expect(try box.contents(Self.domain)["spare"] as? Int == 9)
    _ = try box.ok("rename", "--force", Self.domain, "spare", "sensitivity")
    #expect(try box.contents(Self.domain)["sensitivity"] as? Int == 9)
    let forced = try box.run("import", "--force", Self.domain, "-", stdin: json)
    #expect(forced.status == 0)
    #expect(try box.contents(Self.domain)["text_plain"] as? String == "fine")
  }
}
