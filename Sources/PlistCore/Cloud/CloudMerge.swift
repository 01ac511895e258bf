/// How replicas' knowledge combines. The core is `join`: per key, the winning entry
/// (`CloudEntry.wins(over:)`). It is commutative, associative and idempotent, so replicas
/// that have merged the same files hold the same entries whatever the order, repetition or
/// delay of the syncs that brought them. Around it, `merge` keeps the promises the join
/// alone cannot: entries from a clock far in the future are held back, not trusted;
/// tombstones that every replica has seen are purged after the retention period; and
/// another replica's file, hostile or not, cannot make this one's unbounded (see
/// `CloudMerge+Bounds.swift`).
package enum CloudMerge {
  /// The entries of both, each key's winner kept.
  static func join(_ a: [String: CloudEntry], _ b: [String: CloudEntry])
    -> [String: CloudEntry]
  {
    var result = a
    for (key, entry) in b {
      if let current = result[key], !entry.wins(over: current) { continue }
      result[key] = entry
    }
    return result
  }

  /// The rules that bound what a merge trusts and keeps.
  struct Policy: Sendable, Equatable {
    /// How far ahead of this machine's clock an entry's time may be before it is held back
    /// (left in its replica's file, merged once the clocks agree within this bound).
    var maximumClockSkew: Int64
    /// How long a tombstone is kept at least, in milliseconds.
    var tombstoneRetention: Int64

    /// The defaults: one hour of skew; tombstones kept 30 days.
    init(maximumClockSkew: Int64 = 3_600_000, tombstoneRetention: Int64 = 2_592_000_000) {
      self.maximumClockSkew = maximumClockSkew
      self.tombstoneRetention = tombstoneRetention
    }
  }

  /// What a merge produced.
  struct Outcome: Sendable {
    /// The replica's new state (its file is rewritten when `entries` changed).
    var state: ReplicaState
    /// Entries held back for a clock too far ahead, by key.
    var heldBack: [String: CloudEntry]
    /// Replicas whose file was older than one already merged (a stale copy), skipped.
    var staleReplicas: [ReplicaID]
    /// Keys whose tombstones were purged.
    var purged: [String]
    /// Keys of entries not taken or not kept (sorted): another replica's entry that could
    /// never be visible or that this replica's file cannot hold, and entries past the
    /// bounds on the merged state (`maximumEntries`, `maximumValueBytes`).
    var refused: [String]
    /// Replicas past the first `maximumReplicas` by id, not merged.
    var ignoredReplicas: [ReplicaID]
  }

  /// Merges other replicas' files into one replica's state.
  ///
  /// - Parameters:
  ///   - own: The merging replica's state.
  ///   - others: The other replicas' files (one per replica; its own is ignored here).
  ///   - now: This machine's clock, in milliseconds since 1970.
  ///   - policy: The skew bound and tombstone retention.
  ///   - quota: The store's limits: what is taken from others, and how much is kept.
  /// - Returns: The new state and what was held back, skipped, purged and refused.
  static func merge(
    _ own: ReplicaState, with others: [ReplicaState], now: Int64, policy: Policy,
    quota: CloudQuota = .standard
  ) -> Outcome {
    var state = own
    var heldBack: [String: CloudEntry] = [:]
    var stale: [ReplicaID] = []
    var current: [ReplicaState] = []
    var refused = Set<String>()
    var incoming: [String: CloudEntry] = [:]
    let horizon = now.saturatingAdding(policy.maximumClockSkew)
    let (taken, ignored) = admitted(others, besides: own.replica)
    for other in taken {
      if let seen = own.seen[other.replica], other.clock < seen {
        stale.append(other.replica)
        continue
      }
      current.append(other)
      for (key, entry) in other.entries {
        guard canTake(key, entry, quota: quota) else {
          refused.insert(key)
          continue
        }
        if entry.timestamp.wall > horizon {
          if let held = heldBack[key], !entry.wins(over: held) { continue }
          heldBack[key] = entry
        } else if incoming[key].map(entry.wins(over:)) ?? true {
          incoming[key] = entry
        }
      }
      state.seen[other.replica] = max(state.seen[other.replica] ?? .zero, other.clock)
    }
    let joined = join(state.entries, incoming)
    // Receiving is an event for the clock: past everything merged (kept or not), so that a
    // write made after this merge beats every write it has seen, whatever this machine's
    // clock says.
    for entry in joined.values where entry.timestamp > state.clock {
      state.clock = entry.timestamp
    }
    state.entries = joined
    state.seen = bounded(state.seen)
    // Purged before the bound: a tombstone that goes must not hold a place the next merge
    // (where it comes back from its file only to go again) would give to another entry.
    let purged = purgeable(state, replicas: current, now: now, policy: policy)
    for key in purged { state.entries[key] = nil }
    // This replica's own writes that the quota shows (of its writes alone): the same set
    // however often the same files are merged, so merging again changes nothing.
    let ownWrites = state.entries.filter { $0.value.replica == own.replica }
    let shown = Set(quota.visible(ownWrites).values.keys)
    let (kept, cut) = bounded(state.entries, keeping: shown, quota: quota)
    state.entries = kept
    refused.formUnion(cut)
    return Outcome(
      state: state, heldBack: heldBack, staleReplicas: stale, purged: purged,
      refused: refused.sorted(), ignoredReplicas: ignored)
  }

  /// The tombstones that may go: older than the retention period, and seen by every replica
  /// still active — one whose clock moved within the retention period. (A replica away for
  /// longer no longer holds the purge back; docs/cloud.md says what that costs.)
  static func purgeable(
    _ state: ReplicaState, replicas: [ReplicaState], now: Int64, policy: Policy
  ) -> [String] {
    let active = replicas.filter {
      now.saturatingSubtracting($0.clock.wall) <= policy.tombstoneRetention
    }
    var keys: [String] = []
    for (key, entry) in state.entries where entry.isDeleted {
      guard now.saturatingSubtracting(entry.timestamp.wall) > policy.tombstoneRetention else {
        continue
      }
      let seenByAll = active.allSatisfy { replica in
        let seen = replica.replica == entry.replica ? replica.clock : replica.seen[entry.replica]
        return (seen ?? .zero) >= entry.timestamp
      }
      let seenHere =
        entry.replica == state.replica || (state.seen[entry.replica] ?? .zero) >= entry.timestamp
      if seenByAll && seenHere { keys.append(key) }
    }
    return keys.sorted()
  }
}

extension CloudMerge {
  /// Two versions of one replica's file merged into one — what git's merge driver does when
  /// two machines share a replica id and both changed its file: every key's winner, the
  /// later clock, the later of each replica seen. (The common ancestor adds nothing: each
  /// version already holds everything it knew.)
  package static func mergeVersions(_ ours: ReplicaState, _ theirs: ReplicaState) -> ReplicaState {
    var merged = ours
    merged.entries = join(ours.entries, theirs.entries)
    merged.clock = max(ours.clock, theirs.clock)
    for (replica, stamp) in theirs.seen {
      merged.seen[replica] = max(merged.seen[replica] ?? .zero, stamp)
    }
    return merged
  }
}
