/// A bundle's `.strings` tables: `<lang>.lproj/<table>.strings`, in any encoding the
/// OpenStep reader takes (Xcode writes UTF-16 with a byte-order mark; many are UTF-8).
enum SettingsStrings {
  /// What reading one table gave.
  enum Table {
    /// No such file.
    case missing
    /// The file cannot be read or parsed: the error's line.
    case unreadable(String)
    /// The table: text as written → text shown.
    case entries([String: String])
  }

  /// The table's path inside the bundle.
  static func file(_ table: String, language: String) -> String {
    language + ".lproj/" + table + ".strings"
  }

  /// Reads one table.
  ///
  /// - Parameters:
  ///   - table: The table name (`Root`).
  ///   - language: The `.lproj` name (`en`).
  ///   - bundle: The bundle directory.
  /// - Returns: The table, or why there is none.
  static func read(_ table: String, language: String, in bundle: String) -> Table {
    let path = bundle + "/" + file(table, language: language)
    guard Platform.kind(atPath: Platform.resolvingLinks(path)) == .regular else { return .missing }
    do {
      guard case .dictionary(let dictionary) = try FileAccess.readPropertyList(path: path).value
      else { return .unreadable("not a strings table: the root is not a dictionary") }
      var entries: [String: String] = [:]
      for (key, value) in dictionary { entries[key] = value.stringValue ?? value.displayText }
      return .entries(entries)
    } catch {
      if case .parse(let parse, _) = error { return .unreadable(parse.description) }
      return .unreadable(error.description)
    }
  }

  /// The `.lproj` names in a bundle directory, sorted.
  static func languages(in bundle: String) -> [String] {
    let names = (try? Platform.directoryEntries(bundle)) ?? []
    return names.filter { $0.hasSuffix(".lproj") && $0.count > 6 }.map { String($0.dropLast(6)) }
      .sorted()
  }
}
