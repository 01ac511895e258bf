/// The XDG base directory rule, shared by `$XDG_CONFIG_HOME` (the domains) and
/// `$XDG_STATE_HOME` (apps' state): the variable when it holds an absolute path other than
/// `/` alone, else the default under the home directory.
enum XDGBaseDirectory {
  /// The directory the rule gives.
  ///
  /// - Parameters:
  ///   - variable: The variable's value.
  ///   - home: `$HOME` (or the password database's home).
  ///   - relative: The default below the home, with its leading `/`: `/.config`.
  /// - Returns: The directory, or nil when neither the variable nor the home gives one.
  static func resolve(_ variable: String?, home: String?, default relative: String) -> String? {
    if let variable, variable.utf8.count > 1, variable.hasPrefix("/") { return variable }
    guard let home, !home.isEmpty else { return nil }
    return (home.hasSuffix("/") ? String(home.dropLast()) : home) + relative
  }
}
