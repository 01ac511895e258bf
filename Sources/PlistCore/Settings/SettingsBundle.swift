/// A `Settings.bundle` as the Settings app reads it: `Root.plist`, the child panes it leads
/// to, and the strings tables of one language. Loading never fails on what is inside: a
/// child pane that is missing, cyclic or too deep, or a plist that does not parse, becomes a
/// finding (see `loadFindings`) and is left out; only a bundle without its root file is an
/// error.
public struct SettingsBundle: Sendable {
  /// How deep child panes may nest (the root is level 0).
  public static let depthLimit = 16

  /// The bundle directory.
  public let path: String
  /// The root pane's name (`Root`, or a lone plist's base name).
  public let rootName: String
  /// The `.lproj` names the bundle has.
  public let languages: [String]
  /// The language whose tables are used, or nil when none fits (texts shown as written).
  public let language: String?
  /// Every pane reached from the root, each once, the root first, then in the order the
  /// first reference to each is met.
  public let panes: [SettingsPane]
  /// What was wrong while loading: unreadable plists, missing or cyclic child panes.
  public let loadFindings: [SettingsFinding]
  /// The child pane each followed child-pane element leads to, by pane name and index.
  private let links: [Link: String]
  /// The element each pane (but the root) was first reached by, and so loaded from.
  private let parents: [String: Link]

  private struct Link: Hashable, Sendable {
    let pane: String
    let index: Int
  }

  /// The root pane.
  public var root: SettingsPane { panes[0] }

  /// Loads a bundle.
  ///
  /// - Parameters:
  ///   - path: A bundle directory (with `Root.plist`), or a lone pane plist.
  ///   - preferredLanguages: Locale names, most preferred first (see
  ///     `SettingsLanguage.preferred(in:)`); a language given with `--lang` goes first.
  /// - Throws: `PlistError.system` when there is no root plist to read.
  public init(path: String, preferredLanguages: [String] = []) throws(PlistError) {
    let target = Platform.resolvingLinks(path)
    let rootFile: String
    if Platform.kind(atPath: target) == .directory {
      self.path = path
      rootFile = "Root.plist"
    } else {
      self.path = Platform.directory(of: path)
      rootFile = String(path.split(separator: "/").last ?? "Root.plist")
    }
    let rootPath = self.path + "/" + rootFile
    guard Platform.kind(atPath: Platform.resolvingLinks(rootPath)) == .regular else {
      throw .system(SystemError(operation: .read, path: rootPath, errno: .noSuchFileOrDirectory))
    }
    rootName = rootFile.hasSuffix(".plist") ? String(rootFile.dropLast(6)) : rootFile
    languages = SettingsStrings.languages(in: self.path)
    language = SettingsLanguage.choose(preferredLanguages, from: languages)
    var loader = Loader(bundle: self.path, language: language, languages: languages)
    loader.load(rootName, file: rootFile, ancestors: [])
    panes = loader.panes
    loadFindings = loader.findings
    links = loader.links
    parents = loader.parents
  }

  /// The pane with a name.
  ///
  /// - Parameter name: A pane name (`Advanced`).
  /// - Returns: The pane, if it was loaded.
  public func pane(named name: String) -> SettingsPane? { panes.first { $0.name == name } }

  /// The pane a child-pane element leads to.
  ///
  /// - Parameters:
  ///   - specifier: A child-pane element.
  ///   - pane: The pane it is in.
  /// - Returns: The child pane, or nil when the element leads nowhere that was loaded.
  public func childPane(of specifier: SettingsSpecifier, in pane: SettingsPane) -> SettingsPane? {
    links[Link(pane: pane.name, index: specifier.index)].flatMap { self.pane(named: $0) }
  }

  /// The titles of the child-pane elements that lead from the root to a pane, translated:
  /// the way each pane was first reached (`["Advanced", "Fruit"]`; empty for the root). A
  /// breadcrumb is the root's title followed by these.
  ///
  /// - Parameter name: A pane name.
  /// - Returns: The titles, outermost first.
  func titles(leadingTo name: String) -> [String] {
    var titles: [String] = []
    var current = name
    while let link = parents[current], let parent = pane(named: link.pane) {
      let element = parent.specifiers.first { $0.index == link.index }
      titles.insert(element?.title.map(parent.localized) ?? current, at: 0)
      current = link.pane
    }
    return titles
  }

  /// Reads panes depth first, each once.
  private struct Loader {
    let bundle: String
    let language: String?
    let languages: [String]
    var panes: [SettingsPane] = []
    var findings: [SettingsFinding] = []
    var links: [Link: String] = [:]
    var parents: [String: Link] = [:]

    init(bundle: String, language: String?, languages: [String]) {
      self.bundle = bundle
      self.language = language
      self.languages = languages
    }

    mutating func load(_ name: String, file: String, ancestors: [String]) {
      let (root, specifiers) = read(file)
      let table = stringsTable(declared: root?["StringsTable"]?.stringValue, pane: name)
      var strings: [String: String] = [:]
      if let table, let language,
        case .entries(let entries) = SettingsStrings.read(table, language: language, in: bundle)
      {
        strings = entries
      }
      let pane = SettingsPane(
        name: name, file: file, specifiers: specifiers,
        declaredTitle: root?["Title"]?.stringValue, stringsTable: table, strings: strings)
      panes.append(pane)
      for specifier in specifiers where specifier.kind == .childPane {
        follow(specifier, from: pane, ancestors: ancestors + [name])
      }
    }

    private mutating func follow(
      _ specifier: SettingsSpecifier, from pane: SettingsPane, ancestors: [String]
    ) {
      guard let child = specifier.file, !child.isEmpty else { return }
      let place = ":PreferenceSpecifiers:\(specifier.index):File"
      func report(_ problem: SettingsFinding.Problem) {
        findings.append(
          SettingsFinding(file: pane.file, keyPath: place, key: specifier.key, problem: problem))
      }
      let parts = child.split(separator: "/", omittingEmptySubsequences: false)
      if child.hasPrefix("/") || parts.contains("..") || parts.contains("") {
        return report(.childPaneOutsideBundle(child))
      }
      if ancestors.contains(child) { return report(.childPaneCycle(ancestors + [child])) }
      let link = Link(pane: pane.name, index: specifier.index)
      if panes.contains(where: { $0.name == child }) {
        links[link] = child
        return
      }
      let file = child + ".plist"
      guard Platform.kind(atPath: Platform.resolvingLinks(bundle + "/" + file)) == .regular else {
        // InAppSettingsKit's panes shown by a view controller name an HTML page or nothing.
        let shownByApp = ["IASKViewControllerClass", "IASKSegueIdentifier"].contains {
          specifier.fields[$0] != nil
        }
        if !shownByApp { report(.missingChildPane(child)) }
        return
      }
      if ancestors.count > SettingsBundle.depthLimit {
        return report(.childPanesTooDeep(limit: SettingsBundle.depthLimit))
      }
      links[link] = child
      parents[child] = link
      load(child, file: file, ancestors: ancestors)
    }

    /// The root dictionary and the elements of a pane plist; a problem becomes a finding.
    private mutating func read(_ file: String) -> (PlistDictionary?, [SettingsSpecifier]) {
      let root: PlistValue
      do {
        root = try FileAccess.readPropertyList(path: bundle + "/" + file).value
      } catch {
        let reason: String
        if case .parse(let parse, _) = error {
          reason = parse.description
        } else {
          reason = error.description
        }
        findings.append(SettingsFinding(file: file, problem: .unreadable(reason)))
        return (nil, [])
      }
      guard case .dictionary(let dictionary) = root,
        case .array(let elements)? = dictionary["PreferenceSpecifiers"]
      else {
        findings.append(SettingsFinding(file: file, problem: .notAPane))
        return (root.dictionaryValue, [])
      }
      var specifiers: [SettingsSpecifier] = []
      for (index, element) in elements.enumerated() {
        guard case .dictionary(let fields) = element else {
          findings.append(
            SettingsFinding(
              file: file, keyPath: ":PreferenceSpecifiers:\(index)", problem: .notAnElement))
          continue
        }
        specifiers.append(SettingsSpecifier(fields: fields, index: index))
      }
      return (dictionary, specifiers)
    }

    /// `StringsTable`, else a table named like the pane that some language fills
    /// (InAppSettingsKit's rule, which real bundles rely on; an empty template is no table).
    private func stringsTable(declared: String?, pane: String) -> String? {
      if let declared { return declared }
      let named = languages.contains { language in
        if case .entries(let entries) = SettingsStrings.read(pane, language: language, in: bundle) {
          return !entries.isEmpty
        }
        return false
      }
      return named ? pane : nil
    }
  }
}
