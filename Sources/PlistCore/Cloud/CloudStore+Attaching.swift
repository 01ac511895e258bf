// MARK: - Attaching, opening and detaching stores on this machine

extension CloudStore {
  /// Opens a store attached on this machine (`plistctl cloud attach`).
  ///
  /// - Parameters:
  ///   - name: The store's name.
  ///   - directories: plistctl's directories.
  /// - Returns: The store.
  /// - Throws: `PlistError.cloudStoreNotAttached`, or a failure to read the record or make
  ///   the replica id.
  public static func attached(named name: String, directories: CloudDirectories)
    throws(PlistError) -> CloudStore
  {
    try attached(named: name, directories: directories, clock: nil)
  }

  /// `attached(named:directories:)` on a given physical clock (a test's).
  static func attached(
    named name: String, directories: CloudDirectories, clock: (@Sendable () -> Int64)?
  ) throws(PlistError) -> CloudStore {
    try validate(name: name)
    guard let attachment = try CloudAttachments(directories: directories).attachment(named: name)
    else { throw .cloudStoreNotAttached(name) }
    return try open(name, at: attachment.location, directories: directories, clock: clock)
  }

  /// The store of an attachment read already (`CloudAttachments.all()`), so that a command
  /// reads the record once.
  ///
  /// - Parameters:
  ///   - name: The store's name on this machine.
  ///   - attachment: Its attachment.
  ///   - directories: plistctl's directories.
  ///   - clock: The physical clock (nil: the system's).
  /// - Returns: The store.
  /// - Throws: `PlistError` for a bad name.
  package static func attached(
    named name: String, as attachment: CloudAttachments.Attachment,
    directories: CloudDirectories, clock: (@Sendable () -> Int64)? = nil
  ) throws(PlistError) -> CloudStore {
    try validate(name: name)
    return try open(name, at: attachment.location, directories: directories, clock: clock)
  }

  /// Attaches a store to a location — a git remote or a replicated folder — and syncs it
  /// for the first time: one `initialSync` change with the store's values. Attaching an
  /// attached store to another location replaces its values with the new store's,
  /// "regardless of the relative timestamps", as one `accountChange`.
  ///
  /// - Parameters:
  ///   - name: The store's name on this machine.
  ///   - location: Where it lives.
  ///   - directories: plistctl's directories.
  ///   - clock: The physical clock (nil: the system's).
  /// - Returns: The store, and the first sync's report (offline is fine: it syncs later).
  /// - Throws: `PlistError` for a bad name, a record or state that cannot be written, or an
  ///   engine that fails (other than by being out of reach).
  package static func attach(
    _ name: String, to location: CloudLocation, directories: CloudDirectories,
    clock: (@Sendable () -> Int64)? = nil
  ) throws(PlistError) -> (CloudStore, SyncReport) {
    try validate(name: name)
    let attachments = CloudAttachments(directories: directories)
    var reason: CloudChange.Reason?
    var previousValues: [String: PlistValue]?
    if let previous = try attachments.attachment(named: name), previous.location != location {
      let old = try open(name, at: previous.location, directories: directories, clock: clock)
      previousValues = (try? old.values()) ?? [:]
      try old.withEngineLock { (_) throws(PlistError) in try old.transport.discard() }
      // This replica's knowledge belongs to the old store: the new one's replaces it.
      do { try Platform.removeFile(atPath: old.ownFile) } catch { throw .system(error) }
      reason = .accountChange
    }
    try attachments.attach(name, at: location)
    let store = try open(
      name, at: location, directories: directories, clock: clock)
    try store.withEngineLock { (_) throws(PlistError) in try store.transport.prepare() }
    return (store, try store.sync(as: reason, from: previousValues))
  }

  /// Detaches a store from this machine: forgets it, its state and git's private clone. The
  /// shared store keeps this replica's last file (other replicas still merge it).
  ///
  /// - Parameters:
  ///   - name: The store's name.
  ///   - directories: plistctl's directories.
  ///   - force: Detach even when changes made here could not be sent.
  /// - Throws: `PlistError.cloudStoreNotAttached`; `.cloudChangesNotSent` when changes are
  ///   pending and a last sync cannot send them (unless `force`).
  package static func detach(_ name: String, directories: CloudDirectories, force: Bool)
    throws(PlistError)
  {
    let store = try attached(named: name, directories: directories)
    if !force && store.hasPendingChanges {
      guard (try? store.sync())?.inSync == true else { throw .cloudChangesNotSent(name) }
    }
    try store.withEngineLock { (_) throws(PlistError) in try store.transport.discard() }
    do { try Platform.removeTree(store.stateDirectory) } catch { throw .system(error) }
    try CloudAttachments(directories: directories).detach(name)
  }

  static func open(
    _ name: String, at location: CloudLocation, directories: CloudDirectories,
    clock: (@Sendable () -> Int64)?
  ) throws(PlistError) -> CloudStore {
    let transport: any CloudTransport
    switch location {
    case .git(let url):
      transport = GitTransport(
        url: url, workTree: directories.workTree(ofStore: name),
        networkTimeout: networkTimeout())
    case .folder(let path):
      transport = FolderTransport(folder: path)
    }
    return CloudStore(
      name: name, transport: transport, replica: try directories.replicaID(),
      stateDirectory: directories.stateDirectory(ofStore: name), clock: clock)
  }

  /// How long a fetch or push may take: `PLISTCTL_CLOUD_TIMEOUT` seconds (1 to 3,600), else
  /// 30 seconds.
  static func networkTimeout() -> Int {
    guard let text = Platform.environmentValue("PLISTCTL_CLOUD_TIMEOUT"),
      let seconds = Double(text), seconds >= 1, seconds <= 3600
    else { return 30_000 }
    return Int(seconds * 1000)
  }

  /// A store name is a file name in plistctl's directories: letters, digits, `.`, `_`, `-`,
  /// not starting with `.` or `-`, at most 100 bytes.
  static func validate(name: String) throws(PlistError) {
    if name.isEmpty { throw .invalidDomainName(name, .empty) }
    if name.utf8.count > 100 { throw .invalidDomainName(name, .tooLong(limit: 100)) }
    if name.contains("/") { throw .invalidDomainName(name, .containsSlash) }
    if let first = name.first, first == "." || first == "-" {
      throw .invalidDomainName(name, .startsWith(first))
    }
    if name.utf8.contains(0) { throw .invalidDomainName(name, .containsNUL) }
  }
}
