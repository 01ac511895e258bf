/// Checks a Settings bundle against Apple's Settings schema (with InAppSettingsKit's
/// extensions): required and stray keys per type, words outside their sets, `Values` and
/// `Titles` that do not pair up, defaults the element cannot hold, duplicate keys, child panes
/// that are missing or cyclic, and texts missing from a language's strings table.
public enum SettingsLint {
  /// Every finding for a bundle, in the order of its panes and elements.
  ///
  /// - Parameter schema: The bundle's schema (its bundle is what is checked).
  /// - Returns: The findings; empty for a clean bundle.
  public static func findings(for schema: SettingsSchema) -> [SettingsFinding] {
    let bundle = schema.bundle
    var findings = bundle.loadFindings
    // Panes share tables (InAppSettingsKit's all use Root): each file is read once.
    var tables: [String: SettingsStrings.Table] = [:]
    for pane in bundle.panes {
      for specifier in pane.specifiers {
        findings += SpecifierRules.check(specifier, in: pane.file)
      }
      findings += translations(of: pane, in: bundle, tables: &tables)
    }
    for (earlier, later) in schema.duplicates {
      findings.append(
        SettingsFinding(
          file: later.file, keyPath: ":PreferenceSpecifiers:\(later.specifier.index)",
          key: later.key,
          problem: .duplicateKey(
            earlier: earlier.file + ":PreferenceSpecifiers:\(earlier.specifier.index)")))
    }
    return ordered(findings, panes: bundle.panes)
  }

  /// Texts of a pane missing from its strings table, language by language.
  private static func translations(
    of pane: SettingsPane, in bundle: SettingsBundle, tables: inout [String: SettingsStrings.Table]
  ) -> [SettingsFinding] {
    guard let table = pane.stringsTable else { return [] }
    var findings: [SettingsFinding] = []
    for language in bundle.languages {
      let file = SettingsStrings.file(table, language: language)
      let contents =
        tables[file] ?? SettingsStrings.read(table, language: language, in: bundle.path)
      tables[file] = contents
      switch contents {
      case .missing:
        findings.append(SettingsFinding(file: pane.file, problem: .missingStringsTable(file)))
      case .unreadable(let reason):
        findings.append(SettingsFinding(file: file, problem: .unreadable(reason)))
      case .entries(let entries):
        for (keyPath, key, text) in localizableTexts(of: pane) where entries[text] == nil {
          findings.append(
            SettingsFinding(
              file: pane.file, keyPath: keyPath, key: key,
              problem: .missingTranslation(text, table: file)))
        }
      }
    }
    return findings
  }

  /// Every text of a pane that the strings table translates, with its key path.
  private static func localizableTexts(of pane: SettingsPane) -> [(String, String?, String)] {
    var texts: [(String, String?, String)] = []
    for specifier in pane.specifiers {
      let place = ":PreferenceSpecifiers:\(specifier.index)"
      for field in ["Title", "FooterText"] {
        if let text = specifier.fields[field]?.stringValue, !text.isEmpty {
          texts.append((place + ":" + field, specifier.key, text))
        }
      }
      for field in ["Titles", "ShortTitles"] {
        for (index, label) in (specifier.fields[field]?.arrayValue ?? []).enumerated() {
          if case .string(let text) = label, !text.isEmpty {
            texts.append((place + ":\(field):\(index)", specifier.key, text))
          }
        }
      }
    }
    return texts
  }

  /// Findings sorted by pane (in loading order; strings tables after their pane) and by
  /// element, keeping the order of findings at one place.
  private static func ordered(_ findings: [SettingsFinding], panes: [SettingsPane])
    -> [SettingsFinding]
  {
    var rank: [String: Int] = [:]
    for (index, pane) in panes.enumerated() { rank[pane.file] = index }
    func element(_ finding: SettingsFinding) -> Int {
      let parts = finding.keyPath.split(separator: ":")
      return parts.count > 1 ? Int(parts[1]) ?? -1 : -1
    }
    return findings.enumerated().sorted { a, b in
      let left = (rank[a.element.file] ?? panes.count, element(a.element), a.offset)
      let right = (rank[b.element.file] ?? panes.count, element(b.element), b.offset)
      return left < right
    }.map(\.element)
  }
}
