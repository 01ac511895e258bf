// MARK: - What a merge takes from other replicas, and how much it keeps

extension CloudMerge {
  /// At most this many other replicas are merged: the first by id; the rest are reported
  /// (`Outcome.ignoredReplicas`). It also bounds `ReplicaState.seen`.
  static let maximumReplicas = 1_000

  /// At most this many entries, tombstones included, are kept after a merge: 8 times the
  /// quota's keys, room for every visible key and for the deletions of several stores' worth
  /// of keys within the retention period.
  ///
  /// - Parameter quota: The store's limits.
  /// - Returns: The bound.
  static func maximumEntries(_ quota: CloudQuota) -> Int {
    saturatingProduct(quota.maximumKeys, 8)
  }

  /// At most this many bytes of values (as this replica's file writes them,
  /// `CloudFileCost`) are kept after a merge: 4 times the quota's total, room for every
  /// visible value and for the values that wait behind them. With `maximumEntries` entries'
  /// keys and stamps, this replica's file stays far below `ReplicaState.maximumFileSize`,
  /// the cap on reading another replica's file, whatever the others hold.
  ///
  /// - Parameter quota: The store's limits.
  /// - Returns: The bound.
  static func maximumValueBytes(_ quota: CloudQuota) -> Int {
    saturatingProduct(quota.maximumTotalBytes, 4)
  }

  /// Whether another replica's entry is taken at all: only what could ever be visible (a key
  /// within the quota's length, a value within its total) and what this replica's file can
  /// hold (`CloudFileCost`). A rule on the entry alone, so every replica refuses the same
  /// entries and the merge stays a join of what is taken.
  static func canTake(_ key: String, _ entry: CloudEntry, quota: CloudQuota) -> Bool {
    guard key.utf8.count <= quota.maximumKeyBytes else { return false }
    guard let value = entry.value else { return true }
    return CloudFileCost.bytes(of: value, limit: maximumValueBytes(quota)) != nil
      && CloudQuota.size(of: value) <= quota.maximumTotalBytes
  }

  /// The entries kept of a merge's result, and the keys cut.
  ///
  /// The rule: entries in the order of `CloudEntry.wins(over:)` (newest first; among one
  /// write's keys, by key) are kept while fewer than `maximumEntries` are; a value is kept
  /// only while the values kept so far and it fit in `maximumValueBytes`, and once one does
  /// not, no later value is kept (tombstones still are, being small). Then this replica's
  /// own writes that the quota shows, of its writes alone (`keeping`), are kept whatever
  /// the rule said, so another machine can never make this one lose its own values from
  /// its file, only replace them by newer writes, as any write does.
  ///
  /// Why replicas still converge: the rule depends only on the entries, the same on every
  /// replica, and an entry ranked before another stays so after any join, so two replicas
  /// holding the same files keep the same entries (up to each one's own writes, which its
  /// file carries to the others). Merging the same files again keeps the same: the kept
  /// own writes are the same set (the quota's choice among them does not change when
  /// writes it did not choose are cut), and every other entry cut comes back from a file
  /// only to be cut again.
  ///
  /// Why nothing deleted or overwritten comes back: an older entry for a key ranks after
  /// the newer one, so if the newer one (a tombstone, or the value that replaced it) was
  /// cut, the older one is cut too — by count, there are already `maximumEntries` entries
  /// before it; by bytes, values closed before it. A key's older value can come back only
  /// if every replica has cut the newer entry and what pushed it out is itself gone (a
  /// purge of old tombstones, the flooding file deleted while a replica away still holds
  /// the old value) — the exposure docs/cloud.md describes for purged tombstones.
  static func bounded(
    _ entries: [String: CloudEntry], keeping shown: Set<String>, quota: CloudQuota
  ) -> (kept: [String: CloudEntry], cut: [String]) {
    let maximumCount = maximumEntries(quota)
    let maximumBytes = maximumValueBytes(quota)
    let ordered = entries.sorted { a, b in
      if a.value.timestamp != b.value.timestamp { return a.value.timestamp > b.value.timestamp }
      if a.value.replica != b.value.replica { return a.value.replica > b.value.replica }
      return a.key < b.key
    }
    var kept: [String: CloudEntry] = [:]
    var cut: [String] = []
    var bytes = 0
    var valuesClosed = false
    for (key, entry) in ordered {
      var keep = kept.count < maximumCount
      if keep, let value = entry.value {
        let cost = valuesClosed ? nil : CloudFileCost.bytes(of: value, limit: maximumBytes - bytes)
        if let cost { bytes += cost } else { valuesClosed = true }
        keep = cost != nil
      }
      if keep || shown.contains(key) { kept[key] = entry } else { cut.append(key) }
    }
    return (kept, cut)
  }

  /// The other replicas a merge takes: those among the first `maximumReplicas` ids, every
  /// state of each (a sync tool's conflict copy is another state of its replica).
  static func admitted(_ others: [ReplicaState], besides own: ReplicaID)
    -> (taken: [ReplicaState], ignored: [ReplicaID])
  {
    let ids = Set(others.map(\.replica)).subtracting([own]).sorted()
    let taken = Set(ids.prefix(maximumReplicas))
    return (
      others.filter { taken.contains($0.replica) }, Array(ids.dropFirst(maximumReplicas))
    )
  }

  /// The `seen` map bounded to `maximumReplicas` replicas, the first by id.
  static func bounded(_ seen: [ReplicaID: CloudTimestamp]) -> [ReplicaID: CloudTimestamp] {
    guard seen.count > maximumReplicas else { return seen }
    let keep = Set(seen.keys.sorted().prefix(maximumReplicas))
    return seen.filter { keep.contains($0.key) }
  }

  private static func saturatingProduct(_ a: Int, _ b: Int) -> Int {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? .max : product
  }
}
