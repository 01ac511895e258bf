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
    /// CLDR's, else the name less its last subtag (`ualoc_getParent` in ualoc.cpp).
    var ancestry: [String] {
      var chain = [identifier]
      // The tables have no cycles; ualoc.cpp stops at ten all the same.
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
        appleParents[identifier] ?? cldrParents[identifier]
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

  /// Where Apple's bundle matching departs from CLDR (ualoc.cpp, `appleParentMap`): most
  /// of the Commonwealth reads en-GB, Oceania en-AU, Europe's en-150 reads en-GB; Mexico
  /// reads es-419 as in CLDR; Traditional Chinese ends at zh_TW, never at Simplified.
  static let appleParents = parents([
    "en_GB": regions(
      "en",
      """
      150 AG AI AU BB BD BM BN BS BW BZ DG DM FJ FK GD GG GH GI GM GY HK IE IM IN IO JE JM KE \
      KI KN KY LC LK LS MO MS MT MU MV MW MY NA NG PK PN SB SC SD SG SH SL SS SZ TC TO TT TV \
      TZ UG VC VG VU ZA ZM ZW
      """),
    "en_AU": regions("en", "CC CK CX NF NR NU NZ PG WS"),
    "en_150": ["en_CY"], "en_001": ["en_GB"], "es_419": ["es_MX"],
    "zh_HK": ["zh_Hant_HK"], "zh_Hant": ["zh_HK"], "zh_TW": ["zh_Hant"], "root": ["zh_TW"],
  ])

  /// CLDR 46's parentLocales (unicode-org/cldr, common/supplemental/supplementalData.xml, as
  /// ICU 76 compiles them into localefallback_data.h in apple-oss-distributions/ICU): for
  /// the languages bundles carry regional folders of, and every script that is not its
  /// language's usual one, which falls back to nothing (root).
  static let cldrParents = parents([
    "en_001": regions(
      "en",
      """
      150 AF AG AI AM AO AR AU AW AX AZ BB BD BF BH BJ BL BM BN BO BQ BR BS BW BZ CC CD CF \
      CG CI CK CM CR CU CV CX CY DG DM DO DZ EC EG EH ER ET FJ FK FM GA GB GD GF GG GH GI GM \
      GN GP GQ GT GY HK HN HT IC ID IE IL IM IN IO IQ JE JM JO KE KG KH KI KM KN KW KY KZ LA \
      LB LC LK LR LS LY MA MF MG ML MM MN MO MQ MR MS MT MU MV MW MY MZ NA NC NE NF NG NI NP \
      NR NU NZ OM PE PF PG PK PM PN PS PW QA RE RW SB SC SD SG SH SJ SL SM SN SO SS ST SV SX \
      SY SZ TC TD TF TG TH TJ TK TL TM TN TO TT TV TZ UG UY UZ VC VE VG VN VU WF WS YE YT ZA \
      ZM ZW
      """),
    "en_150": regions(
      "en",
      """
      AD AL AT BA BE BG BY CH CZ DE DK EE ES FI FO FR GE GL GR HR HU IS IT LI LT LU LV MC MD \
      ME MK NL NO PL PT RO RS RU SE SI SK UA VA
      """),
    "es_419": regions(
      "es",
      """
      AG AI AR AW BB BL BM BO BQ BR BS BZ CA CL CO CR CU CW DM DO EC FK GD GF GL GP GT GY HN \
      HT JP KN KY LC MF MQ MS MX NI PA PE PM PR PY SR SV SX TC TT US UY VC VE VG VI
      """),
    "pt_PT": regions("pt", "AO CH CV FR GQ GW LU MO MZ ST TL"),
    "no": ["nb", "nn", "no_NO"],
    "zh_Hant_HK": ["zh_Hant_MO"],
    "root": """
    ar_Latn as_Latn az_Arab az_Cyrl bal_Latn ber_Latn blt_Latn bm_Nkoo bn_Latn bs_Cyrl \
    byn_Latn cu_Glag dje_Arab dyo_Arab el_Latn en_Dsrt en_Shaw ff_Adlm ff_Arab gu_Latn \
    ha_Arab he_Latn iu_Latn ja_Latn kaa_Latn kk_Arab kn_Latn kok_Latn ks_Deva ku_Arab \
    kxv_Deva kxv_Orya kxv_Telu ky_Arab ky_Latn ml_Arab ml_Latn mn_Mong mni_Mtei mr_Latn \
    ms_Arab or_Latn pa_Arab pa_Latn rej_Rjng ru_Latn sa_Latn sat_Deva sd_Deva sd_Khoj \
    sd_Sind shi_Latn so_Arab sr_Latn sw_Arab ta_Latn te_Latn tg_Arab ug_Cyrl ur_Latn \
    uz_Arab uz_Cyrl vai_Latn wo_Arab yi_Latn yo_Arab yue_Hans zh_Hant zh_Latn
    """.split(separator: " ").map(String.init),
  ])

  /// `regions("es", "AR MX")` is `["es_AR", "es_MX"]`.
  private static func regions(_ language: String, _ regions: String) -> [String] {
    regions.split(separator: " ").map { language + "_" + $0 }
  }

  /// Each child's parent, from each parent's children.
  private static func parents(_ children: [String: [String]]) -> [String: String] {
    var parents: [String: String] = [:]
    for (parent, names) in children { for name in names { parents[name] = parent } }
    return parents
  }
}
