// MARK: - The administrator's managed values, as the store honours them

extension DomainStore {
  /// What is managed for a domain of this store: nil for a file given by path, and when the
  /// store looks at no managed files.
  ///
  /// - Parameter domain: The domain.
  /// - Returns: Its managed values, locks and set-once values.
  package func managedDomain(_ domain: Domain) -> ManagedDomain? {
    guard let managed, let name = managedName(of: domain) else { return nil }
    return ManagedDomain(name: name, locations: managed, maximumSize: limits.maximumSize)
  }

  /// The name of a domain's managed files: its own, `.GlobalPreferences`, or nil for a file
  /// given by path.
  private func managedName(of domain: Domain) -> String? {
    switch domain.kind {
    case .named(let name): return name
    case .global: return ManagedDomain.globalName
    case .path: return nil
    }
  }

  /// The keys users cannot change in a domain, each with the file that says so: the
  /// domain's forced and locked keys, and the global domain's (a forced global value wins
  /// over every app's own).
  ///
  /// - Parameters:
  ///   - domain: The domain.
  ///   - own: What is managed for the domain, when the caller has read it already.
  /// - Returns: The managed file of each such key.
  package func forcedKeys(in domain: Domain, own: ManagedDomain? = nil) -> [String: String] {
    var keys: [String: String] = [:]
    var managed = [own ?? managedDomain(domain)]
    if domain != .global, case .named = domain.kind { managed.append(managedDomain(.global)) }
    for case let domain? in managed.reversed() {
      for kind in [ManagedKind.locked, .forced] {
        for (key, source) in domain.sources(kind) { keys[key] = source }
      }
    }
    return keys
  }

  /// Refuses a change in which the stored value of a forced or locked key differs.
  ///
  /// - Parameters:
  ///   - forced: The domain's forced keys and their files (`forcedKeys(in:)`).
  ///   - before: The domain's dictionary before the change.
  ///   - after: After it.
  ///   - domain: The domain, for the error.
  /// - Throws: `PlistError.forcedByAdministrator` for the first such key in key order.
  static func refuseChanges(
    toForced forced: [String: String], _ before: PlistDictionary, _ after: PlistDictionary,
    in domain: Domain
  ) throws(PlistError) {
    for (key, source) in forced.sorted(by: { KeyOrder.compare($0.key, $1.key) < 0 })
    where before[key] != after[key] {
      throw .forcedByAdministrator(key: key, domain: domain.displayName, source: source)
    }
  }

  // MARK: Set-once values

  /// Where a domain's applied set-once values are recorded: `<root>/plistctl/set-once/`,
  /// beside the domain's own file (and plistctl's other files of the user's, such as
  /// `settings.plist`), so that the record moves with the preferences it describes (a
  /// backup restored, a container).
  func setOnceRecordPath(_ managed: ManagedDomain) -> String {
    root + "/plistctl/set-once/" + managed.name + ".plist"
  }

  /// Applies the set-once values a domain has not had yet, taking the domain's lock only
  /// when there are some: what a read does first. A failure is left for the write or the
  /// next read to meet; the read itself goes on.
  ///
  /// - Parameter domain: The domain.
  func applySetOnceValues(to domain: Domain) {
    // A few looks before anything is read.
    guard let locations = managed, let name = managedName(of: domain), locations.mayManage(name),
      let read = managedDomain(domain)
    else { return }
    applySetOnceValues(to: domain, read)
  }

  /// `applySetOnceValues(to:)` with what is managed for the domain, read already.
  ///
  /// - Parameters:
  ///   - domain: The domain.
  ///   - managed: What is managed for it.
  func applySetOnceValues(to domain: Domain, _ managed: ManagedDomain) {
    guard appliesSetOnceValues, !managed.setOnce.isEmpty,
      !pendingSetOnce(managed, appliedSetOnceValues(managed)).isEmpty
    else { return }
    let domainPath = path(of: domain)
    guard let target = try? Platform.writeTarget(of: domainPath) else { return }
    if isInStore(domain) {
      try? Platform.makeDirectories(Platform.directory(of: domainPath), mode: 0o700)
    }
    guard
      let lock = try? FileAccess.lockDirectory(
        Platform.directory(of: target), timeoutMilliseconds: limits.lockTimeoutMilliseconds)
    else { return }
    defer { Platform.closeQuietly(lock) }
    try? applySetOnceValuesLocked(domain, managed, domainPath, target)
  }

  /// Whether this store applies set-once values: its files are every host's, and they are
  /// this process's user's (a root process run with the user's variables, `sudo -E`, would
  /// leave a record the user could not replace, and files owned by root).
  private var appliesSetOnceValues: Bool {
    guard host == .any else { return false }
    // The directory, or (not made yet) the one it will be made in.
    let owner =
      Platform.ownership(atPath: root)?.owner
      ?? Platform.ownership(atPath: Platform.directory(of: root))?.owner
    return owner == Platform.effectiveUserID
  }

  /// The set-once values this user's domain has had, as recorded when they were applied.
  ///
  /// - Parameter managed: What is managed for the domain.
  /// - Returns: Each applied key's value as the administrator gave it then.
  package func appliedSetOnceValues(_ managed: ManagedDomain) -> PlistDictionary {
    (try? Self.read(setOnceRecordPath(managed)))?.dictionary ?? PlistDictionary()
  }

  /// The set-once values whose administrator's value differs from the one last applied.
  private func pendingSetOnce(_ managed: ManagedDomain, _ record: PlistDictionary)
    -> PlistDictionary
  {
    var pending = PlistDictionary()
    for (key, value) in managed.setOnce where record[key] != value { pending[key] = value }
    return pending
  }

  /// Applies the pending set-once values under the lock the caller holds: the domain first,
  /// then the record. A process killed between the two applies the same values again next
  /// time, which leaves the same domain; the reverse order could lose them.
  ///
  /// - Parameters:
  ///   - domain: The domain.
  ///   - managed: What is managed for it, or nil to read it.
  ///   - domainPath: The domain file's path.
  ///   - target: Where its links lead.
  /// - Throws: `PlistError` when the domain cannot be read, parsed or written, or the
  ///   record cannot be written.
  func applySetOnceValuesLocked(
    _ domain: Domain, _ managed: ManagedDomain?, _ domainPath: String, _ target: String
  ) throws(PlistError) {
    guard appliesSetOnceValues, let managed = managed ?? managedDomain(domain),
      !managed.setOnce.isEmpty
    else { return }
    // Read again under the lock: another process may have applied them meanwhile.
    var record = appliedSetOnceValues(managed)
    let pending = pendingSetOnce(managed, record)
    guard !pending.isEmpty else { return }
    var overtaken = false
    _ = try updateLocked(
      domainPath, target,
      { dictionary in
        for (key, value) in pending { dictionary[key] = value }
      }, checkingForSaves: false, overtaken: &overtaken)
    Platform.pauseIfAsked(at: "set-once-before-record")
    let recordPath = setOnceRecordPath(managed)
    do {
      try Platform.makeDirectories(Platform.directory(of: recordPath), mode: 0o700)
    } catch {
      throw .system(error)
    }
    // Every value ever applied stays: a value is applied once per change, and one removed
    // and given again unchanged is not a change.
    for (key, value) in pending { record[key] = value }
    try FileAccess.writeAtomically(.dictionary(record), as: .xml, to: recordPath, mode: 0o600)
  }
}
