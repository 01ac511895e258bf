extension CloudMerge {
  /// Folds copies of replicas' files that are not their latest — the copy of this replica's
  /// own file the engine holds (written there by this machine, or by another that shares
  /// its replica id), sync tools' conflict copies — into a replica's state. Each is just
  /// another state of its replica: its entries are joined as any other replica's are (those
  /// from too far ahead held back), so the join's laws keep every replica convergent. But a
  /// copy is not its replica's latest word: its clock and its `seen` are not taken (a copy
  /// could otherwise mark the real files as stale, or move this replica's clock by fiat);
  /// the clock moves past what was joined only.
  ///
  /// - Parameters:
  ///   - own: The merging replica's state.
  ///   - copies: The copies.
  ///   - now: This machine's clock, in milliseconds since 1970.
  ///   - policy: The skew bound.
  ///   - quota: The store's limits: what a copy's entries may be (as for `merge`).
  /// - Returns: The new state, and the entries held back by key.
  static func mergeCopies(
    _ own: ReplicaState, copies: [ReplicaState], now: Int64, policy: Policy, quota: CloudQuota
  ) -> (state: ReplicaState, heldBack: [String: CloudEntry]) {
    guard !copies.isEmpty else { return (own, [:]) }
    var state = own
    var heldBack: [String: CloudEntry] = [:]
    let limit = now.saturatingAdding(policy.maximumClockSkew)
    for copy in copies {
      var trusted: [String: CloudEntry] = [:]
      for (key, entry) in copy.entries where canTake(key, entry, quota: quota) {
        if entry.timestamp.wall > limit {
          if let held = heldBack[key], !entry.wins(over: held) { continue }
          heldBack[key] = entry
        } else {
          trusted[key] = entry
        }
      }
      state.entries = join(state.entries, trusted)
    }
    for entry in state.entries.values where entry.timestamp > state.clock {
      state.clock = entry.timestamp
    }
    return (state, heldBack)
  }
}
