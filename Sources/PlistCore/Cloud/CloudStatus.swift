/// A store's state as `cloud status` shows it: the replicas seen, the last sync, what waits
/// to be sent, quota use, and anything in the folder that needs a person's attention.
package struct CloudStatus: Sendable {
  /// One replica's file, as this machine last received it.
  package struct Replica: Sendable {
    /// Its id.
    package var id: ReplicaID
    /// Its clock.
    package var clock: CloudTimestamp
    /// How many keys it knows of (tombstones included).
    package var entries: Int
    /// Whether it is this machine.
    package var isThisMachine: Bool
  }

  /// Where the store lives.
  package var location: CloudLocation
  /// This machine's replica id.
  package var replica: ReplicaID
  /// Every replica's file in the store, this one first.
  package var replicas: [Replica]
  /// When a sync last reached the engine (milliseconds since 1970), or nil.
  package var lastSync: Int64?
  /// Whether this replica has changes the engine has not carried yet.
  package var pendingChanges: Bool
  /// Keys with values shown.
  package var keys: Int
  /// The bytes those values count for.
  package var bytes: Int
  /// The limits.
  package var quota: CloudQuota
  /// Keys kept out by the limits after a merge.
  package var dropped: [String]
  /// Deletions remembered until every replica has seen them.
  package var tombstones: Int
  /// Keys whose newest entry waits because its clock is too far ahead, with the replica.
  package var heldBack: [String: CloudEntry]
  /// Names in `replicas/` that are not replicas' files, or could not be read.
  package var ignored: [CloudFolderEntry]
}

extension CloudStore {
  /// Whether this replica's file differs from what the engine last took (or cannot be read).
  var hasPendingChanges: Bool {
    guard let state = try? replicaState(), let bytes = try? Self.encoded(state) else {
      return true
    }
    return transport.hasPendingChanges(file: publishedName, contents: bytes)
  }

  /// The store's status on this machine (reads the files; does not sync).
  ///
  /// - Throws: `PlistError` when this replica's file cannot be read.
  package func status() throws(PlistError) -> CloudStatus {
    let own = try replicaState()
    let (others, ignored) = readOtherReplicas()
    let preview = CloudMerge.merge(
      own, with: others, now: clock(), policy: policy, quota: quota)
    let shown = quota.visible(own.entries)
    let replicas =
      [
        CloudStatus.Replica(
          id: replica, clock: own.clock, entries: own.entries.count, isThisMachine: true)
      ]
      + others.map {
        CloudStatus.Replica(
          id: $0.replica, clock: $0.clock, entries: $0.entries.count, isThisMachine: false)
      }
    return CloudStatus(
      location: transport.location, replica: replica, replicas: replicas,
      lastSync: loadSyncState().lastSync,
      pendingChanges: hasPendingChanges,
      keys: shown.values.count, bytes: shown.bytes, quota: quota, dropped: shown.dropped,
      tombstones: own.entries.values.filter(\.isDeleted).count, heldBack: preview.heldBack,
      ignored: ignored)
  }
}
