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
  /// - Returns: The new state, and the entries held back by key.
  static func mergeCopies(
    _ own: ReplicaState, copies: [ReplicaState], now: Int64, policy: Policy
  ) -> (state: ReplicaState, heldBack: [String: CloudEntry]) {
    guard !copies.isEmpty else { return (own, [:]) }
    var state = own
    var heldBack: [String: CloudEntry] = [:]
    let horizon = now.addingReportingOverflow(policy.maximumClockSkew)
    let limit = horizon.overflow ? Int64.max : horizon.partialValue
    for copy in copies {
      var trusted: [String: CloudEntry] = [:]
      for (key, entry) in copy.entries {
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
