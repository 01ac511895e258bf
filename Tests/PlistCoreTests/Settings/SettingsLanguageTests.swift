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
    init(_ preferred: [String], _ available: [String], _ expected: String?) {
      (self.preferred, self.available, self.expected) = (preferred, available, expected)
    }
    var testDescription: String { "\(preferred) in \(available) → \(expected ?? "none")" }
  }

  /// Each group names where its rule comes from: Apple's matching is ICU's
  /// `ualoc_localizationsToUse` (apple-oss-distributions/ICU, ualoc.cpp; the examples in
  /// unicode/ualoc.h), called by CFBundle_Locale.c; parents are CLDR's parentLocales.
  static let choices: [Choice] = [
    Choice(["de_DE.UTF-8"], ["de", "en"], "de"),
    Choice(["de_DE@euro"], ["en", "de"], "de"),
    // The full name first, written with - or _, in any case; then the language alone.
    Choice(["pt-BR"], ["en", "pt", "pt_BR"], "pt_BR"),
    Choice(["pt_BR"], ["en", "pt", "pt-BR"], "pt-BR"),
    Choice(["pt_BR.UTF-8"], ["en", "pt"], "pt"),
    Choice(["zh_hans"], ["en", "zh-Hans"], "zh-Hans"),
    // Old bundles name their directories in English (ualoc.cpp, appleAliasMap).
    Choice(["de_AT"], ["English", "German"], "German"),
    Choice(["fr"], ["French", "fr"], "fr"),
    Choice(["ko_KR.UTF-8"], ["English", "Korean"], "Korean"),
    Choice(["zh_CN.UTF-8"], ["English", "Chinese"], "Chinese"),
    // The user's order decides, not the bundle's.
    Choice(["fr", "de"], ["de", "fr"], "fr"),
    Choice(["ja", "de"], ["de", "fr"], "de"),
    // Nothing fits: the development language, Base first; CFBundle's English backstop is
    // matched like a preference (CFBundle_Locale.c), so it finds en-GB too.
    Choice(["ja"], ["en", "Base", "fr"], "Base"),
    Choice(["ja"], ["fr", "en"], "en"),
    Choice([], ["English", "fr"], "English"),
    Choice(["ja"], ["fr", "en-GB"], "en-GB"),
    Choice(["ja"], ["fr", "de"], nil),
    Choice(["de"], [], nil),
    // Chinese without a script takes it from the region: CN, SG Simplified; TW, HK, MO
    // Traditional (appleAliasMap); zh-Hans and the old zh_CN folder find each other.
    Choice(["zh_CN.UTF-8"], ["en", "zh-Hans", "zh-Hant"], "zh-Hans"),
    Choice(["zh_TW.UTF-8"], ["en", "zh-Hans", "zh-Hant"], "zh-Hant"),
    Choice(["zh_SG.UTF-8"], ["en", "zh-Hans", "zh-Hant"], "zh-Hans"),
    Choice(["zh_HK.UTF-8"], ["en", "zh-Hans", "zh-Hant"], "zh-Hant"),
    Choice(["zh_MO"], ["en", "zh-Hans", "zh-Hant"], "zh-Hant"),
    Choice(["zh-TW"], ["en", "zh_Hans", "zh_Hant"], "zh_Hant"),
    Choice(["zh-Hant-TW"], ["en", "zh-hans", "zh-hant"], "zh-hant"),
    Choice(["zh-Hans"], ["en", "zh_CN", "zh_TW"], "zh_CN"),
    Choice(["zh-Hant"], ["en", "zh_CN", "zh_TW"], "zh_TW"),
    Choice(["zh_HK"], ["zh_CN", "zh_TW"], "zh_TW"),
    Choice(["zh_CN"], ["zh_CN", "zh_TW", "zh-Hans", "zh-Hant"], "zh_CN"),
    Choice(["zh"], ["zh_CN", "zh_TW", "zh-Hans", "zh-Hant"], "zh-Hans"),
    Choice(["zh-Hant-HK"], ["zh-Hans", "zh-Hant", "zh-Hant-HK"], "zh-Hant-HK"),
    // Traditional never falls back to Simplified (appleParentMap: zh_Hant → zh_TW → root);
    // Macau falls back to Hong Kong (CLDR parentLocales).
    Choice(["zh_TW.UTF-8"], ["en", "zh-Hans"], "en"),
    Choice(["zh_MO"], ["zh-Hans", "zh-Hant", "zh-Hant-HK"], "zh-Hant-HK"),
    // Latin-American Spanish falls back to es-419 before es (CLDR parentLocales; es_MX in
    // appleParentMap).
    Choice(["es_MX.UTF-8"], ["en", "es", "es-419"], "es-419"),
    Choice(["es_AR"], ["es", "es_419"], "es_419"),
    Choice(["es_US"], ["en", "es-419", "es"], "es-419"),
    Choice(["es_ES"], ["es", "es-419"], "es"),
    Choice(["es-419"], ["es", "es-MX"], "es"),
    Choice(["es_MX"], ["es", "es_419", "es_MX"], "es_MX"),
    // A language alone finds a regional folder, the likely region's first (CLDR
    // likelySubtags: pt → pt_Latn_BR, it → it_Latn_IT); gsw has no parent but root.
    Choice(["ja"], ["en", "ja-jp"], "ja-jp"),
    Choice(["gsw"], ["de", "en", "gsw-CH"], "gsw-CH"),
    Choice(["gsw"], ["de", "en"], "en"),
    Choice(["pt"], ["en", "pt-PT", "pt-BR"], "pt-BR"),
    Choice(["pt"], ["en", "pt-PT"], "pt-PT"),
    Choice(["it"], ["it_CH", "it_IT"], "it_IT"),
    // European Portuguese: pt-PT's children (CLDR), and pt-BR only when nothing else fits,
    // in any of the user's languages (ualoc.cpp).
    Choice(["pt_AO"], ["pt", "pt-PT", "pt-BR"], "pt-PT"),
    Choice(["pt_PT"], ["pt", "pt_BR"], "pt"),
    Choice(["pt_PT", "en"], ["en", "pt-BR"], "en"),
    Choice(["pt_PT", "ja"], ["pt-BR", "fr"], "pt-BR"),
    // A script other than the language's usual one falls back to no other (CLDR: sr_Latn,
    // uz_Cyrl → root); POSIX @latin, @cyrillic name the script (gnulib localename).
    Choice(["sr_RS@latin"], ["en", "sr", "sr-Latn"], "sr-Latn"),
    Choice(["sr_RS@latin"], ["en", "sr"], "en"),
    Choice(["sr-Latn"], ["en", "sr", "sr-Latn-RS"], "sr-Latn-RS"),
    Choice(["sr_RS"], ["en", "sr", "sr-Latn"], "sr"),
    Choice(["uz_UZ@cyrillic"], ["en", "uz"], "en"),
    // English: Apple sends most of the Commonwealth to en-GB, Oceania to en-AU (appleParentMap),
    // the rest to en-001 and Europe to en-150 (CLDR), and en-150 on to en-GB (Apple).
    Choice(["en_AU.UTF-8"], ["en", "en-GB"], "en-GB"),
    Choice(["en_NZ"], ["en", "en-AU", "en-GB"], "en-AU"),
    Choice(["en_IN"], ["en", "en-AU", "en-GB"], "en-GB"),
    Choice(["en_DK.UTF-8"], ["en", "en-GB"], "en-GB"),
    Choice(["en_IL"], ["en", "en-AU", "en-GB", "en-001"], "en-001"),
    Choice(["en_IL"], ["en", "en-AU", "en-GB"], "en"),
    // CLDR 46 gives en_CA the parent en, no longer en_001 as ualoc.h's examples have it.
    Choice(["en_CA"], ["en", "en-AU", "en-GB", "en-001"], "en"),
    Choice(["en_US"], ["en", "en-GB"], "en"),
    // A near match in the first language gives way to an exact one of the same language
    // further down (ualoc.cpp).
    Choice(["fr_CH", "fr_CA"], ["fr-FR", "fr-CA"], "fr-CA"),
    // Norwegian Bokmål and Nynorsk fall back to no (CLDR parentLocales).
    Choice(["nb_NO.UTF-8"], ["en", "no"], "no"),
    Choice(["no"], ["en", "nb"], "nb"),
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
