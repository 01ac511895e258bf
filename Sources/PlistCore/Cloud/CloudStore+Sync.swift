// MARK: - Synchronizing: the engine exchanges the files, the merge reconciles them

extension CloudStore {
  /// What a sync did.
  public struct SyncReport: Sendable {
    /// Whether the engine was reached and has this replica's file (`synchronize()`'s Bool).
    public var inSync: Bool
    /// Why not, when it was not reached (git's last line of error, a missing folder).
    public var offlineReason: String?
    /// The changes it brought, as delivered to the change streams.
    public var changes: [CloudChange]
    /// Entries held back because their clock is too far ahead of this machine's, by key.
    public var heldBack: [String: CloudEntry]
    /// Files in `replicas/` that are not replicas' files (sync tools' temporary and
    /// conflict copies), and replicas' files that could not be read, with why.
    public var ignored: [CloudFolderEntry]
  }

  /// Exchanges with the engine and merges, as `NSUbiquitousKeyValueStore.synchronize()`.
  ///
  /// - Returns: Whether the store is in sync with the engine; when not (offline, or an
  ///   error, in `lastError`), everything still works locally and reconciles next time.
  @discardableResult
  public func synchronize() -> Bool {
    do { return try sync().inSync } catch {
      shared.withLock { $0.lastError = error }
      return false
    }
  }

  /// Exchanges with the engine and merges: the engine brings the other replicas' files and
  /// takes this one's; the changes this brings are delivered to the change streams.
  ///
  /// - Returns: What happened.
  /// - Throws: `PlistError` when this replica's file cannot be read or written, or the
  ///   engine fails for another reason than being out of reach.
  public func sync() throws(PlistError) -> SyncReport {
    try sync(as: nil, from: nil)
  }

  /// `sync()`, with the reason and the values to compare with given (re-attaching).
  func sync(as forcedReason: CloudChange.Reason?, from previous: [String: PlistValue]?)
    throws(PlistError) -> SyncReport
  {
    let report = try withLock { () throws(PlistError) -> SyncReport in
      var state = try replicaState()
      let syncState = loadSyncState()
      let shown = quota.visible(state.entries)
      let before = previous ?? shared.withLock { $0.known } ?? shown.values
      var report = SyncReport(inSync: false, changes: [], heldBack: [:], ignored: [])
      for _ in 0..<5 {
        let reachable = try transport.receive(ownFile: ownFile)
        let (others, ignored) = readOtherReplicas()
        report.ignored = ignored
        let outcome = CloudMerge.merge(state, with: others, now: clock(), policy: policy)
        report.heldBack = outcome.heldBack
        if outcome.state.entries != state.entries { try save(outcome.state) }
        state = outcome.state
        guard reachable else {
          report.offlineReason = "cannot reach \(transport.location)"
          break
        }
        switch try transport.publish(ownFile: ownFile) {
        case .sent: report.inSync = true
        case .overtaken: continue
        case .offline(let reason): report.offlineReason = reason
        }
        break
      }
      let after = quota.visible(state.entries)
      let reason =
        forcedReason
        ?? (syncState.location == transport.location && syncState.initialized
          ? .serverChange : .initialSync)
      if let change = CloudChange.between(before, after.values, reason: reason) {
        report.changes.append(change)
      }
      let newlyDropped = Set(after.dropped).subtracting(shown.dropped)
      if !newlyDropped.isEmpty {
        report.changes.append(CloudChange(reason: .quotaViolation, keys: newlyDropped.sorted()))
      }
      var saved = syncState
      if report.inSync || report.offlineReason == nil {
        saved.initialized = true
        saved.location = transport.location
      }
      if report.inSync { saved.lastSync = clock() }
      saveSyncState(saved)
      shared.withLock {
        $0.known = after.values
        $0.lastError = nil
      }
      return report
    }
    for change in report.changes { broadcast(change) }
    return report
  }

  /// The other replicas' files in the store, and what was left out.
  func readOtherReplicas() -> ([ReplicaState], [CloudFolderEntry]) {
    let directory = transport.replicasDirectory
    guard let names = try? Platform.directoryEntries(directory) else { return ([], []) }
    var states: [ReplicaState] = []
    var ignored: [CloudFolderEntry] = []
    for name in names.sorted() {
      let entry = CloudFolderEntry(name: name)
      guard case .replica(let id) = entry.kind else {
        if entry.kind != .temporary { ignored.append(entry) }
        continue
      }
      guard id != replica else { continue }
      do throws(PlistError) {
        // A file gone since the listing (a sync tool renaming) is simply not there.
        if let state = try ReplicaState.load(path: directory + "/" + name, of: id) {
          states.append(state)
        }
      } catch {
        ignored.append(CloudFolderEntry(name: name, kind: .unreadable(error)))
      }
    }
    return (states, ignored)
  }
}

/// A name in a store's `replicas/` folder, and what it is.
public struct CloudFolderEntry: Sendable, Equatable {
  /// What a name in the folder is.
  public enum Kind: Sendable, Equatable {
    /// A replica's file, `<replica id>.plist`.
    case replica(ReplicaID)
    /// A sync tool's file in progress (`.syncthing.x.tmp`, `~syncthing~x.tmp`, `.x.XXXXXX`
    /// from rsync, `*.tmp`, `*.part`): skipped silently.
    case temporary
    /// A sync tool's copy of a file it could not reconcile (`x.sync-conflict-…`, `x
    /// (conflicted copy …)`, `x..path1`): skipped and reported — with one writer per file it
    /// means two machines share a replica id.
    case conflictCopy
    /// A replica's file that cannot be read.
    case unreadable(PlistError)
    /// Anything else.
    case stray
  }

  /// The file's name.
  public var name: String
  /// What it is.
  public var kind: Kind

  /// Classifies a name.
  public init(name: String) {
    self.name = name
    kind = Self.classify(name)
  }

  init(name: String, kind: Kind) {
    self.name = name
    self.kind = kind
  }

  private static func classify(_ name: String) -> Kind {
    if name.hasSuffix(".plist"), let id = ReplicaID(String(name.dropLast(6))) {
      return .replica(id)
    }
    let conflictMarks = [".sync-conflict-", "conflicted copy", "..path1", "..path2", ".conflict"]
    if conflictMarks.contains(where: name.contains) { return .conflictCopy }
    if name.hasPrefix(".") || name.hasPrefix("~") || name.hasSuffix(".tmp")
      || name.hasSuffix(".part")
    {
      return .temporary
    }
    return .stray
  }
}

// MARK: - The store's state on this machine

/// What this machine remembers of a store between runs: where it was attached when it last
/// synced (a different location means an account change), whether the first sync happened,
/// and when the last one reached the engine.
struct CloudSyncState: Equatable {
  var location: CloudLocation?
  var initialized = false
  /// Milliseconds since 1970 of the last sync that reached the engine.
  var lastSync: Int64?
}

extension CloudStore {
  var syncStatePath: String { stateDirectory + "/sync.plist" }

  func loadSyncState() -> CloudSyncState {
    guard
      let fields = (try? FileAccess.readPropertyList(path: syncStatePath))?.value.dictionaryValue
    else { return CloudSyncState() }
    var state = CloudSyncState()
    state.location = CloudLocation(fields: fields)
    state.initialized = fields["initialized"]?.boolValue ?? false
    state.lastSync = fields["lastSync"]?.integerValue?.int64Value
    return state
  }

  /// Saved under the store's lock; losing it costs only a repeated `initialSync`.
  func saveSyncState(_ state: CloudSyncState) {
    var fields = PlistDictionary()
    state.location?.record(in: &fields)
    fields["initialized"] = .boolean(state.initialized)
    if let lastSync = state.lastSync { fields["lastSync"] = .integer(PlistInteger(lastSync)) }
    _ = try? FileAccess.writeAtomically(
      .dictionary(fields), as: .xml, to: syncStatePath, mode: 0o600,
      options: PropertyList.WriteOptions(), naming: .fixed
    ) { _ in true }
  }
}
