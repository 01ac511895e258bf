import Foundation
import PlistCore
import Testing

/// Which language a bundle is shown in: the user's languages from the environment in
/// gettext's order, matched against the bundle's `.lproj` directories; and the texts the
/// real bundles' strings tables give in each.
@Suite("Settings bundles: languages and strings tables")
struct SettingsLanguageTests {
  // MARK: - The user's languages

  struct Preference: CustomTestStringConvertible, Sendable {
    let environment: [String: String]
    let expected: [String]
    var testDescription: String { "\(environment.sorted { $0.key < $1.key }) → \(expected)" }
  }

  static let preferences: [Preference] = [
    // LANGUAGE is a list, most preferred first; it wins over the locale variables.
    Preference(
      environment: ["LANGUAGE": "de:fr_FR:en", "LANG": "es_ES.UTF-8"],
      expected: ["de", "fr_FR", "en"]),
    // Else the first of LC_ALL, LC_MESSAGES, LANG that is set and not empty.
    Preference(
      environment: ["LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "en_US"],
      expected: ["fr_FR.UTF-8"]),
    Preference(environment: ["LC_MESSAGES": "de_DE", "LANG": "en_US"], expected: ["de_DE"]),
    Preference(environment: ["LANG": "pt_BR.UTF-8"], expected: ["pt_BR.UTF-8"]),
    Preference(environment: ["LC_ALL": "", "LANG": "de_DE.UTF-8"], expected: ["de_DE.UTF-8"]),
    Preference(environment: ["LANGUAGE": "", "LANG": "de_DE"], expected: ["de_DE"]),
    // C and POSIX name no language, and gettext then ignores LANGUAGE.
    Preference(environment: ["LANG": "C"], expected: []),
    Preference(environment: ["LC_ALL": "POSIX", "LANG": "de_DE"], expected: []),
    Preference(environment: ["LANG": "C.UTF-8", "LANGUAGE": "de"], expected: []),
    Preference(environment: ["LANGUAGE": "C:de:POSIX", "LANG": "en_US"], expected: ["de"]),
    Preference(environment: ["HOME": "/home/x"], expected: []),
    // No locale at all is the C locale: LANGUAGE alone is ignored, as gettext does.
    Preference(environment: ["LANGUAGE": "de"], expected: []),
  ]

  @Test(arguments: preferences)
  func theUsersLanguagesComeInGettextsOrder(_ example: Preference) {
    #expect(SettingsLanguage.preferred(in: example.environment) == example.expected)
  }

  // MARK: - Choosing a .lproj

  struct Choice: CustomTestStringConvertible, Sendable {
    let preferred: [String]
    let available: [String]
    let expected: String?
    var testDescription: String { "\(preferred) in \(available) → \(expected ?? "none")" }
  }

  static let choices: [Choice] = [
    Choice(preferred: ["de_DE.UTF-8"], available: ["de", "en"], expected: "de"),
    Choice(preferred: ["de_DE@euro"], available: ["en", "de"], expected: "de"),
    // The full name first, written with - or _, in any case; then the language alone.
    Choice(preferred: ["pt-BR"], available: ["en", "pt", "pt_BR"], expected: "pt_BR"),
    Choice(preferred: ["pt_BR"], available: ["en", "pt", "pt-BR"], expected: "pt-BR"),
    Choice(preferred: ["pt_BR.UTF-8"], available: ["en", "pt"], expected: "pt"),
    Choice(preferred: ["zh_hans"], available: ["en", "zh-Hans"], expected: "zh-Hans"),
    // Old bundles name their directories in English.
    Choice(preferred: ["de_AT"], available: ["English", "German"], expected: "German"),
    Choice(preferred: ["fr"], available: ["French", "fr"], expected: "fr"),
    // The user's order decides, not the bundle's.
    Choice(preferred: ["fr", "de"], available: ["de", "fr"], expected: "fr"),
    Choice(preferred: ["ja", "de"], available: ["de", "fr"], expected: "de"),
    // Nothing fits: the development language, Base first.
    Choice(preferred: ["ja"], available: ["en", "Base", "fr"], expected: "Base"),
    Choice(preferred: ["ja"], available: ["fr", "en"], expected: "en"),
    Choice(preferred: [], available: ["English", "fr"], expected: "English"),
    Choice(preferred: ["ja"], available: ["fr", "de"], expected: nil),
    Choice(preferred: ["de"], available: [], expected: nil),
  ]

  @Test(arguments: choices)
  func aLanguageIsChosenFromTheBundlesDirectories(_ example: Choice) {
    #expect(SettingsLanguage.choose(example.preferred, from: example.available) == example.expected)
  }

  // MARK: - The real bundles' tables

  static func schema(_ name: String, _ languages: [String]) throws -> SettingsSchema {
    try SettingsSchema(
      bundlePath: SettingsCorpusTests.path(name), preferredLanguages: languages)
  }

  /// InAppSettingsKit's sample in English (a UTF-16LE table with a byte-order mark) and in
  /// German (UTF-8).
  @Test func theSampleAppReadsInEnglishAndInGerman() throws {
    let english = try Self.schema("inappsettingskit", ["en_GB.UTF-8"])
    let german = try Self.schema("inappsettingskit", ["de_DE.UTF-8"])
    let bytes = try Fixtures.bytes("bundles/inappsettingskit/Settings.bundle/en.lproj/Root.strings")
    #expect(bytes.prefix(2) == [0xFF, 0xFE])
    #expect(english.bundle.languages == ["de", "en"])
    #expect(english.bundle.language == "en")
    #expect(german.bundle.language == "de")

    // A child pane's title on the root pane.
    #expect(english.bundle.root.localized("ADVANCED_TITLE") == "Advanced")
    #expect(german.bundle.root.localized("ADVANCED_TITLE") == "Erweitert")
    // A key's title, its group and its choices.
    let en = try #require(english["mulValue"])
    let de = try #require(german["mulValue"])
    #expect(en.title == "Update at launch")
    #expect(de.title == "Beim Start updaten")
    #expect(en.group == "Multiple Values")
    #expect(de.group == "Mehrere Werte")
    #expect(en.choiceTitles.prefix(3) == ["Maybe", "No", "Yes"])
    #expect(de.choiceTitles.prefix(3) == ["Vielleicht", "Ja", "Nein"])
    // A child pane (Complete.plist) names the same table.
    let footer = "MULTIVALUE_FOOTER"
    #expect(
      english.bundle.pane(named: "Complete")?.localized(footer)
        == "This is a footer text below a multiValue list.")
    #expect(
      german.bundle.pane(named: "Complete")?.localized(footer)
        == "Dies ist ein Footer-Text unter einer MultiValue-Liste.")
    #expect(german["AutoConnect"]?.title == "Automatisch Verbinden")
  }

  /// A text the table lacks is shown as written, in every language.
  @Test func aTextMissingFromTheTableIsShownAsWritten() throws {
    let german = try Self.schema("inappsettingskit", ["de"])
    // The German table stops at MUL_VAL_3.
    #expect(german["mulValue"]?.choiceTitles[3] == "MUL_VAL_4")
    #expect(german["mulValue"]?.choiceTitles.last == "MUL_VAL_11")
    #expect(german.bundle.root.localized("Not in any table") == "Not in any table")
    let french = try Self.schema("linphone", ["fr_FR.UTF-8"])
    #expect(french["avpf_preference"]?.title == "AVPF")
  }

  @Test func linphoneReadsInFrenchPaneByPane() throws {
    let french = try Self.schema("linphone", ["fr_FR.UTF-8"])
    #expect(french.bundle.language == "fr")
    #expect(french.bundle.languages == ["en", "fr", "ru"])
    #expect(french["enable_video_preference"]?.title == "Activer vidéo")
    #expect(french["advanced_account_preference"]?.title == "Compte avancé")
    // Network.plist declares no StringsTable: the table named like the pane is used.
    #expect(french.bundle.pane(named: "Network")?.stringsTable == "Network")
    #expect(french["use_ipv6"]?.title == "Utiliser IPv6")
    let english = try Self.schema("linphone", ["en"])
    #expect(english["use_ipv6"]?.title == "Use IPv6")
  }

  /// A language the bundle does not have falls back to English; with no language that
  /// fits at all, texts are shown as written.
  @Test func anUnknownLanguageFallsBackToTheDevelopmentLanguage() throws {
    let japanese = try Self.schema("inappsettingskit", ["ja_JP.UTF-8"])
    #expect(japanese.bundle.language == "en")
    #expect(japanese["mulValue"]?.title == "Update at launch")

    let box = try SyntheticBundle(
      root: [Element.toggle("k", title: "TITLE")], keys: ["StringsTable": "Root"])
    defer { box.remove() }
    try box.strings("fr", ["TITLE": "Titre"])
    #expect(try box.schema(languages: ["ja"])["k"]?.title == "TITLE")
    #expect(try box.schema(languages: ["ja"]).bundle.language == nil)
    #expect(try box.schema(languages: ["fr_CA"])["k"]?.title == "Titre")
  }
}
