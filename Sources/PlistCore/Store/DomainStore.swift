/// The preference files Foundation's `UserDefaults` uses on Linux: `<root>/<domain>.plist`,
/// `<root>/.GlobalPreferences.plist` for the global domain, `<root>/ByHost/…` per host, where
/// the root is `$XDG_CONFIG_HOME` (when absolute and longer than one character) or
/// `$HOME/.config` — swift-corelibs-foundation's rule.
///
/// Writes are serialised by a lock on the file's directory and replace the file atomically;
/// a file that cannot be parsed is never overwritten or removed.
public struct DomainStore: Sendable {
  /// Which host's preferences: any host (the usual files), this machine, or a named host.
  public enum Host: Sendable, Hashable {
    /// The files shared by every host.
    case any
    /// `ByHost/<domain>.<machine-id>.plist`.
    case current
    /// `ByHost/<domain>.<name>.plist`.
    case named(String)
  }

  /// The preferences directory.
  public let root: String
  /// Whose ByHost files, if any.
  public let host: Host
  /// The suffix of ByHost file names (`.<host>`), empty for any host.
  private let hostSuffix: String
  /// The most a domain file may hold, and how long a write waits for another's lock.
  package var limits = FileLimits.standard
  /// Where the administrator's managed preferences are, or nil to look at none: set-once
  /// values are applied before a domain is read or written (`DomainStore+Managed`).
  package var managed: ManagedLocations?
  /// Whether a change to the stored value of a forced or locked key is refused
  /// (`PlistError.forcedByAdministrator`), as plistctl's commands refuse it. `Defaults`
  /// stores such values (Foundation's `set` never fails; the forced value still wins).
  package var refusesForcedKeys = false

  /// A store at the root the environment names.
  ///
  /// - Parameters:
  ///   - environment: The process environment (`XDG_CONFIG_HOME`, `HOME`).
  ///   - host: Whose files.
  /// - Throws: `PlistError.noPreferencesDirectory` without a usable root; `.invalidHost` for
  ///   a bad host name.
  public init(environment: [String: String], host: Host = .any) throws(PlistError) {
    try self.init(root: try Self.root(in: environment), host: host)
  }

  /// A store at the root two environment variables' values name (`init(environment:host:)`
  /// without a dictionary: a program that makes none saves the runtime's set-up of one).
  ///
  /// - Parameters:
  ///   - xdgConfigHome: `$XDG_CONFIG_HOME`, if set.
  ///   - home: `$HOME`, if set.
  ///   - host: Whose files.
  /// - Throws: `PlistError.noPreferencesDirectory` without a usable root; `.invalidHost` for
  ///   a bad host name.
  package init(xdgConfigHome: String?, home: String?, host: Host = .any) throws(PlistError) {
    guard let root = Self.root(xdgConfigHome: xdgConfigHome, home: home) else {
      throw .noPreferencesDirectory
    }
    try self.init(root: root, host: host)
  }

  /// A store at an explicit root.
  ///
  /// - Parameters:
  ///   - root: The preferences directory.
  ///   - host: Whose files.
  ///   - machineIdentifier: The id used for `.current` (read from /etc/machine-id if nil).
  /// - Throws: `PlistError.invalidHost` for a host name that cannot be part of a file name.
  public init(root: String, host: Host = .any, machineIdentifier: String? = nil)
    throws(PlistError)
  {
    self.root = root
    self.host = host
    switch host {
    case .any: hostSuffix = ""
    case .current: hostSuffix = "." + (machineIdentifier ?? Self.machineIdentifier())
    case .named(let name):
      guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), !name.utf8.contains(0)
      else { throw .invalidHost(name) }
      hostSuffix = "." + name
    }
  }

  /// A store of every host's files (nil), or of this machine's, whose id is given: no host
  /// name to check, so nothing to throw.
  init(root: String, thisHostOnly machineIdentifier: String?) {
    self.root = root
    host = machineIdentifier == nil ? .any : .current
    hostSuffix = machineIdentifier.map { "." + $0 } ?? ""
  }

  /// swift-corelibs-foundation's rule: `$XDG_CONFIG_HOME` if absolute and longer than one
  /// character, else `$HOME/.config`.
  static func root(in environment: [String: String]) throws(PlistError) -> String {
    guard let root = root(xdgConfigHome: environment["XDG_CONFIG_HOME"], home: environment["HOME"])
    else { throw .noPreferencesDirectory }
    return root
  }

  /// `root(in:)` from the two variables' values; nil when neither gives a root.
  static func root(xdgConfigHome xdg: String?, home: String?) -> String? {
    XDGBaseDirectory.resolve(xdg, home: home, default: "/.config")
  }

  /// This machine's id, read once per process, when first needed.
  static let thisMachine = machineIdentifier()

  /// The machine id (/etc/machine-id, as systemd writes it), or the hostname's stand-in
  /// `unknown` when the file is missing.
  static func machineIdentifier() -> String {
    for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
      if let bytes = try? Platform.readFile(atPath: path) {
        let id = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        if !id.isEmpty && !id.contains("/") { return id }
      }
    }
    return "unknown"
  }

  /// The file that holds a domain.
  ///
  /// - Parameter domain: The domain.
  /// - Returns: Its path (which need not exist).
  public func path(of domain: Domain) -> String {
    // A domain that is this machine's whatever the store's host (a ByHost path from a Mac).
    let thisHost = domain.isCurrentHost && host != .current
    let directory = thisHost ? root + "/ByHost" : domainDirectory
    let suffix = thisHost ? ".\(Self.thisMachine).plist" : fileSuffix
    switch domain.kind {
    case .named(let name): return Self.joined(directory, "/", name, suffix)
    case .global: return Self.joined(directory, "/.GlobalPreferences", suffix)
    case .path(let path): return path
    }
  }

  /// Parts joined into a string of exactly their length. A string's storage of 64 bytes or
  /// more keeps room for UTF-16 breadcrumbs, and releasing the first such string costs the
  /// runtime 36 k instructions (it makes the breadcrumbs' optional type then, a sixth of a
  /// `read D K`): grown by interpolation, a 58-byte path had that room.
  private static func joined(_ a: String, _ b: String, _ c: String, _ d: String = "") -> String {
    var result = ""
    result.reserveCapacity(a.utf8.count + b.utf8.count + c.utf8.count + d.utf8.count)
    result += a
    result += b
    result += c
    result += d
    return result
  }

  /// The directory of this host's domain files.
  var domainDirectory: String { hostSuffix.isEmpty ? root : root + "/ByHost" }

  /// What follows the domain name in its file name: `.plist`, or `.<host>.plist`.
  var fileSuffix: String { hostSuffix + ".plist" }

  /// Whether files of this domain live in the store's own directories (created on demand
  /// with mode 0700), rather than at a path the user gave.
  func isInStore(_ domain: Domain) -> Bool {
    if case .path = domain.kind { return false }
    return true
  }
}
