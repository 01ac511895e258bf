// MARK: - Synchronizing: the engine exchanges the files, the merge reconciles them

extension CloudStore {
  /// What a sync did.
  package struct SyncReport: Sendable {
    /// Whether the engine was reached and has this replica's file (`synchronize()`'s Bool).
    package var inSync: Bool
    /// Why not, when it was not reached (git's messages, a missing folder, a deadline).
    package var offlineReason: String?
    /// The changes it brought, as delivered to the change streams.
    package var changes: [CloudChange]
    /// Entries held back because their clock is too far ahead of this machine's, by key.
    var heldBack: [String: CloudEntry]
    /// Files in `replicas/` that are not replicas' files (sync tools' temporary files),
    /// replicas' files that could not be read, and what the engine holds that was not
    /// brought here (`CloudFolderEntry.Kind.notBrought`), with why.
    package var ignored: [CloudFolderEntry]
    /// Sync tools' conflict copies of replicas' files that were merged (and removed).
    var mergedCopies: [String]
    /// Where this replica's own file was moved when it could not be read (it was then
    /// restored from the copy last published), or nil.
    package var setAside: String?
    /// Values not written into a mirrored domain (`CloudMirror.sync()`): refused by its
    /// Settings schema (`PlistError.refusedBySchema`), or keys the administrator forces
    /// (`.forcedByAdministrator`).
    package var refused: [PlistError] = []
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
  func sync() throws(PlistError) -> SyncReport {
    try sync(as: nil, from: nil)
  }

  /// The engine lock's directory: one sync at a time, and none while a git it ran lives on.
  var engineDirectory: String { stateDirectory + "/engine" }

  /// `sync()`, with the reason and the values to compare with given (re-attaching). The
  /// engine lock is held throughout; the store's lock only while merging, so that writes
  /// never wait for a network.
  func sync(as forcedReason: CloudChange.Reason?, from previous: [String: PlistValue]?)
    throws(PlistError) -> SyncReport
  {
    try withEngineLock { (engineLock) throws(PlistError) in
      try sync(as: forcedReason, from: previous, engineLock: engineLock)
    }
  }

  /// Runs `body` holding the store's engine lock (its descriptor passed in): one sync, or one
  /// change to the engine's local side (a clone made or forgotten), at a time.
  func withEngineLock<Result>(_ body: (Int32) throws(PlistError) -> Result)
    throws(PlistError) -> Result
  {
    do { try Platform.makeDirectories(engineDirectory, mode: 0o700) } catch {
      throw .system(error)
    }
    let engineLock = try FileAccess.lockDirectory(
      engineDirectory, timeoutMilliseconds: Self.lockTimeout)
    defer { Platform.closeQuietly(engineLock) }
    return try body(engineLock)
  }

  private func sync(
    as forcedReason: CloudChange.Reason?, from previous: [String: PlistValue]?,
    engineLock: Int32
  ) throws(PlistError) -> SyncReport {
    let syncState = loadSyncState()
    var report = SyncReport(
      inSync: false, changes: [], heldBack: [:], ignored: [], mergedCopies: [], setAside: nil)
    // What showed before (the file is replaced atomically: no lock needed to read it).
    let first = quota.visible(((try? replicaState()) ?? ReplicaState(replica: replica)).entries)
    var last: (values: [String: PlistValue], dropped: [String])?
    // An older plistctl kept this replica's file in the engine's folder (git's work tree),
    // with the writes it had not committed yet: taken in before an exchange replaces it.
    try withLock { () throws(PlistError) in
      guard Platform.kind(atPath: ownFile) == .missing else { return }
      let adopted = adoptedPublishedCopy()
      if adopted != ReplicaState(replica: replica) { try save(adopted, offering: false) }
    }
    let outcome = try transport.exchange(file: publishedName, engineLock: engineLock) {
      (arrival) throws(PlistError) -> [UInt8] in
      // Others' files are read and parsed before the store's lock is taken: a write waits
      // only for the join and the save.
      var folder = readReplicaFolder()
      folder.ignored += arrival.notBrought
      return try withLock { () throws(PlistError) -> [UInt8] in
        let (state, bytes) = try merged(folder, into: &report, reached: arrival.reached)
        let shown = quota.visible(state.entries)
        last = (shown.values, shown.dropped)
        return bytes
      }
    }
    switch outcome {
    case .sent: report.inSync = true
    case .offline(let reason): report.offlineReason = reason
    }
    let shownBefore = (values: first.values, dropped: first.dropped)
    let shownAfter = last ?? shownBefore
    let before = previous ?? shared.withLock { $0.known } ?? shownBefore.values
    let reason =
      forcedReason
      ?? (syncState.location == transport.location && syncState.initialized
        ? .serverChange : .initialSync)
    if let change = CloudChange.between(before, shownAfter.values, reason: reason) {
      report.changes.append(change)
    }
    let newlyDropped = Set(shownAfter.dropped).subtracting(shownBefore.dropped)
    if !newlyDropped.isEmpty {
      report.changes.append(CloudChange(reason: .quotaViolation, keys: newlyDropped.sorted()))
    }
    var saved = syncState
    if report.inSync {
      saved.initialized = true
      saved.location = transport.location
      saved.lastSync = clock()
    }
    try saveSyncState(saved)
    shared.withLock {
      $0.known = shownAfter.values
      // Offline is not an error of a write's, but `synchronize()` returned false: say why.
      $0.lastError = report.offlineReason.map { reason in
        .cloudOffline(store: name, reason: reason)
      }
    }
    for change in report.changes { broadcast(change) }
    return report
  }

  /// One merge, under the store's lock: this replica's state (healed), the copies of
  /// replicas' files the engine brought (`folder`, read before the lock) folded in, the
  /// result saved when it changed, and the conflict copies it took in removed. Returns the
  /// state and its file's bytes.
  private func merged(_ folder: ReplicaFolder, into report: inout SyncReport, reached: Bool)
    throws(PlistError) -> (ReplicaState, [UInt8])
  {
    let (own, setAside) = try healedState()
    report.setAside = report.setAside ?? setAside
    report.ignored = folder.ignored
    var state = own
    let copies = CloudMerge.mergeCopies(
      state, copies: folder.copies, now: clock(), policy: policy, quota: quota)
    state = copies.state
    let outcome = CloudMerge.merge(
      state, with: folder.others, now: clock(), policy: policy, quota: quota)
    state = outcome.state
    report.heldBack = copies.heldBack.merging(outcome.heldBack) { a, b in b.wins(over: a) ? b : a }
    let bytes: [UInt8]
    if state != own || setAside != nil || Platform.kind(atPath: ownFile) != .regular {
      bytes = try save(state, offering: false)
    } else {
      bytes = try Self.encoded(state)
    }
    // At every sync, not only when the state changed: the folder's copy may be missing. (An
    // engine out of reach is reported as offline; its copy waits.)
    if reached {
      try transport.offer(file: publishedName, contents: bytes)
    } else {
      try? transport.offer(file: publishedName, contents: bytes)
    }
    // Taken in and saved: a conflict copy has nothing the own file lacks now.
    if !folder.conflictCopies.isEmpty,
      let shared = try? SharedFolder(path: transport.replicasDirectory)
    {
      for name in folder.conflictCopies where (try? shared.remove(name)) != nil {
        report.mergedCopies.append(name)
      }
    }
    return (state, bytes)
  }

  /// This replica's state for a write or a sync (under the store's lock): `replicaState()`,
  /// except that an own file that is not a readable replica's file (damaged by a disk, a
  /// person, an older plistctl's git) is not left in the way for good: it is moved aside,
  /// kept for a person to look at, and the state restored from the copy last published.
  ///
  /// - Returns: The state, and where the unreadable file went, if one was moved.
  func healedState() throws(PlistError) -> (ReplicaState, String?) {
    do {
      return (try replicaState(), nil)
    } catch {
      switch error {
      case .parse, .invalidCloudFile, .notARegularFile, .inputTooLarge: break
      default: throw error
      }
      let aside = ownFile + ".unreadable-\(clock())"
      do { try Platform.renameFile(ownFile, to: aside) } catch { throw .system(error) }
      return (adoptedPublishedCopy(), aside)
    }
  }

  /// The copy of this replica's file the engine holds, taken as a merge takes a copy (its
  /// entries within the bounds), or an empty state: what a replica starts from when its own
  /// file is missing — a first write, or a store an older plistctl kept in the engine's
  /// folder — or could not be read.
  func adoptedPublishedCopy() -> ReplicaState {
    let empty = ReplicaState(replica: replica)
    guard let folder = try? SharedFolder(path: transport.replicasDirectory),
      let copy = try? ReplicaState.load(from: folder, name: publishedName, of: replica)
    else { return empty }
    return CloudMerge.mergeCopies(
      empty, copies: [copy], now: clock(), policy: policy, quota: quota
    ).state
  }

  /// What the engine brought, read through `SharedFolder`: the other replicas' files; the
  /// copies of replicas' files that are not their latest (this replica's published copy,
  /// sync tools' conflict copies); the names of the conflict copies; and what was left out.
  func readReplicaFolder() -> ReplicaFolder {
    var result = ReplicaFolder()
    guard let folder = try? SharedFolder(path: transport.replicasDirectory),
      let names = try? folder.names()
    else { return result }
    for name in names.sorted() {
      let entry = CloudFolderEntry(name: name)
      let id: ReplicaID
      switch entry.kind {
      case .replica(let replica): id = replica
      case .conflictCopy:
        guard let replica = entry.copiedReplica else {
          result.ignored.append(entry)
          continue
        }
        id = replica
      case .temporary: continue
      default:
        result.ignored.append(entry)
        continue
      }
      do throws(PlistError) {
        // A file gone since the listing (a sync tool renaming) is simply not there.
        guard let state = try ReplicaState.load(from: folder, name: name, of: id) else {
          continue
        }
        if case .replica = entry.kind, id != replica {
          result.others.append(state)
        } else {
          result.copies.append(state)
          if case .conflictCopy = entry.kind { result.conflictCopies.append(name) }
        }
      } catch {
        result.ignored.append(CloudFolderEntry(name: name, kind: .unreadable(error)))
      }
    }
    return result
  }

  /// The other replicas' files in the store, and what was left out.
  func readOtherReplicas() -> ([ReplicaState], [CloudFolderEntry]) {
    let folder = readReplicaFolder()
    return (folder.others, folder.ignored)
  }
}

/// What a store's `replicas/` folder holds, as a merge reads it.
struct ReplicaFolder {
  /// The other replicas' files.
  var others: [ReplicaState] = []
  /// Copies that are not a replica's latest file: this replica's published copy, and sync
  /// tools' conflict copies of any replica's.
  var copies: [ReplicaState] = []
  /// The conflict copies' names (removed once merged).
  var conflictCopies: [String] = []
  /// Names left out, with why.
  var ignored: [CloudFolderEntry] = []
}

/// A name in a store's `replicas/` folder, and what it is.
package struct CloudFolderEntry: Sendable, Equatable {
  /// What a name in the folder is.
  package enum Kind: Sendable, Equatable {
    /// A replica's file, `<replica id>.plist`.
    case replica(ReplicaID)
    /// A sync tool's file in progress (`.syncthing.x.tmp`, `~syncthing~x.tmp`, `.x.XXXXXX`
    /// from rsync, `*.tmp`, `*.part`): skipped silently.
    case temporary
    /// A sync tool's copy of a file it could not reconcile (`x.sync-conflict-…`, `x
    /// (conflicted copy …)`, `x..path1`). One of a replica's file is just another state of
    /// that replica: merged, then removed. (With one writer per file, it means two machines
    /// share a replica id.)
    case conflictCopy
    /// A replica's file that cannot be read.
    case unreadable(PlistError)
    /// A file the engine holds that was not brought here, and why: outside a store's shape
    /// (a link, a folder, a file too large — a git store's next commit leaves it out), or
    /// past the most a sync takes in (the smallest files are taken first).
    case notBrought(String)
    /// Anything else.
    case stray
  }

  /// The file's name.
  package var name: String
  /// What it is.
  package var kind: Kind

  /// Classifies a name.
  init(name: String) {
    self.name = name
    kind = Self.classify(name)
  }

  init(name: String, kind: Kind) {
    self.name = name
    self.kind = kind
  }

  /// For a conflict copy of a replica's file (`<replica id>.sync-conflict-….plist`,
  /// `<replica id> (conflicted copy …).plist`, `<replica id>.plist..path1`), that replica.
  var copiedReplica: ReplicaID? {
    guard case .conflictCopy = kind, name.utf8.count > 32 else { return nil }
    let prefix = String(decoding: name.utf8.prefix(32), as: UTF8.self)
    let next = name.utf8.dropFirst(32).first
    guard next == UInt8(ascii: ".") || next == UInt8(ascii: " ") else { return nil }
    return ReplicaID(prefix)
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

  /// Saved under the engine lock, in its own directory's name space (the store's lock is
  /// not held); a failure is reported, as the next sync would report a false `initialSync`.
  func saveSyncState(_ state: CloudSyncState) throws(PlistError) {
    var fields = PlistDictionary()
    state.location?.record(in: &fields)
    fields["initialized"] = .boolean(state.initialized)
    if let lastSync = state.lastSync { fields["lastSync"] = .integer(PlistInteger(lastSync)) }
    try FileAccess.writeAtomically(
      .dictionary(fields), as: .xml, to: syncStatePath, mode: 0o600,
      options: PropertyList.WriteOptions(), naming: .unique
    ) { _ in true }
  }
}
