import Foundation
import PlistCore
import TestSupport
import Testing

/// The eleven real bundles: what lint finds in each, and their factory defaults against an
/// independent reader (Python's plistlib).
@Suite("Settings bundles: the real corpus")
struct SettingsCorpusTests {
  static let names = [
    "0xack13", "aris", "awful", "chronometer", "chuntangwang", "deductivelabs", "edidown",
    "eneskaraosman", "inappsettingskit", "linphone", "vitemadose",
  ]

  static func path(_ name: String) -> String {
    Fixtures.root.appendingPathComponent("bundles/\(name)/Settings.bundle").path
  }

  static func schema(_ name: String, languages: [String] = []) throws -> SettingsSchema {
    try SettingsSchema(bundlePath: path(name), preferredLanguages: languages)
  }

  /// Every real-world mistake the corpus holds, as lint words it (texts missing from strings
  /// tables are checked apart: there are hundreds).
  static let expectedFindings: [String: [String]] = [
    "awful": [
      "Root.plist:PreferenceSpecifiers:3:KeyboardType (bookmarks_delay): 'KeyboardType' does not belong to PSMultiValueSpecifier",
      "Root.plist:PreferenceSpecifiers:4:KeyboardType (posts_above): 'KeyboardType' does not belong to PSMultiValueSpecifier",
    ],
    "inappsettingskit": [
      "Root.plist:PreferenceSpecifiers:15 (version): the key is also declared at Root.plist:PreferenceSpecifiers:4; this one wins",
      "Complete.plist:PreferenceSpecifiers:4:AutocorrectionType (text_secure): AutocorrectionType 'no' is not a known value",
      "Complete.plist:PreferenceSpecifiers:26:DefaultValue (title_non_existing_lookup_entry): the default 3 is not one of Values",
      "Complete.plist:PreferenceSpecifiers:47:DefaultValue (fruit2): the default \"Fruit\" is not one of Values",
      "Complete.plist:PreferenceSpecifiers:48 (countryCode): PSMultiValueSpecifier needs DefaultValue",
      "Complete.plist:PreferenceSpecifiers:48 (countryCode): PSMultiValueSpecifier needs Values",
      "Complete.plist:PreferenceSpecifiers:48 (countryCode): PSMultiValueSpecifier needs Titles",
      "Complete.plist:PreferenceSpecifiers:50 (radiogroup2): PSRadioGroupSpecifier needs Values",
      "Complete.plist:PreferenceSpecifiers:50 (radiogroup2): PSRadioGroupSpecifier needs Titles",
      "Complete.plist:PreferenceSpecifiers:54:DefaultValue (fruit): 'DefaultValue' does not belong to PSChildPaneSpecifier",
      "Complete.plist:PreferenceSpecifiers:60 (title_non_existing_lookup_entry2): PSTitleValueSpecifier needs DefaultValue",
      "Complete.plist:PreferenceSpecifiers:62 (title_non_existing_lookup_entry3): PSTitleValueSpecifier needs DefaultValue",
      "Advanced.plist:PreferenceSpecifiers:9:DefaultValue (AutoConnect): the default \"NO\" is neither TrueValue nor FalseValue",
      "Advanced.plist:PreferenceSpecifiers:13 (rememberCredentials): PSToggleSwitchSpecifier needs DefaultValue",
      "Fruit.plist:PreferenceSpecifiers:0:DefaultValue (fruit): the default 1 is not one of Values",
    ],
    "linphone": [
      "Audio.plist:PreferenceSpecifiers:7:New item (aaceld_44k_preference): 'New item' does not belong to PSToggleSwitchSpecifier",
      "Audio.plist:PreferenceSpecifiers:16:DefaultValue (playback_gain_preference): the default is an integer, not a string",
      "Audio.plist:PreferenceSpecifiers:17:DefaultValue (microphone_gain_preference): the default is an integer, not a string",
      "Video.plist:PreferenceSpecifiers:2 (self_video_preference): PSToggleSwitchSpecifier needs DefaultValue",
      "Video.plist:PreferenceSpecifiers:3 (preview_preference): PSToggleSwitchSpecifier needs DefaultValue",
      "Call.plist:PreferenceSpecifiers:4:DefaultValue (incoming_call_timeout_preference): the default is an integer, not a string",
      "Call.plist:PreferenceSpecifiers:5:DefaultValue (in_call_timeout_preference): the default is an integer, not a string",
      "Network.plist:PreferenceSpecifiers:5:DefaultValue (port_preference): the default is an integer, not a string",
      "Network.plist:PreferenceSpecifiers:6:DefaultValue (audio_port_preference): the default is an integer, not a string",
      "Network.plist:PreferenceSpecifiers:7:DefaultValue (video_port_preference): the default is an integer, not a string",
      "Network.plist:PreferenceSpecifiers:12:DefaultValue (upload_bandwidth_preference): the default is an integer, not a string",
      "Network.plist:PreferenceSpecifiers:13:DefaultValue (download_bandwidth_preference): the default is an integer, not a string",
      "Tunnel.plist: no ru.lproj/Tunnel.strings",
      "Advanced.plist:PreferenceSpecifiers:9:DefaultValue (expire_preference): the default is an integer, not a string",
      "Advanced.plist:PreferenceSpecifiers:11:New item (primary_displayname_preference): 'New item' does not belong to PSTextFieldSpecifier",
    ],
  ]

  /// How many texts each bundle's tables lack, language by language.
  static let missingTranslations = [
    "0xack13": 1, "aris": 3, "awful": 16, "eneskaraosman": 4, "inappsettingskit": 211,
    "linphone": 67,
  ]

  @Test(arguments: names)
  func lintFindsExactlyTheMistakesOfEachBundle(_ name: String) throws {
    let findings = SettingsLint.findings(for: try Self.schema(name))
    let structural = findings.filter {
      if case .missingTranslation = $0.problem { return false }
      return true
    }
    #expect(structural.map(\.description) == Self.expectedFindings[name] ?? [])
    #expect(findings.count - structural.count == Self.missingTranslations[name] ?? 0)
  }

  @Test func lintFindsTheTextsMissingFromATranslation() throws {
    let findings = SettingsLint.findings(for: try Self.schema("linphone")).map(\.description)
    #expect(
      findings.contains(
        "Network.plist:PreferenceSpecifiers:8:Title (use_ipv6): \"Use IPv6\" is not in ru.lproj/Network.strings"
      ))
    let aris = SettingsLint.findings(for: try Self.schema("aris")).map(\.description)
    #expect(
      aris == [
        "Root.plist:PreferenceSpecifiers:2:Title (showPlayerOnMap): \"Others See You\" is not in en.lproj/Root.strings",
        "Root.plist:PreferenceSpecifiers:3:Title (clearCache): \"Clear Cache\" is not in en.lproj/Root.strings",
        "Root.plist:PreferenceSpecifiers:5:Title (appVersion): \"Version\" is not in en.lproj/Root.strings",
      ])
  }

  /// The oracle: `Fixtures/bundles/gather_defaults.py`, run when the fixtures were made.
  static let expectedDefaults: [String: PlistDictionary] = {
    guard
      let data = try? Data(
        contentsOf: Fixtures.root.appendingPathComponent("bundles/expected-defaults.json")),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Any]]
    else { return [:] }
    return json.mapValues { entries in
      PlistDictionary(entries.compactMapValues { try? TypedJSON.value(from: $0) })
    }
  }()

  @Test(arguments: names)
  func factoryDefaultsMatchPlistlibsReading(_ name: String) throws {
    let expected = try #require(Self.expectedDefaults[name])
    #expect(try Self.schema(name).factoryDefaults == expected)
  }

  @Test func factoryDefaultsOfTheSampleAppIncludeChildPanesAndOddTypes() throws {
    let defaults = try Self.schema("inappsettingskit").factoryDefaults
    // From Complete.plist, a child pane: a slider's real, a toggle's string TrueValue.
    #expect(defaults["slider_preference1"] == 0.5)
    #expect(defaults["toggle_checkmark"] == "bar")
    // Advanced.plist's toggle with a string default, kept as written (as IASK registers it).
    #expect(defaults["AutoConnect"] == "NO")
    // A title value is not editable: no factory default.
    #expect(defaults["version"] == nil)
  }

  @Test func everyCorpusPaneLoadsAndEveryChildPaneIsFound() throws {
    let vitemadose = try SettingsBundle(path: Self.path("vitemadose"))
    #expect(vitemadose.panes.count == 30)  // Root, the list, 28 licences in a sub-directory
    #expect(vitemadose.pane(named: "com.mono0926.LicensePlist/RxSwift") != nil)
    let linphone = try SettingsBundle(path: Self.path("linphone"))
    #expect(
      linphone.panes.map(\.name) == [
        "Root", "Audio", "Video", "Call", "Network", "Tunnel", "Advanced",
      ])
    #expect(linphone.loadFindings.isEmpty)
  }
}
