import PlistCore

/// What the settings commands share: the attachments record, the user's languages, a
/// domain's schema.
extension CommandContext {
  /// The record of which bundle describes which domain.
  func settingsAttachments() throws(PlistError) -> SettingsAttachments {
    SettingsAttachments(
      preferencesRoot: try store().root,
      dataDirectories: SettingsAttachments.dataDirectories(in: environment.dictionary))
  }

  /// The languages to show a bundle in: `--lang` first, then the environment's.
  func languages(_ option: String?) -> [String] {
    (option.map { [$0] } ?? []) + SettingsLanguage.preferred(in: environment.dictionary)
  }

  /// The schema of a domain's bundle, or nil when it has none (or it cannot be read: no
  /// schema means no validation, never a failure).
  func schema(forDomain name: String, lang: String? = nil) throws(PlistError) -> SettingsSchema? {
    // The languages only for a domain that has a bundle: `write` asks for every domain.
    guard let path = try settingsAttachments().bundlePath(forDomain: name) else { return nil }
    return try? SettingsSchema(bundlePath: path, preferredLanguages: languages(lang))
  }

  /// The schema of a domain, which must have one.
  ///
  /// - Throws: `CommandFailure.noSettingsBundle` when none is attached or installed;
  ///   `PlistError` when it cannot be read.
  func requiredSchema(forDomain name: String, lang: String?) throws -> SettingsSchema {
    let attachments = try settingsAttachments()
    guard let path = attachments.bundlePath(forDomain: name) else {
      throw CommandFailure.noSettingsBundle(name)
    }
    return try SettingsSchema(bundlePath: path, preferredLanguages: languages(lang))
  }
}
