/// Where an app keeps its preferences: the host's directory, or a sandbox's container.
///
/// A Flatpak app sees `~/.var/app/<app-id>/config` as its `$XDG_CONFIG_HOME`; a Snap's sees
/// `~/snap/<name>/<revision>/.config` (`current` names the revision in use). A Swift app on
/// `UserDefaults` or `Defaults` inside either keeps its domains there, where the host's store
/// does not look; `DomainStore(container:home:)` and `DefaultsEnvironment.container(_:home:)`
/// address them. Inside the sandbox nothing differs: the XDG variables already point there.
public enum Container: Hashable, Sendable, CustomStringConvertible {
  /// The host's own preferences directory (`$XDG_CONFIG_HOME`, else `~/.config`).
  case host
  /// A Flatpak app's container, by its app id (`org.example.App`).
  case flatpak(String)
  /// A Snap's container, by the snap's name.
  case snap(String)

  /// A container from its name as the command line gives it: `host`, `flatpak:ID` or
  /// `snap:NAME`; nil for anything else, or an id or name that could leave its folder
  /// (empty, `.` or `..`, a `/`, NUL, over 255 bytes).
  public init?(_ text: String) {
    if text == "host" {
      self = .host
    } else if text.hasPrefix("flatpak:"), let id = Self.validName(text.dropFirst(8)) {
      self = .flatpak(id)
    } else if text.hasPrefix("snap:"), let name = Self.validName(text.dropFirst(5)) {
      self = .snap(name)
    } else {
      return nil
    }
  }

  private static func validName(_ text: Substring) -> String? {
    let name = String(text)
    guard !name.isEmpty, name != ".", name != "..", name.utf8.count <= 255,
      !name.utf8.contains(UInt8(ascii: "/")), !name.utf8.contains(0)
    else { return nil }
    return name
  }

  /// `host`, `flatpak:ID` or `snap:NAME`.
  public var description: String {
    switch self {
    case .host: "host"
    case .flatpak(let id): "flatpak:\(id)"
    case .snap(let name): "snap:\(name)"
    }
  }

  /// The directory an app inside the container has as `$XDG_CONFIG_HOME`; nil for the host,
  /// whose directory is the environment's.
  ///
  /// - Parameter home: The user's home directory.
  /// - Returns: The directory's path, or nil for `.host`.
  public func preferencesDirectory(home: String) -> String? {
    // Flatpak sets XDG_CONFIG_HOME there; Snap sets HOME to the revision's directory.
    sandboxDirectory(home: home).map { $0 + (self.isSnap ? "/current/.config" : "/config") }
  }

  /// The directory an app inside the container has as `$XDG_STATE_HOME` (where its
  /// `StateRestoration` keeps its state); nil for the host, whose directory is the
  /// environment's.
  ///
  /// - Parameter home: The user's home directory.
  /// - Returns: The directory's path, or nil for `.host`.
  public func stateDirectory(home: String) -> String? {
    sandboxDirectory(home: home).map { $0 + (self.isSnap ? "/current" : "") + "/.local/state" }
  }

  /// A home directory without a trailing `/`.
  private static func trimmed(_ home: String) -> String {
    home.hasSuffix("/") ? String(home.dropLast()) : home
  }

  private var isSnap: Bool {
    if case .snap = self { return true }
    return false
  }

  /// Whether the container is there: its preferences directory exists (the host always is).
  ///
  /// - Parameter home: The user's home directory.
  /// - Returns: Whether it is there.
  public func exists(home: String) -> Bool {
    guard let directory = preferencesDirectory(home: home) else { return true }
    return Platform.isDirectory(atPath: directory)
  }

  /// The containers in a home directory that have a preferences directory, Flatpak's then
  /// Snap's, each sorted by name.
  ///
  /// - Parameter home: The user's home directory.
  /// - Returns: The containers found.
  public static func installed(home: String) -> [Container] {
    let home = trimmed(home)
    var found: [Container] = []
    for (folder, make) in [
      ("/.var/app", Container.flatpak), ("/snap", Container.snap),
    ] as [(String, (String) -> Container)] {
      guard let names = try? Platform.directoryEntries(home + folder) else { continue }
      for name in names.sorted() {
        guard validName(name[...]) != nil else { continue }
        let container = make(name)
        if container.exists(home: home) { found.append(container) }
      }
    }
    return found
  }

  /// The containers that hold a domain's file — a regular file: a link there is the
  /// sandboxed app's, and not followed — where a domain the host does not have lives.
  ///
  /// - Parameters:
  ///   - domain: A domain name (validated by the caller).
  ///   - home: The user's home directory.
  ///   - host: Which host's file (`-currentHost`: the `ByHost/` one).
  /// - Returns: The containers with a file for the domain.
  public static func holding(domain: String, home: String, host: DomainStore.Host = .any)
    -> [Container]
  {
    installed(home: home).filter { container in
      guard let directory = container.preferencesDirectory(home: home),
        let store = try? DomainStore(root: directory, host: host),
        let named = try? Domain(named: domain)
      else { return false }
      return Platform.kind(atPath: store.path(of: named)) == .regular
    }
  }

  /// Whether the container is the app a domain belongs to, by name: a Flatpak whose app id
  /// is the domain or starts it (`org.example.App`, `org.example.App.widgets`), a Snap whose
  /// name is the domain or its last part, in any case (`io.snapcraft.Pigeon` in `pigeon`).
  /// Only such a container's domain is found without `--container`: any sandboxed app can
  /// put a file of any name in its own container.
  ///
  /// - Parameter domain: A domain name.
  /// - Returns: Whether the domain is the container's app's.
  public func owns(domain: String) -> Bool {
    switch self {
    case .host: return true
    case .flatpak(let id): return domain == id || domain.hasPrefix(id + ".")
    case .snap(let name):
      let last = domain.split(separator: ".").last.map(String.init) ?? domain
      return domain == name || last.lowercased() == name.lowercased()
    }
  }

  /// The folder the sandboxed app writes: `~/.var/app/<id>` or `~/snap/<name>`.
  func sandboxDirectory(home: String) -> String? {
    let home = Self.trimmed(home)
    switch self {
    case .host: return nil
    case .flatpak(let id): return "\(home)/.var/app/\(id)"
    case .snap(let name): return "\(home)/snap/\(name)"
    }
  }

  /// The preferences directory as a store should use it from the host: its links resolved
  /// (Snap's `current`), which must stay inside the container; from then on no link below
  /// the container is followed in this process (`DistrustedLinks`). Nil for the host, or
  /// for a directory that is missing or leads outside the container.
  package func storeRoot(home: String) -> String? {
    guard let directory = preferencesDirectory(home: home),
      let sandbox = sandboxDirectory(home: home).flatMap(Platform.realPath),
      let resolved = Platform.realPath(directory), resolved.hasPrefix(sandbox + "/")
    else { return nil }
    DistrustedLinks.add(sandbox)
    return resolved
  }
}

extension DomainStore {
  /// The store a container's apps use. Links below the container are not followed from
  /// then on, in this process: the sandboxed app writes them.
  ///
  /// - Parameters:
  ///   - container: The container; `.host` is the store at `hostRoot`.
  ///   - home: The user's home directory.
  ///   - hostRoot: The host's preferences directory.
  ///   - host: Which host's files (`-currentHost`).
  /// - Throws: `PlistError.system` for a container that is missing or whose directory leads
  ///   outside it; `.invalidHost` for a `-host` name that cannot be in a file name.
  public init(container: Container, home: String, hostRoot: String, host: Host = .any)
    throws(PlistError)
  {
    guard container != .host else {
      try self.init(root: hostRoot, host: host)
      return
    }
    // A container that is missing, or whose directory a link leads out of, is refused.
    let directory = container.preferencesDirectory(home: home) ?? hostRoot
    guard let root = container.storeRoot(home: home) else {
      throw .system(SystemError(operation: .read, path: directory, errno: .noSuchFileOrDirectory))
    }
    try self.init(root: root, host: host)
  }
}

extension DefaultsEnvironment {
  /// The environment of an app inside a container, as a tool sees it from the host: the
  /// container's preferences directory as its root (its global domain is the container's
  /// too, as the app sees it), no shared directory (the sandbox hides the host's), no
  /// process layers.
  ///
  /// - Parameters:
  ///   - container: The container (not `.host`: the host's environment is `process()`'s).
  ///   - home: The user's home directory.
  ///   - domain: The app's domain.
  /// - Returns: The environment; nil for `.host`, or a container that is missing or whose
  ///   directory leads outside it.
  public static func container(_ container: Container, home: String, domain: String)
    -> DefaultsEnvironment?
  {
    guard let root = container.storeRoot(home: home) else { return nil }
    // No managed files either: inside its sandbox the app does not see the host's /etc/xdg.
    return tool(root: root, systemRoot: nil, domain: domain, managed: nil)
  }
}
