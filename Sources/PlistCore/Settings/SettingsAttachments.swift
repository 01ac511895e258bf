/// Which Settings bundle describes which domain: plistctl's own record, kept in
/// `<preferences>/plistctl/settings.plist` (never inside an app's domain file), and bundles
/// installed system-wide as `<XDG data dir>/plistctl/settings/<domain>.bundle`.
package struct SettingsAttachments: Sendable {
  /// Where the record lives: a store of its own, so that it is locked and replaced
  /// atomically like any domain.
  private let record: DomainStore
  private static let recordDomain = "settings"
  /// The data directories searched for installed bundles, most important first.
  let dataDirectories: [String]

  /// The attachments of a preferences directory.
  ///
  /// - Parameters:
  ///   - preferencesRoot: The preferences directory (`DomainStore.root`).
  ///   - dataDirectories: Where installed bundles are looked for (see
  ///     `dataDirectories(in:)`).
  package init(preferencesRoot: String, dataDirectories: [String]) {
    record = DomainStore(root: preferencesRoot + "/plistctl", thisHostOnly: nil)
    self.dataDirectories = dataDirectories
  }

  /// The XDG data directories: `$XDG_DATA_HOME` (else `~/.local/share`), then
  /// `$XDG_DATA_DIRS` (else `/usr/local/share:/usr/share`).
  ///
  /// - Parameter environment: The environment.
  /// - Returns: Absolute directories, most important first.
  package static func dataDirectories(in environment: [String: String]) -> [String] {
    var directories: [String] = []
    if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") {
      directories.append(home)
    } else if let home = environment["HOME"], !home.isEmpty {
      directories.append(home + "/.local/share")
    }
    let shared = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 }
    // Split by hand: `split(separator:)` cost a `write` 3 % of its instructions.
    let list = shared ?? "/usr/local/share:/usr/share"
    var start = list.startIndex
    while start < list.endIndex {
      let end = list.utf8[start...].firstIndex(of: UInt8(ascii: ":")) ?? list.endIndex
      let entry = list[start..<end]
      if entry.hasPrefix("/") { directories.append(String(entry)) }
      start = end < list.endIndex ? list.utf8.index(after: end) : end
    }
    return directories
  }

  /// The bundle attached to a domain with `attach`, else one installed for it.
  ///
  /// - Parameter domain: The domain name.
  /// - Returns: The bundle's path, or nil when the domain has none.
  package func bundlePath(forDomain domain: String) -> String? {
    if let attached = attachedPath(forDomain: domain) { return attached }
    for directory in dataDirectories {
      let path = directory + "/plistctl/settings/" + domain + ".bundle"
      if Platform.isDirectory(atPath: path) { return path }
    }
    return nil
  }

  /// The bundle attached to a domain with `attach` (installed ones left out).
  func attachedPath(forDomain domain: String) -> String? {
    guard let contents = try? record.load(Domain(named: Self.recordDomain)) else { return nil }
    return contents.dictionary[domain]?.stringValue
  }

  /// The schema of a domain's bundle; nil when it has none, or when the bundle cannot be
  /// read (no schema means no validation, never a failure).
  ///
  /// - Parameters:
  ///   - domain: The domain name.
  ///   - preferredLanguages: Locale names, most preferred first.
  /// - Returns: The schema, or nil.
  func schema(forDomain domain: String, preferredLanguages: [String] = [])
    -> SettingsSchema?
  {
    guard let path = bundlePath(forDomain: domain) else { return nil }
    return try? SettingsSchema(bundlePath: path, preferredLanguages: preferredLanguages)
  }

  /// Records that a bundle describes a domain. The bundle's root pane must parse; what is
  /// wrong further in (a child pane missing, an element not a dictionary) is left to lint,
  /// as the Settings app shows what it can read.
  ///
  /// - Parameters:
  ///   - bundle: The bundle's path; a relative one is made absolute, and `.` components and
  ///     repeated or trailing slashes are left out (`..` is kept: it may cross a link).
  ///   - domain: The domain name.
  /// - Throws: `PlistError` when the bundle cannot be read or the record cannot be written.
  package func attach(_ bundle: String, toDomain domain: String) throws(PlistError) {
    let joined =
      bundle.hasPrefix("/") ? bundle : (Platform.currentDirectory() ?? "") + "/" + bundle
    let absolute =
      "/" + joined.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    let loaded = try SettingsBundle(path: absolute)
    let rootPath = loaded.path + "/" + loaded.root.file
    // Only the root's own failure stops an attach; the rest (a missing child pane, which
    // some bundles make at build time; an element that is not a dictionary) is lint's.
    if loaded.loadFindings.contains(where: {
      $0.file == loaded.root.file && $0.problem.isFileUnusable
    }) {
      // The root file's own error, or: it parses but is not a pane.
      _ = try FileAccess.readPropertyList(path: rootPath)
      throw .notASettingsPane(path: rootPath)
    }
    try record.update(Domain(named: Self.recordDomain)) { $0[domain] = .string(absolute) }
  }

  /// Forgets a domain's attached bundle.
  ///
  /// - Parameter domain: The domain name.
  /// - Returns: Whether one was attached.
  /// - Throws: `PlistError` when the record cannot be written.
  @discardableResult
  package func detach(domain: String) throws(PlistError) -> Bool {
    guard attachedPath(forDomain: domain) != nil else { return false }
    try record.update(Domain(named: Self.recordDomain)) { _ = $0.removeValue(forKey: domain) }
    return true
  }
}
