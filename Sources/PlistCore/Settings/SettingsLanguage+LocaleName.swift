extension SettingsLanguage {
  /// A locale name taken apart: a POSIX name (`sr_RS.UTF-8@latin`), a BCP 47 tag
  /// (`zh-Hant-TW`) or an old English `.lproj` name (`German`), with its subtags written in
  /// ICU's case (`zh_Hant_TW`), as `uloc_getBaseName` reads them before Apple matches.
  struct LocaleName: Equatable {
    let language: String
    let script: String?
    let region: String?

    /// Reads a name; nil when it does not start with a language (2 to 8 letters).
    ///
    /// - Parameter name: `de_DE.UTF-8`, `sr_RS@latin`, `zh-hant-TW`, `es-419`, `English`.
    init?(_ name: String) {
      // POSIX: language[_territory][.codeset][@modifier]. BCP 47 has neither `.` nor `@`.
      let halves = name.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
      let subtags = halves[0].prefix { $0 != "." }
        .split(separator: "_", omittingEmptySubsequences: false)
        .flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
      guard let first = subtags.first, (2...8).contains(first.count), first.allSatisfy(isLetter)
      else { return nil }
      var script: String?
      var region: String?
      for subtag in subtags.dropFirst() {
        if script == nil, region == nil, subtag.count == 4, subtag.allSatisfy(isLetter) {
          script = subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
        } else if region == nil,
          subtag.count == 2 && subtag.allSatisfy(isLetter)
            || subtag.count == 3 && subtag.allSatisfy(isDigit)
        {
          region = subtag.uppercased()
        } else {
          break  // A variant or an extension: bundles are not told apart by them.
        }
      }
      if script == nil, halves.count > 1 { script = Self.modifierScripts[halves[1].lowercased()] }
      self.init(language: first.lowercased(), script: script, region: region)
    }

    init(language: String, script: String?, region: String?) {
      (self.language, self.script, self.region) = (language, script, region)
    }

    /// `zh_Hant_TW`.
    var identifier: String { [language, script, region].compactMap { $0 }.joined(separator: "_") }

    /// The name Apple's ICU matches in its place: `English` as `en`, `zh_TW` as `zh_Hant_TW`.
    var normalized: LocaleName { Self.aliases[identifier].flatMap(LocaleName.init) ?? self }

    /// This name and its parents, nearest first, root left out: Apple's own parent, else
    /// the name less its last subtag (`ualoc_getParent` in ualoc.cpp).
    var ancestry: [String] {
      var chain = [identifier]
      while chain.count < 10, let parent = Self.parent(of: chain[chain.count - 1]) {
        chain.append(parent)
      }
      return chain
    }

    /// Whether the name has a region its language is not most likely used in, so that
    /// ualoc.cpp counts it a step further away (`it` picks it_IT before it_CH): every region
    /// of a language whose likely subtags are not carried here; never es_MX or zh_Hant_TW.
    var hasUnlikelyRegion: Bool {
      guard let region, identifier != "es_MX", identifier != "zh_Hant_TW" else { return false }
      guard let likely = Self.likelySubtags[language] else { return true }
      return region != likely.region || script.map { $0 != likely.script } ?? false
    }

    private static func parent(of identifier: String) -> String? {
      let parent =
        appleParents[identifier]
        ?? identifier.lastIndex(of: "_").map { String(identifier[..<$0]) }
      return parent == "root" ? nil : parent
    }
  }
}

private func isLetter(_ character: Character) -> Bool { character.isASCII && character.isLetter }
private func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }

// MARK: - Tables

extension SettingsLanguage.LocaleName {
  /// The names Apple's ICU reads as others: old bundles' English names, Chinese written with
  /// a region but no script, no_NO (ualoc.cpp, `appleAliasMap`, in apple-oss-distributions/ICU).
  static let aliases = [
    "arabic": "ar", "chinese": "zh_Hans", "danish": "da", "dutch": "nl", "english": "en",
    "finnish": "fi", "french": "fr", "german": "de", "italian": "it", "japanese": "ja",
    "korean": "ko", "norwegian": "nb", "polish": "pl", "portuguese": "pt", "russian": "ru",
    "spanish": "es", "swedish": "sv", "thai": "th", "turkish": "tr", "no_NO": "nb_NO",
    "zh_CN": "zh_Hans_CN", "zh_SG": "zh_Hans_SG",
    "zh_HK": "zh_Hant_HK", "zh_MO": "zh_Hant_MO", "zh_TW": "zh_Hant_TW",
  ]

  /// POSIX modifiers that name a script (gnulib, lib/localename-unsafe.c, `script_table`).
  static let modifierScripts = [
    "arabic": "Arab", "cyrillic": "Cyrl", "latin": "Latn", "mongolian": "Mong",
  ]

  /// CLDR's likely script and region (common/supplemental/likelySubtags.xml) for the
  /// languages whose bundles often have several regional folders; the others' regions all
  /// count as unlikely, which only decides between two regional folders of one language.
  static let likelySubtags: [String: (script: String, region: String)] = [
    "de": ("Latn", "DE"), "en": ("Latn", "US"), "es": ("Latn", "ES"), "fr": ("Latn", "FR"),
    "it": ("Latn", "IT"), "nl": ("Latn", "NL"), "pt": ("Latn", "BR"), "zh": ("Hans", "CN"),
  ]

  /// Where Apple's bundle matching departs from CLDR (ualoc.cpp, `appleParentMap`):
  /// Traditional Chinese ends at zh_TW, never at Simplified.
  static let appleParents = [
    "zh_Hant_HK": "zh_HK", "zh_HK": "zh_Hant", "zh_Hant": "zh_TW", "zh_TW": "root",
  ]
}
