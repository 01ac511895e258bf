/// Where plistctl keeps what belongs to its cloud stores on this machine, never inside an app's
/// domain: the record of attached stores (configuration), the replica id and each store's
/// state (state), and git's private clones (data).
public struct CloudDirectories: Sendable, Equatable {
  /// `$XDG_CONFIG_HOME/plistctl` (the preferences root's `plistctl` folder).
  let configuration: String
  /// `$XDG_STATE_HOME/plistctl` (else `~/.local/state/plistctl`).
  let state: String
  /// `$XDG_DATA_HOME/plistctl` (else `~/.local/share/plistctl`).
  let data: String

  /// The directories the environment names.
  ///
  /// - Parameter environment: The process environment.
  /// - Throws: `PlistError.noPreferencesDirectory` when neither the XDG variables nor
  ///   `HOME` say where.
  public init(environment: [String: String]) throws(PlistError) {
    configuration = try DomainStore.root(in: environment) + "/plistctl"
    state = try Self.directory(environment, "XDG_STATE_HOME", ".local/state") + "/plistctl"
    data = try Self.directory(environment, "XDG_DATA_HOME", ".local/share") + "/plistctl"
  }

  /// The directories this process's environment names.
  ///
  /// - Throws: `PlistError.noPreferencesDirectory` when neither the XDG variables nor `HOME`
  ///   say where.
  public static func current() throws(PlistError) -> CloudDirectories {
    var environment: [String: String] = [:]
    for name in ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "HOME"] {
      environment[name] = Platform.environmentValue(name)
    }
    return try CloudDirectories(environment: environment)
  }

  /// Explicit directories (tests; an app with its own layout).
  init(configuration: String, state: String, data: String) {
    self.configuration = configuration
    self.state = state
    self.data = data
  }

  /// A store's own state directory (its lock, its sync state, its mirrors).
  func stateDirectory(ofStore name: String) -> String { state + "/cloud/" + name }

  /// Where git's private clone of a store lives.
  func workTree(ofStore name: String) -> String { data + "/cloud/" + name }

  /// This machine's replica id, made on first use and kept in `state/replica-id`.
  ///
  /// - Throws: `PlistError.system` when it cannot be kept.
  func replicaID() throws(PlistError) -> ReplicaID {
    let path = state + "/replica-id"
    if let bytes = try? Platform.readFile(atPath: path),
      let id = ReplicaID(String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace })
    {
      return id
    }
    do { try Platform.makeDirectories(state, mode: 0o700) } catch { throw .system(error) }
    // Two first runs at once must agree on one id: made under the state directory's lock.
    let lock = try FileAccess.lockDirectory(state, timeoutMilliseconds: CloudStore.lockTimeout)
    defer { Platform.closeQuietly(lock) }
    if let bytes = try? Platform.readFile(atPath: path),
      let id = ReplicaID(String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace })
    {
      return id
    }
    let id = ReplicaID.random()
    // Under the state directory's lock, which the file is in.
    try FileAccess.writeAtomically(to: path, mode: 0o600, naming: .fixed) { out in
      out.append(Array((id.text + "\n").utf8))
    }
    return id
  }

  private static func directory(
    _ environment: [String: String], _ variable: String, _ fallback: String
  ) throws(PlistError) -> String {
    if let value = environment[variable], value.hasPrefix("/"), value.utf8.count > 1 {
      return value
    }
    guard let home = environment["HOME"], !home.isEmpty else { throw .noPreferencesDirectory }
    return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/" + fallback
  }
}
