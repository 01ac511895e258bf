/// What a Settings bundle says about an app's defaults, key by key: the type and allowed
/// values, the factory default, and where the key is shown. Derived by walking the panes as
/// InAppSettingsKit gathers defaults — depth first, a child pane where it is referenced —
/// so that when two elements declare one key, the later one wins.
public struct SettingsSchema: Sendable {
  /// The bundle it was derived from.
  public let bundle: SettingsBundle
  /// Every key an element holds a value under, in the order they are first declared.
  public let keys: [SettingsKey]
  /// Where each key's element is, when an earlier element declared the same key.
  let duplicates: [(earlier: SettingsKey, later: SettingsKey)]
  private let index: [String: Int]

  /// Derives the schema of a bundle.
  ///
  /// - Parameter bundle: A loaded bundle.
  public init(bundle: SettingsBundle) {
    self.bundle = bundle
    var walk = Walk(bundle: bundle)
    walk.visit(bundle.root)
    keys = walk.keys
    duplicates = walk.duplicates
    index = walk.index
  }

  /// Loads a bundle and derives its schema.
  ///
  /// - Parameters:
  ///   - path: A bundle directory or a lone pane plist.
  ///   - preferredLanguages: Locale names, most preferred first.
  /// - Throws: What `SettingsBundle.init` throws.
  public init(bundlePath path: String, preferredLanguages: [String] = []) throws(PlistError) {
    self.init(bundle: try SettingsBundle(path: path, preferredLanguages: preferredLanguages))
  }

  /// The key's entry, if the bundle declares it.
  public subscript(key: String) -> SettingsKey? { index[key].map { keys[$0] } }

  /// The factory defaults: every editable element's `DefaultValue`, by key, child panes
  /// included, a later duplicate winning (what InAppSettingsKit's
  /// `gatherDefaultsLimitedToEditableFields` registers).
  public var factoryDefaults: PlistDictionary {
    var defaults = PlistDictionary()
    for entry in keys where entry.specifier.kind.isEditable {
      if let value = entry.defaultValue { defaults[entry.key] = value }
    }
    return defaults
  }

  /// A domain's contents without the values that equal their factory default (compared as
  /// the Settings app compares: `-float 4` is the default `<integer>4</integer>`): what the
  /// user changed, as `dump --non-default` shows it.
  ///
  /// - Parameter contents: A domain's contents.
  /// - Returns: The contents less the keys that hold their default.
  public func differingFromFactoryDefaults(_ contents: PlistDictionary) -> PlistDictionary {
    var result = contents
    for (key, value) in factoryDefaults where contents[key]?.isSameSetting(as: value) == true {
      result.removeValue(forKey: key)
    }
    return result
  }

  /// Checks a value against what the key allows (`SettingsKey.allows`); keys the schema does
  /// not declare take anything.
  ///
  /// - Parameters:
  ///   - value: The value to be stored.
  ///   - key: The top-level key.
  /// - Throws: `PlistError.refusedBySchema` naming the key, the value and what is allowed.
  public func validate(_ value: PlistValue, forKey key: String) throws(PlistError) {
    guard let entry = self[key], !entry.allows(value),
      let allowed = entry.constraint.allowedValues
    else { return }
    throw .refusedBySchema(key: key, value: value, allowed: allowed)
  }

  /// Checks every declared key of a domain's new contents (a key that is absent is fine:
  /// its default shows).
  ///
  /// - Parameter contents: The contents about to be stored.
  /// - Throws: `PlistError.refusedBySchema` for the first key that is refused.
  public func validate(_ contents: PlistDictionary) throws(PlistError) {
    for (key, value) in contents { try validate(value, forKey: key) }
  }

  /// Checks the top-level value a key path lands in, as a domain's contents hold it after a
  /// change (a write inside a dictionary is checked on the whole dictionary).
  ///
  /// - Parameters:
  ///   - path: The key path that was written.
  ///   - contents: The domain's new contents.
  /// - Throws: `PlistError.refusedBySchema`.
  func validate(keyOf path: PlistPath, in contents: PlistDictionary) throws(PlistError) {
    guard let key = path.components.first, let value = contents[key] else { return }
    try validate(value, forKey: key)
  }

  /// Walks panes depth first, each once, following child panes where they are referenced.
  private struct Walk {
    let bundle: SettingsBundle
    var keys: [SettingsKey] = []
    var duplicates: [(earlier: SettingsKey, later: SettingsKey)] = []
    var index: [String: Int] = [:]
    var visited: Set<String> = []

    init(bundle: SettingsBundle) { self.bundle = bundle }

    mutating func visit(_ pane: SettingsPane) {
      visited.insert(pane.name)
      var group: String?
      for specifier in pane.specifiers {
        switch specifier.kind {
        case .group: group = specifier.title.map(pane.localized)
        case .radioGroup: group = specifier.title.map(pane.localized) ?? group
        case .childPane:
          if let child = bundle.childPane(of: specifier, in: pane), !visited.contains(child.name) {
            visit(child)
          }
        default: break
        }
        guard specifier.kind.holdsValue, let key = specifier.key else { continue }
        let entry = SettingsKey(specifier: specifier, key: key, pane: pane, group: group)
        if let existing = index[key] {
          duplicates.append((keys[existing], entry))
          keys[existing] = entry
        } else {
          index[key] = keys.count
          keys.append(entry)
        }
      }
    }
  }
}
