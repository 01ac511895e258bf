/// Which `<lang>.lproj` of a bundle to show: the user's languages in order, as gettext reads
/// them from the environment, matched against the bundle's directories as Apple's bundles
/// match them; then the bundle's development language, as iOS falls back to it.
public enum SettingsLanguage {
  /// The user's languages, most preferred first: `LANGUAGE` (a colon-separated list), else
  /// the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set — gettext's order. `C` and
  /// `POSIX` name no language.
  ///
  /// - Parameter environment: The environment.
  /// - Returns: Locale names such as `de_DE.UTF-8`.
  public static func preferred(in environment: [String: String]) -> [String] {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    // gettext ignores LANGUAGE when the locale is C (set so, or not set at all).
    guard let locale, !isNeutral(locale) else { return [] }
    if let list = environment["LANGUAGE"], !list.isEmpty {
      return list.split(separator: ":").map(String.init).filter { !isNeutral($0) }
    }
    return [locale]
  }

  /// The `.lproj` directory (without the extension) to use for a list of preferred locale
  /// names, matched as CFBundle has Apple's ICU match them (`ualoc_localizationsToUse`):
  /// the first of the user's languages that any directory fits decides, and among the
  /// directories that fit it the nearest wins — the same name (`pt_BR` or `pt-BR`, in any
  /// case; `German` for `de`), else the nearest parent they share (`zh_TW` finds `zh-Hant`,
  /// `es_MX` `es-419` before `es`, `ja` finds `ja-JP`). When none fits: `Base`, then English
  /// matched the same way (`en`, `English`, `en-GB`).
  ///
  /// - Parameters:
  ///   - preferred: Locale names, most preferred first: POSIX (`zh_TW.UTF-8`, `sr_RS@latin`)
  ///     or BCP 47 (`zh-Hant-TW`).
  ///   - available: The bundle's `.lproj` names.
  /// - Returns: The name to use, or nil when the bundle has none that fits.
  public static func choose(_ preferred: [String], from available: [String]) -> String? {
    let folders = available.compactMap { Reading($0, isFolder: true) }
    func best(_ names: [String]) -> String? {
      bestFolder(for: names.compactMap { Reading($0, isFolder: false) }, among: folders)?.name
    }
    // Base.lproj holds the development language's texts; CFBundle's last resort is English.
    return best(preferred) ?? available.first { $0.lowercased() == "base" } ?? best(["en"])
  }

  private static func isNeutral(_ locale: String) -> Bool {
    let bare = locale.prefix { $0 != "." && $0 != "@" }
    return bare == "C" || bare == "POSIX"
  }

  // MARK: - Matching, as ualoc.cpp does (apple-oss-distributions/ICU)

  /// A name read for matching: as written, with Apple's aliases applied, and the chain of
  /// parents where it may meet another name.
  private struct Reading {
    let name: String
    let written: LocaleName
    let locale: LocaleName
    let chain: [String]

    init?(_ name: String, isFolder: Bool) {
      guard let written = LocaleName(name) else { return nil }
      (self.name, self.written, locale) = (name, written, written.normalized)
      var chain = locale.ancestry
      // A folder of an unlikely region counts one step further from everything.
      if isFolder, locale.hasUnlikelyRegion { chain.insert(chain[0], at: 1) }
      self.chain = chain
    }
  }

  /// The folder for the first preference that any folder fits.
  private static func bestFolder(for preferences: [Reading], among folders: [Reading]) -> Reading? {
    var lastResort: Reading?
    for preference in preferences {
      var candidates = folders
      if preference.locale.identifier == "pt_PT" {
        // pt_BR serves pt_PT only when none of the user's languages fits anything else.
        let isBrazilian = { (folder: Reading) in folder.locale.identifier == "pt_BR" }
        lastResort =
          lastResort ?? folders.first { isBrazilian($0) && distance(preference, $0) != nil }
        candidates.removeAll(where: isBrazilian)
      }
      let fits = candidates.compactMap { folder in
        distance(preference, folder).map { (folder: folder, distance: $0) }
      }
      // The nearest, the first of those equally near; min(by:) keeps the first.
      guard let nearest = fits.min(by: { $0.distance < $1.distance }) else { continue }
      guard nearest.distance > 0 else { return nearest.folder }
      return exactMatch(sameLanguageAs: nearest.folder, for: preferences, among: folders)
        ?? nearest.folder
    }
    return lastResort
  }

  /// -1 when written alike, 0 when alike once aliases apply, else the steps from both to the
  /// nearest parent they share (one more across languages: nb meets no); nil if none.
  private static func distance(_ preference: Reading, _ folder: Reading) -> Int? {
    if preference.written == folder.written { return -1 }
    if preference.locale == folder.locale { return 0 }
    let steps = preference.chain.enumerated().compactMap { step, identifier in
      folder.chain.firstIndex(of: identifier).map { step + $0 }
    }
    guard let nearest = steps.min() else { return nil }
    return preference.locale.language == folder.locale.language ? nearest : nearest + 1
  }

  /// A near match that names a region gives way to a folder one of the user's languages of
  /// the same language names exactly (`fr_CH`, `fr_CA` in `fr-FR`, `fr-CA` → `fr-CA`);
  /// ualoc.cpp leaves Chinese out.
  private static func exactMatch(
    sameLanguageAs found: Reading, for preferences: [Reading], among folders: [Reading]
  ) -> Reading? {
    guard found.locale.region != nil, found.locale.language != "zh" else { return nil }
    for preference in preferences where preference.locale.language == found.locale.language {
      if let exact = folders.first(where: { distance(preference, $0) ?? 1 <= 0 }) { return exact }
    }
    return nil
  }
}
