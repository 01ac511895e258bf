import Foundation
import PlistCore
import Testing

/// Lint, rule by rule: each case is one element with one mistake, and the exact lines lint
/// prints for it (file, key path, the element's key, the words). A clean element of every
/// type gives no line, so that no rule fires where it should not.
@Suite("Settings bundles: lint")
struct SettingsLintTests {
  struct Rule: CustomTestStringConvertible, Sendable {
    let name: String
    let element: PlistValue
    let findings: [String]
    var testDescription: String { name }

    init(_ name: String, _ element: PlistValue, _ findings: String...) {
      self.name = name
      self.element = element
      self.findings = findings.map { "Root.plist:PreferenceSpecifiers:0" + $0 }
    }
  }

  static let multi = Element.multi("m", 1, values: [1, 2], titles: ["One", "Two"])
  static let secret = Element.text("p", "", title: "Password")

  static let rules: [Rule] = [
    Rule(
      "Titles do not label Values one for one",
      Element.with(multi, ["Titles": ["One"]]), ":Titles (m): 1 Titles for 2 Values"),
    Rule(
      "ShortTitles do not label Values one for one",
      Element.with(multi, ["ShortTitles": ["1", "2", "3"]]),
      ":ShortTitles (m): 3 ShortTitles for 2 Values"),
    Rule(
      "a slider's minimum above its maximum", Element.slider("s", 5, 10, 1),
      ":MinimumValue (s): MinimumValue 10 is above MaximumValue 1"),
    Rule(
      "a slider's default out of range", Element.slider("s", 7, 0, 1.5),
      ":DefaultValue (s): the default 7 is outside 0…1.5"),
    Rule(
      "a slider's default not a number", Element.slider("s", "half", 0, 1),
      ":DefaultValue (s): the default is a string, not a real"),
    Rule(
      "a slider's bound not a number", Element.slider("s", 0.5, "0", 1),
      ":MinimumValue (s): MinimumValue is a string, not a real"),
    Rule(
      "a toggle's TrueValue equal to its FalseValue",
      Element.with(Element.toggle("t", "on"), ["TrueValue": "on", "FalseValue": "on"]),
      ":TrueValue (t): TrueValue and FalseValue are the same"),
    Rule(
      "a toggle's default neither on nor off", Element.toggle("t", "maybe"),
      ":DefaultValue (t): the default \"maybe\" is neither TrueValue nor FalseValue"),
    Rule(
      "a toggle's default of the wrong type for integer values",
      Element.with(Element.toggle("t", "1"), ["TrueValue": 1, "FalseValue": 0]),
      ":DefaultValue (t): the default \"1\" is neither TrueValue nor FalseValue"),
    Rule(
      "a multi-value's default not among Values", Element.with(multi, ["DefaultValue": 3]),
      ":DefaultValue (m): the default 3 is not one of Values"),
    Rule(
      "a multi-value's default of another type than Values",
      Element.with(multi, ["DefaultValue": "1"]),
      ":DefaultValue (m): the default \"1\" is not one of Values"),
    Rule(
      "a text field's default not a string", Element.text("name", 5),
      ":DefaultValue (name): the default is an integer, not a string"),
    Rule(
      "an unknown Type", ["Type": "PSFancySpecifier", "Key": "k"],
      ":Type (k): unknown Type 'PSFancySpecifier'"),
    Rule(
      "no Type", ["Key": "k", "Title": "Orphan"], " (k): an element needs Type"),
    Rule(
      "a required key missing", Element.without(multi, "Titles"),
      " (m): PSMultiValueSpecifier needs Titles"),
    Rule(
      "a child pane without File", ["Type": "PSChildPaneSpecifier", "Title": "More"],
      ": PSChildPaneSpecifier needs File"),
    Rule(
      "a stray key", Element.with(Element.toggle("t"), ["KeyboardType": "URL"]),
      ":KeyboardType (t): 'KeyboardType' does not belong to PSToggleSwitchSpecifier"),
    Rule(
      "IsSecure not a boolean", Element.with(secret, ["IsSecure": "YES"]),
      ":IsSecure (p): IsSecure is a string, not a boolean"),
    Rule(
      "an unknown KeyboardType", Element.with(secret, ["KeyboardType": "Numbers"]),
      ":KeyboardType (p): KeyboardType 'Numbers' is not a known value"),
    Rule(
      "an unknown AutocapitalizationType",
      Element.with(secret, ["AutocapitalizationType": "Always"]),
      ":AutocapitalizationType (p): AutocapitalizationType 'Always' is not a known value"),
    Rule(
      "an unknown AutocorrectionType", Element.with(secret, ["AutocorrectionType": "no"]),
      ":AutocorrectionType (p): AutocorrectionType 'no' is not a known value"),
    Rule(
      "a bad SupportedUserInterfaceIdioms entry",
      Element.with(Element.toggle("t"), ["SupportedUserInterfaceIdioms": ["Phone", "Watch", 3]]),
      ":SupportedUserInterfaceIdioms:1 (t): idiom 'Watch' is not a known value",
      ":SupportedUserInterfaceIdioms:2 (t): idiom '3' is not a known value"),
    Rule(
      "SupportedUserInterfaceIdioms not an array",
      Element.with(Element.toggle("t"), ["SupportedUserInterfaceIdioms": "Phone"]),
      ":SupportedUserInterfaceIdioms (t): SupportedUserInterfaceIdioms is a string, not an array"),
  ]

  @Test(arguments: rules)
  func eachRuleFindsItsMistake(_ rule: Rule) throws {
    let box = try SyntheticBundle(root: [rule.element])
    defer { box.remove() }
    #expect(try box.findings() == rule.findings)
  }

  /// One correct element of every type, with every optional key: nothing to report.
  @Test func aCorrectElementOfEveryTypeHasNoFinding() throws {
    let box = try SyntheticBundle(root: [
      Element.group("Group", footer: "Footer"),
      Element.with(
        Self.secret,
        [
          "IsSecure": true, "KeyboardType": "EmailAddress", "AutocapitalizationType": "None",
          "AutocorrectionType": "No", "SupportedUserInterfaceIdioms": ["Phone", "Pad"],
        ]),
      Element.with(Element.toggle("t", "yes"), ["TrueValue": "yes", "FalseValue": "no"]),
      Element.with(
        Element.slider("s", 2, 1, 5.5),
        ["MinimumValueImage": "low.png", "MaximumValueImage": "high.png"]),
      Element.with(Self.multi, ["ShortTitles": ["1", "2"], "DisplaySortedByTitle": true]),
      [
        "Type": "PSRadioGroupSpecifier", "Key": "r", "DefaultValue": "a", "Values": ["a", "b"],
        "Titles": ["A", "B"], "FooterText": "Pick one",
      ],
      [
        "Type": "PSTitleValueSpecifier", "Key": "v", "DefaultValue": 1, "Values": [1],
        "Titles": ["One"],
      ],
      ["Type": "IASKDatePickerSpecifier", "Key": "d", "DatePickerMode": "Time"],
      [
        "Type": "PSChildPaneSpecifier", "Title": "Web", "IASKViewControllerClass": "WebView",
      ],
    ])
    defer { box.remove() }
    #expect(try box.findings() == [])
  }

  // MARK: - Across elements and panes

  /// The later element of a key wins, in the schema as in InAppSettingsKit, and lint says
  /// where the earlier one is. "Later" is in the order defaults are gathered: depth first,
  /// a child pane where it is referenced.
  @Test func aDuplicateKeyAcrossPanesLaterWinsAndIsReported() throws {
    let box = try SyntheticBundle(root: [Element.toggle("k", true), Element.child("A")])
    defer { box.remove() }
    try box.pane("A", [Element.group(), Element.toggle("k", false, title: "Again")])
    let schema = try box.schema()
    #expect(schema.factoryDefaults == ["k": false])
    #expect(schema["k"]?.pane == "A")
    #expect(schema["k"]?.title == "Again")
    #expect(schema.keys.map(\.key) == ["k"])
    let findings = SettingsLint.findings(for: schema)
    #expect(
      findings.map(\.description) == [
        "A.plist:PreferenceSpecifiers:1 (k): the key is also declared at Root.plist:PreferenceSpecifiers:0; this one wins"
      ])
    #expect(findings.first?.file == "A.plist")
    #expect(findings.first?.keyPath == ":PreferenceSpecifiers:1")
    #expect(findings.first?.key == "k")
  }

  @Test func aChildPaneReferencedBeforeTheRootsElementLosesToIt() throws {
    let box = try SyntheticBundle(root: [Element.child("A"), Element.toggle("k", true)])
    defer { box.remove() }
    try box.pane("A", [Element.toggle("k", false)])
    let schema = try box.schema()
    #expect(schema.factoryDefaults == ["k": true])
    #expect(schema["k"]?.pane == "Root")
    #expect(
      try box.findings() == [
        "Root.plist:PreferenceSpecifiers:1 (k): the key is also declared at A.plist:PreferenceSpecifiers:0; this one wins"
      ])
  }

  // MARK: - Strings tables

  static func localized() throws -> SyntheticBundle {
    try SyntheticBundle(
      root: [Element.toggle("k", title: "TITLE"), Element.group("HEADER")],
      keys: ["StringsTable": "Root"])
  }

  @Test func aStringsTableThatDoesNotParseIsAFinding() throws {
    let box = try Self.localized()
    defer { box.remove() }
    try box.strings("en", ["TITLE": "Title", "HEADER": "Header"])
    try box.write("de.lproj/Root.strings", bytes: Array("\"TITLE\" = \"Titel\"\n\"HEADER\" =".utf8))
    let findings = try box.findings()
    #expect(findings.count == 1)
    #expect(findings.first?.hasPrefix("de.lproj/Root.strings: openstep: line 2") == true)
    // Texts are then shown as written; the other language still works.
    #expect(try box.schema(languages: ["de"])["k"]?.title == "TITLE")
    #expect(try box.schema(languages: ["en"])["k"]?.title == "Title")
  }

  @Test func aStringsTableMissingForOneLanguageIsAFinding() throws {
    let box = try Self.localized()
    defer { box.remove() }
    try box.strings("en", ["TITLE": "Title", "HEADER": "Header"])
    try box.strings("de", table: "Other", ["TITLE": "Titel"])
    #expect(try box.findings() == ["Root.plist: no de.lproj/Root.strings"])
  }

  @Test func aTextMissingFromOneLanguagesTableIsAFinding() throws {
    let box = try Self.localized()
    defer { box.remove() }
    try box.strings("en", ["TITLE": "Title", "HEADER": "Header"])
    try box.strings("de", ["TITLE": "Titel"])
    let findings = SettingsLint.findings(for: try box.schema())
    #expect(
      findings.map(\.description) == [
        "Root.plist:PreferenceSpecifiers:1:Title: \"HEADER\" is not in de.lproj/Root.strings"
      ])
    #expect(findings.first?.key == nil)
  }
}
