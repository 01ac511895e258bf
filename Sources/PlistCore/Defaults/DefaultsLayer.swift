/// One place along a `Defaults` search list that a value can come from, first to last in
/// the order `Defaults.searchList` lists them.
public enum DefaultsLayer: Hashable, Sendable, CustomStringConvertible {
  /// Values an administrator forces (docs/managed.md), first of all as on macOS: the app's
  /// domain's, each suite's, then the global domain's (`.GlobalPreferences`), by the name of
  /// their managed files.
  case managed(String)
  /// `-Key value` pairs from the process arguments (`NSArgumentDomain`).
  case argument
  /// A volatile domain set with `setVolatileDomain(_:forName:)`, in the order they were set.
  case volatile(String)
  /// The app's domain file: this host's (`ByHost/<domain>.<machine-id>.plist`), then every
  /// host's (`<domain>.plist`).
  case app(DomainStore.Host)
  /// A suite added with `addSuite(named:)`, this host's file then every host's.
  case suite(String, DomainStore.Host)
  /// The global domain (`.GlobalPreferences.plist`), this host's then every host's.
  case global(DomainStore.Host)
  /// A file every user shares (`/usr/local/etc/<name>.plist`, where CoreFoundation on Linux
  /// looks for them): the app's, a suite's, then `.GlobalPreferences`.
  case system(String)
  /// Values registered with `register(defaults:)`, shared by the whole process.
  case registration
  /// Factory defaults from a Settings bundle (`register(settingsBundle:)`).
  case schema

  /// A short name, as `read --show-source` prints it: `managed:NAME`, `argument`, `volatile:NAME`, `app`,
  /// `app-byhost`, `suite:NAME`, `global`, `global-byhost`, `system:NAME`, `registered`,
  /// `schema`.
  public var description: String {
    switch self {
    case .managed(let name): return "managed:" + name
    case .argument: return "argument"
    case .volatile(let name): return "volatile:" + name
    case .app(let host): return "app" + Self.hostSuffix(host)
    case .suite(let name, let host): return "suite" + Self.hostSuffix(host) + ":" + name
    case .global(let host): return "global" + Self.hostSuffix(host)
    case .system(let name): return "system:" + name
    case .registration: return "registered"
    case .schema: return "schema"
    }
  }

  /// Whether the layer is a file (rather than memory of this process).
  var isPersistent: Bool {
    switch self {
    case .managed, .app, .suite, .global, .system: return true
    case .argument, .volatile, .registration, .schema: return false
    }
  }

  /// Whether the layer's value of a key counts: not when the key is locked and the layer is
  /// the user's (`isUsers`).
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - locked: The locked keys.
  /// - Returns: Whether it counts.
  func counts(forKey key: String, locked: Set<String>) -> Bool {
    !(isUsers && locked.contains(key))
  }

  /// Whether the user (or the app) can change the layer's values: what a lock passes over.
  /// A locked key's value comes from the layers below them: the shared files, the
  /// registered and the factory defaults.
  var isUsers: Bool {
    switch self {
    case .argument, .volatile, .app, .suite, .global: return true
    case .managed, .system, .registration, .schema: return false
    }
  }

  private static func hostSuffix(_ host: DomainStore.Host) -> String {
    switch host {
    case .any: return ""
    case .current: return "-byhost"
    case .named(let name): return "-host(" + name + ")"
    }
  }
}
