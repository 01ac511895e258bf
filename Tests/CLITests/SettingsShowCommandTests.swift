import Foundation
import PlistCore
import Testing

/// `settings describe` and `settings show`: what a domain's Settings bundle says about a
/// key, and the panes as text with the values the app sees.
@Suite("settings: describe and show")
struct SettingsShowCommandTests {
  static let domain = "com.example.show"

  /// A small bundle with a child pane and two languages, attached to `domain`.
  static func sandbox() throws -> Sandbox {
    let box = try Sandbox()
    let bundle = "Show.bundle"
    let table: PlistDictionary = ["StringsTable": "Root"]
    try box.writePane(
      bundle, "Root",
      [
        ["Type": "PSGroupSpecifier", "Title": "GENERAL", "FooterText": "FOOTER"],
        ["Type": "PSToggleSwitchSpecifier", "Title": "WIFI", "Key": "wifi", "DefaultValue": true],
        [
          "Type": "PSMultiValueSpecifier", "Title": "MODE", "Key": "mode", "DefaultValue": 1,
          "Values": [1, 2], "Titles": ["FAST", "SLOW"],
        ],
        [
          "Type": "PSTextFieldSpecifier", "Title": "PASSWORD", "Key": "password",
          "DefaultValue": "", "IsSecure": true,
        ],
        [
          "Type": "PSSliderSpecifier", "Key": "volume", "DefaultValue": 0.5, "MinimumValue": 0,
          "MaximumValue": 1,
        ],
        // A child pane may carry a Key (InAppSettingsKit shows its value): no "(default)".
        ["Type": "PSChildPaneSpecifier", "Title": "MORE", "File": "More", "Key": "choice"],
        ["Type": "PSGroupSpecifier", "Title": "ABOUT"],
        [
          "Type": "PSTitleValueSpecifier", "Title": "VERSION", "Key": "version",
          "DefaultValue": "1.0",
        ],
        [
          "Type": "IASKTextViewSpecifier", "Title": "NOTES", "Key": "notes",
          "DefaultValue": "line one\nline two",
        ],
      ], keys: table)
    try box.writePane(
      bundle, "More",
      [
        [
          "Type": "PSRadioGroupSpecifier", "Title": "PICK", "Key": "choice", "DefaultValue": "a",
          "Values": ["a", "b"], "Titles": ["ALPHA", "BETA"], "FooterText": "PICK_FOOTER",
        ],
        ["Type": "PSGroupSpecifier"],
        ["Type": "PSTextFieldSpecifier", "Title": "NAME", "Key": "name", "DefaultValue": "Anon"],
      ], keys: table)
    let english = [
      "GENERAL": "General", "FOOTER": "Changes apply at once.", "WIFI": "Wi-Fi", "MODE": "Mode",
      "FAST": "Fast", "SLOW": "Slow", "PASSWORD": "Password", "MORE": "More", "ABOUT": "About",
      "VERSION": "Version", "NOTES": "Notes", "PICK": "Pick one", "ALPHA": "Alpha",
      "BETA": "Beta", "PICK_FOOTER": "Only one.", "NAME": "Name",
    ]
    let german = [
      "GENERAL": "Allgemein", "FOOTER": "Änderungen gelten sofort.", "WIFI": "WLAN",
      "MODE": "Modus", "FAST": "Schnell", "SLOW": "Langsam", "PASSWORD": "Passwort",
      "MORE": "Mehr", "ABOUT": "Über", "VERSION": "Version", "NOTES": "Notizen",
      "PICK": "Wähle", "ALPHA": "Alpha", "BETA": "Beta", "PICK_FOOTER": "Nur eines.",
      "NAME": "Name",
    ]
    for (language, entries) in [("en", english), ("de", german)] {
      let lines = entries.sorted { $0.key < $1.key }.map { "\"\($0.key)\" = \"\($0.value)\";" }
      try box.writeFile(
        "\(bundle)/\(language).lproj/Root.strings", Array(lines.joined(separator: "\n").utf8))
    }
    _ = try box.ok("settings", "attach", domain, box.directory.path(bundle))
    return box
  }

  // MARK: - show

  static let english = """
    com.example.show
    ================

    GENERAL
      Wi-Fi                                                             ON (default)
      Mode                                                            Fast (default)
      Password
      ──────────●─────────                                             0.5 (default)
      More                                                                         ›
      Changes apply at once.

    ABOUT
      Version                                                          1.0 (default)
      Notes                                              line one↵line two (default)

    com.example.show › More
    =======================

    PICK ONE
      (•) Alpha
      ( ) Beta
      Only one.

      Name                                                            Anon (default)

    """

  @Test func showPrintsThePanesWithTheirDefaults() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let result = try box.run("settings", "show", Self.domain)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout == Self.english)
    #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  /// Set values show without `(default)`, a toggle as ON/OFF, a choice by its title, the
  /// radio option checked; a secret as dots unless `--show-secrets`.
  @Test func showPrintsTheValuesTheAppSeesSecretsMasked() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    for arguments in [
      ["wifi", "-bool", "no"], ["mode", "-int", "2"], ["password", "hunter2"], ["choice", "b"],
      ["version", "2.1"],
    ] {
      _ = try box.ok(arguments: ["write", Self.domain] + arguments)
    }
    let shown = try box.ok("settings", "show", Self.domain)
    let lines = shown.split(separator: "\n").map(String.init)
    let expected = [
      "  Wi-Fi" + String(repeating: " ", count: 70) + "OFF",
      "  Mode" + String(repeating: " ", count: 70) + "Slow",
      "  Password" + String(repeating: " ", count: 63) + "•••••••",
      "  Version" + String(repeating: " ", count: 68) + "2.1",
      "  ( ) Alpha", "  (•) Beta",
    ]
    for line in expected { #expect(lines.contains(line), "\(line)") }
    #expect(!shown.contains("hunter2"))
    let secrets = try box.ok("settings", "show", "--show-secrets", Self.domain)
    #expect(secrets.contains("  Password" + String(repeating: " ", count: 63) + "hunter2\n"))
  }

  @Test func showSpeaksTheLanguageAskedFor() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let german = try box.ok("settings", "show", "--lang", "de", Self.domain)
    for text in [
      "\nALLGEMEIN\n", "  WLAN", "  Modus", "Schnell (default)", "  Änderungen gelten sofort.\n",
      "com.example.show › Mehr\n", "\nWÄHLE\n", "  Nur eines.\n",
    ] {
      #expect(german.contains(text), "\(text)")
    }
    // The environment's language when --lang is not given; --lang wins over it.
    var environment = box.environment
    environment["LANG"] = "de_DE.UTF-8"
    let fromLang = try CLI.run(["settings", "show", Self.domain], environment: environment)
    #expect(fromLang.stdout == german)
    environment["LANGUAGE"] = "fr:de"
    #expect(
      try CLI.run(["settings", "show", Self.domain], environment: environment).stdout == german)
    let english = try CLI.run(
      ["settings", "show", "--lang", "en_US", Self.domain], environment: environment)
    #expect(english.stdout == Self.english)
  }

  @Test func showWithoutABundleIsAOneLineError() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let result = try box.run("settings", "show", "com.example.none")
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "plistctl: no Settings bundle is attached to com.example.none (plistctl settings attach com.example.none BUNDLE)\n"
    )
    let global = try box.run("settings", "show", "-g")
    #expect(global.status == 64)
  }

  // MARK: - describe

  static func sample() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.ok(
      "settings", "attach", "com.example.iask", SettingsFixtures.path("inappsettingskit"))
    return box
  }

  @Test func describeListsTheChoicesWithTheirTitlesAndTheValuesLayer() throws {
    let box = try Self.sample()
    defer { box.remove() }
    let described = """
      key: radiogroup
      title: Radio Group
      element: PSRadioGroupSpecifier in Complete.plist
      group: Radio Group
      allowed: one of
        -int 1\tOne
        -int 2\tTwo
        -int 3\tThree
      default: -int 1

      """
    #expect(
      try box.ok("settings", "describe", "com.example.iask", "radiogroup")
        == described.replacingOccurrences(
          of: "default: -int 1\n", with: "default: -int 1\nvalue: -int 1 (schema)\n"))
    _ = try box.ok("write", "com.example.iask", "radiogroup", "-int", "3")
    #expect(
      try box.ok("settings", "describe", "com.example.iask", "radiogroup")
        == described.replacingOccurrences(
          of: "default: -int 1\n", with: "default: -int 1\nvalue: -int 3 (app)\n"))
  }

  @Test func describeGivesRangesTypesAndReadOnlyKeys() throws {
    let box = try Self.sample()
    defer { box.remove() }
    #expect(
      try box.ok("settings", "describe", "com.example.iask", "sensitivity") == """
        key: sensitivity
        element: PSSliderSpecifier in Advanced.plist
        group: Slider with Images
        allowed: a number from 1 to 5
        default: -int 2
        value: -int 2 (schema)

        """)
    let toggle = try box.ok("settings", "describe", "com.example.iask", "toogle_string")
    #expect(
      toggle.contains("allowed: \"foo\" or \"bar\"\ndefault: \"foo\"\nvalue: \"foo\" (schema)\n"))
    let date = try box.ok("settings", "describe", "com.example.iask", "date")
    #expect(date.hasSuffix("allowed: a date\nvalue: not set\n"))
    let version = try box.ok("settings", "describe", "com.example.iask", "version")
    #expect(version.contains("allowed: any value (read-only)\ndefault: \"1.0\"\n"))
  }

  @Test func describeMasksASecureFieldsValue() throws {
    let box = try Self.sample()
    defer { box.remove() }
    _ = try box.ok("write", "com.example.iask", "text_secure", "hunter2")
    let described = try box.ok("settings", "describe", "com.example.iask", "text_secure")
    #expect(described.contains("secure: yes\nvalue: ••••••• (app)\n"))
    #expect(!described.contains("hunter2"))
  }

  @Test func describeAnUnknownKeyFailsWithOneLine() throws {
    let box = try Self.sample()
    defer { box.remove() }
    let result = try box.run("settings", "describe", "com.example.iask", "nope")
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr == "plistctl: The Settings bundle of com.example.iask declares no key nope\n")
    let none = try box.run("settings", "describe", "com.example.none", "k")
    #expect(none.status == 1)
    #expect(none.stderr.split(separator: "\n").count == 1)
  }
}
