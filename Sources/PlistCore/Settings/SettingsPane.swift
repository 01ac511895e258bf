/// One screen of a Settings bundle: `Root.plist` or a child pane's plist, with its elements
/// and the strings table that translates its texts.
public struct SettingsPane: Sendable {
  /// The name a child pane's `File` uses: the path inside the bundle without `.plist`
  /// (`Root`, `Advanced`, `com.mono0926.LicensePlist/RxSwift`).
  public let name: String
  /// The plist's path inside the bundle (`Advanced.plist`), for findings.
  public let file: String
  /// The elements, in display order (a plist that cannot be read has none).
  public let specifiers: [SettingsSpecifier]
  /// The root dictionary's `Title` (the root pane's title in some real bundles).
  public let declaredTitle: String?
  /// The strings table the pane's texts are looked up in (`StringsTable`, else a table named
  /// like the pane), or nil when its texts are shown as written.
  public let stringsTable: String?
  /// The table in the chosen language.
  public let strings: [String: String]

  /// A text as shown: its translation in the pane's table, else the text itself.
  ///
  /// - Parameter text: A `Title`, `FooterText` or entry of `Titles` as written.
  /// - Returns: What to show.
  public func localized(_ text: String) -> String { strings[text] ?? text }

  /// A label from `Titles` or `ShortTitles` as shown: numbers are written out as numbers.
  ///
  /// - Parameter label: The entry.
  /// - Returns: What to show.
  func localized(label: PlistValue) -> String {
    switch label {
    case .string(let text): return localized(text)
    default: return label.displayText
    }
  }
}
