/// One place along a `Defaults` search list that a value can come from, first to last in
/// the order `Defaults.searchList` lists them.
public enum DefaultsLayer: Hashable, Sendable, CustomStringConvertible {
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

  /// A short name, as `read --show-source` prints it: `argument`, `volatile:NAME`, `app`,
  /// `app-byhost`, `suite:NAME`, `global`, `global-byhost`, `system:NAME`, `registered`,
  /// `schema`.
  public var description: String {
    switch self {
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
    case .app, .suite, .global, .system: return true
    case .argument, .volatile, .registration, .schema: return false
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
