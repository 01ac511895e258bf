import Foundation
import PlistCore
import TestSupport
import Testing

/// Settings bundles as iOS reads them (issue 25), through the commands: numbers compared
/// by value, a missing child pane left to lint, and a bundle's text — untrusted, it comes
/// from an app — never reaching the terminal raw, in any command.
@Suite("settings: values, missing panes and untrusted text")
struct SettingsFidelityCommandTests {
  /// A real app's multi-value (`Values` reals, `DefaultValue` an integer), a toggle with
  /// integer on and off values and a boolean default, a slider with an integer default, and
  /// a toggle whose default is the string `"NO"`.
  static let mixedNumbers: [PlistValue] = [
    [
      "Type": "PSMultiValueSpecifier", "Title": "Encoding", "Key": "encoding",
      "DefaultValue": 5, "Values": [.real(4), .real(5)],
      "Titles": ["Japanese (Shift JIS)", "Western (ISO Latin 1)"],
    ],
    [
      "Type": "PSToggleSwitchSpecifier", "Title": "Flag", "Key": "flag", "DefaultValue": false,
      "TrueValue": 1, "FalseValue": 0,
    ],
    [
      "Type": "PSSliderSpecifier", "Key": "volume", "DefaultValue": 4, "MinimumValue": 0,
      "MaximumValue": 10,
    ],
    [
      "Type": "PSToggleSwitchSpecifier", "Title": "Legacy", "Key": "legacy",
      "DefaultValue": "NO",
    ],
  ]

  static let domain = "com.example.mixed"

  static func attached(_ elements: [PlistValue], children: [String: [PlistValue]] = [:]) throws
    -> Sandbox
  {
    let box = try Sandbox()
    try box.writePane("Mixed.bundle", "Root", elements)
    for (name, child) in children { try box.writePane("Mixed.bundle", name, child) }
    _ = try box.ok("settings", "attach", Self.domain, box.directory.path("Mixed.bundle"))
    return box
  }

  @Test func theBundlesOwnDefaultsAreShownByTitleAndCanBeWritten() throws {
    let box = try Self.attached(Self.mixedNumbers)
    defer { box.remove() }
    let shown = try box.ok("settings", "show", Self.domain)
    #expect(shown.contains("Western (ISO Latin 1) (default)"))
    #expect(shown.contains("Flag") && shown.contains("OFF (default)"))
    #expect(
      shown.split(separator: "\n").contains {
        $0.hasPrefix("  Legacy") && $0.hasSuffix("OFF (default)")
      })
    // Lint finds the string default only, not the numbers written another way.
    let lint = try box.run("settings", "lint", box.directory.path("Mixed.bundle"))
    #expect(lint.stdout.split(separator: "\n").count == 1)
    #expect(lint.stdout.contains("(legacy): the default \"NO\" is neither"))
    // The defaults, written as a user would, are allowed, and keep the type written.
    _ = try box.ok("write", Self.domain, "encoding", "-int", "5")
    _ = try box.ok("write", Self.domain, "flag", "-bool", "false")
    _ = try box.ok("write", Self.domain, "volume", "-float", "4")
    _ = try box.ok("write", Self.domain, "legacy", "-string", "NO")
    let contents = try box.contents(Self.domain)
    #expect(SettingsFixtures.typed(contents["encoding"] as Any) == "integer:5")
    #expect(SettingsFixtures.typed(contents["flag"] as Any) == "bool:false")
    #expect(try box.ok("dump", "--non-default", Self.domain) == "{\n}\n")
    // Still refused: a number that is no choice, a toggle value neither on nor off.
    #expect(try box.run("write", Self.domain, "encoding", "-int", "6").status == 1)
    #expect(try box.run("write", Self.domain, "flag", "-int", "2").status == 1)
  }

  @Test func theBundlesDefaultsImportIntoTheDomain() throws {
    let box = try Self.attached(Self.mixedNumbers)
    defer { box.remove() }
    let defaults = try box.ok("settings", "defaults", "--xml", box.directory.path("Mixed.bundle"))
    try box.writeFile("defaults.plist", Array(defaults.utf8))
    _ = try box.ok("import", Self.domain, box.directory.path("defaults.plist"))
    #expect(try box.ok("dump", "--non-default", Self.domain) == "{\n}\n")
    #expect(try box.ok("settings", "show", Self.domain).contains("Western (ISO Latin 1)\n"))
  }

  /// A child pane made at build time is missing from the source tree: the bundle attaches,
  /// shows what it has, and lint names the missing pane.
  @Test func aBundleWithAMissingChildPaneAttaches() throws {
    let box = try Self.attached([
      ["Type": "PSToggleSwitchSpecifier", "Title": "Flag", "Key": "flag", "DefaultValue": true],
      ["Type": "PSChildPaneSpecifier", "Title": "Acknowledgements", "File": "Acknowledgements"],
    ])
    defer { box.remove() }
    #expect(try box.ok("read", "--effective", Self.domain, "flag") == "1\n")
    #expect(try box.ok("settings", "show", Self.domain).contains("Acknowledgements"))
    let lint = try box.run("settings", "lint", box.directory.path("Mixed.bundle"))
    #expect(lint.status == 1)
    #expect(lint.stdout.hasSuffix("child pane 'Acknowledgements' has no Acknowledgements.plist\n"))
    // A root that is no pane still stops an attach.
    try box.writeFile("Broken.bundle/Root.plist", Array("<plist><array/></plist>".utf8))
    let broken = try box.run(
      "settings", "attach", "com.example.broken", box.directory.path("Broken.bundle"))
    #expect(broken.status == 2)
    #expect(broken.stderr.contains("no PreferenceSpecifiers array"))
  }

  // MARK: - Untrusted text

  /// Text that sets the clipboard (OSC 52), clears the screen, colours, forges a line with
  /// a line break, hides a C1 CSI, and reverses the line with a bidi override.
  static let hostile =
    "A\u{1B}]52;c;aGk=\u{07}B\u{1B}[2JC\nplistctl: forged\u{9B}1mD\u{202E}E\u{7F}"

  static var hostileBundle: [PlistValue] {
    let text = PlistValue.string(hostile)
    return [
      ["Type": "PSGroupSpecifier", "Title": text, "FooterText": text],
      ["Type": "PSToggleSwitchSpecifier", "Title": text, "Key": "flag", "DefaultValue": true],
      [
        "Type": "PSMultiValueSpecifier", "Title": text, "Key": "choice", "DefaultValue": text,
        "Values": [text, "plain"], "Titles": [text, text],
      ],
      ["Type": "PSTextFieldSpecifier", "Title": text, "Key": "text", "DefaultValue": text],
      ["Type": "PSChildPaneSpecifier", "Title": text, "File": text],
      ["Type": .string("PSUnknown" + hostile), "Title": text, "Key": "unknown"],
    ]
  }

  /// Bytes that would reach the terminal as a control: ESC, C0 but the line feed (and the
  /// tab `describe` puts between a choice and its title), DEL, C1, bidi overrides.
  static func controls(in text: String, allowingTabs: Bool = false) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      switch scalar.value {
      case 0x0A: return false
      case 0x09: return !allowingTabs
      case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
      default: return false
      }
    }
  }

  @Test func noCommandPrintsABundlesControlsRaw() throws {
    let box = try Self.attached(Self.hostileBundle)
    defer { box.remove() }
    let bundle = box.directory.path("Mixed.bundle")
    let lint = try box.run("settings", "lint", bundle)
    #expect(lint.status == 1)
    #expect(Self.controls(in: lint.stdout).isEmpty)
    // One line per finding: none is broken by a title's line break.
    let findings = SettingsLint.findings(for: try SettingsSchema(bundlePath: bundle))
    #expect(lint.stdout.split(separator: "\n").count == findings.count)
    #expect(lint.stdout.contains(#"\U001b]52;c;aGk=\U0007"#))
    #expect(!lint.stdout.contains("\nplistctl: forged"))
    let show = try box.ok("settings", "show", "--show-secrets", Self.domain)
    #expect(Self.controls(in: show).isEmpty)
    #expect(show.contains(#"\U202e"#) && show.contains(#"\U009b1m"#))
    for key in ["flag", "choice", "text"] {
      let described = try box.ok("settings", "describe", Self.domain, key)
      #expect(Self.controls(in: described, allowingTabs: true).isEmpty, "\(key)")
    }
  }

  /// A domain's keys and values are someone else's text too (an app wrote them): `keys`,
  /// `read`, `read --effective --show-source`, `export --json` and shell completion escape
  /// their controls.
  @Test func noCommandPrintsADomainsControlsRaw() throws {
    let box = try Self.attached(Self.hostileBundle)
    defer { box.remove() }
    let key = "k" + Self.hostile
    _ = try box.ok("write", Self.domain, key, "-string", Self.hostile)
    for arguments in [
      ["keys", Self.domain], ["read", Self.domain],
      ["read", "--effective", "--show-source", Self.domain],
      ["export", Self.domain, "-", "--json"], ["__complete", "words", "read", Self.domain, ""],
      ["__complete", "words", "settings", "describe", Self.domain, ""],
    ] {
      let output = try box.ok(arguments: arguments)
      #expect(
        Self.controls(in: output, allowingTabs: arguments[0] == "__complete").isEmpty,
        "\(arguments)")
      #expect(!output.isEmpty, "\(arguments)")
    }
    #expect(try box.ok("keys", Self.domain).contains(#"kA\U001b]52;c;aGk=\U0007B"#))
  }

  /// The editor under a real terminal: the bytes written to it hold none of the bundle's
  /// controls, and the screen shows them escaped.
  @Test func theEditorShowsABundlesControlsWithoutObeyingThem() async throws {
    let box = try Self.attached(Self.hostileBundle)
    defer { box.remove() }
    let tmux = try await Tmux.start(
      CLI.executable, ["settings", "edit", Self.domain], environment: box.environment)
    defer { tmux.kill() }
    try await tmux.waitFor("the root pane") { $0.first?.contains(Self.domain) == true }
    let output = try tmux.recordOutput()
    // A new size draws every row again, into the recording.
    try tmux.resize(columns: 100, rows: 20)
    let screen = try await tmux.waitFor("the rows drawn again at 100 columns") { screen in
      screen.count == 20 && screen.contains { $0.contains(#"A\U001b]52;c;aGk=\U0007B"#) }
    }
    // A title's line break is shown on its row; a footer's breaks its lines, indented.
    #expect(!screen.contains { $0.hasPrefix("plistctl:") })
    // tmux copies the bytes to the recording on its own time: wait for the escaped text.
    var written = ""
    #expect(
      await eventually {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
        written = String(decoding: bytes, as: UTF8.self)
        return written.contains(#"\U001b]52"#)
      })
    #expect(!written.contains("\u{1B}]52"))
    #expect(!written.contains("\u{1B}[2J"))
    #expect(!written.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    #expect(!written.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
  }
}
