/// What an administrator manages in one domain, merged from every managed file that applies
/// (docs/managed.md): values that are forced, keys that are locked at the value below the
/// user's layers, values to be set once, the file each comes from, and the files that were
/// ignored and why.
public struct ManagedDomain: Sendable, Equatable {
  /// The domain's file name without `.plist`: `com.example.app`, or `.GlobalPreferences`.
  public let name: String
  /// The forced values: the effective values, whatever the user's files hold.
  public internal(set) var forced = PlistDictionary()
  /// The keys locked without a value: users cannot change them, and the value below the
  /// user's own layers (shared files, registered and factory defaults) is the effective one.
  public internal(set) var locked: Set<String> = []
  /// The values to copy into the user's domain once per change of the administrator's value.
  public internal(set) var setOnce = PlistDictionary()
  /// The managed file each forced key comes from.
  var forcedSources: [String: String] = [:]
  /// The managed file each locked key comes from.
  var lockedSources: [String: String] = [:]
  /// The managed file each set-once key comes from.
  var setOnceSources: [String: String] = [:]
  /// The files that were ignored, and why.
  public internal(set) var problems: [ManagedProblem] = []

  /// Nothing managed for the domain.
  ///
  /// - Parameter name: The domain's file name without `.plist`.
  public init(name: String) { self.name = name }

  /// Whether nothing is forced, locked or set once.
  public var isEmpty: Bool { forced.isEmpty && locked.isEmpty && setOnce.isEmpty }

  /// Whether users cannot change a key: it is forced or locked.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether it is forced or locked.
  public func isForced(_ key: String) -> Bool { forced[key] != nil || locked.contains(key) }

  /// The file a key's managed entry of a kind comes from.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - kind: Forced, locked or set once.
  /// - Returns: The file's path, or nil when the key has no entry of that kind.
  public func source(of key: String, _ kind: ManagedKind) -> String? { sources(kind)[key] }

  /// The managed file of each key of a kind.
  ///
  /// - Parameter kind: Forced, locked or set once.
  /// - Returns: Each key's file.
  public func sources(_ kind: ManagedKind) -> [String: String] {
    // Three dictionaries rather than one keyed by the kind: a dictionary with a key type of
    // PlistCore's own makes the runtime check its Hashable conformance, by scanning every
    // conformance in the binary (100 k instructions of a one-key read, once per process).
    switch kind {
    case .forced: return forcedSources
    case .locked: return lockedSources
    case .setOnce: return setOnceSources
    }
  }

  /// Every managed key, one entry per kind it has: forced, then locked, then set once, each
  /// in key order.
  public var entries: [ManagedEntry] {
    var entries: [ManagedEntry] = []
    func add(_ kind: ManagedKind, _ keys: [String], _ values: PlistDictionary?) {
      for key in keys.sorted(by: { KeyOrder.compare($0, $1) < 0 }) {
        entries.append(
          ManagedEntry(
            kind: kind, key: key, value: values?[key], source: source(of: key, kind) ?? ""))
      }
    }
    add(.forced, Array(forced.keys), forced)
    add(.locked, Array(locked), nil)
    add(.setOnce, Array(setOnce.keys), setOnce)
    return entries
  }

  /// The file that keeps users from changing a key: its forced value's, else its lock's.
  ///
  /// - Parameter key: The key.
  /// - Returns: The file's path, or nil when the key is neither forced nor locked.
  public func forcingSource(of key: String) -> String? {
    source(of: key, .forced) ?? source(of: key, .locked)
  }
}

/// One managed key of one kind, as `ManagedDomain.entries` lists them.
public struct ManagedEntry: Sendable, Equatable {
  /// Forced, locked or set once.
  public let kind: ManagedKind
  /// The key.
  public let key: String
  /// The administrator's value; nil for a lock.
  public let value: PlistValue?
  /// The managed file it comes from.
  public let source: String
}
