/// Which `<lang>.lproj` of a bundle to show: the user's languages in order, as gettext reads
/// them from the environment, matched against the bundle's directories; then the bundle's
/// development language, as iOS falls back to it.
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
  /// names: for each, the full name (`pt_BR`, also written `pt-BR`), then the language alone
  /// (`pt`), also under its old English name (`German.lproj`); then `Base`, `en` and
  /// `English`, the development language of nearly every bundle.
  ///
  /// - Parameters:
  ///   - preferred: Locale names, most preferred first.
  ///   - available: The bundle's `.lproj` names.
  /// - Returns: The name to use, or nil when the bundle has none that fits.
  public static func choose(_ preferred: [String], from available: [String]) -> String? {
    var lookup: [String: String] = [:]
    for name in available { lookup[normalized(name)] = lookup[normalized(name)] ?? name }
    for locale in preferred {
      let bare = String(locale.prefix { $0 != "." && $0 != "@" })
      let language = String(bare.prefix { $0 != "_" && $0 != "-" })
      for candidate in [bare, language, legacyNames[language.lowercased()] ?? ""]
      where !candidate.isEmpty {
        if let name = lookup[normalized(candidate)] { return name }
      }
    }
    for fallback in ["Base", "en", "English"] {
      if let name = lookup[normalized(fallback)] { return name }
    }
    return nil
  }

  private static func isNeutral(_ locale: String) -> Bool {
    let bare = locale.prefix { $0 != "." && $0 != "@" }
    return bare == "C" || bare == "POSIX"
  }

  /// Lowercased, with `-` read as `_`.
  private static func normalized(_ name: String) -> String {
    String(name.lowercased().map { $0 == "-" ? "_" : $0 })
  }

  /// The English names old bundles use for their `.lproj` directories.
  private static let legacyNames = [
    "en": "English", "fr": "French", "de": "German", "ja": "Japanese", "es": "Spanish",
    "it": "Italian", "nl": "Dutch",
  ]
}
