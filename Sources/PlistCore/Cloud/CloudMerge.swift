/// How replicas' knowledge combines. The core is `join`: per key, the winning entry
/// (`CloudEntry.wins(over:)`). It is commutative, associative and idempotent, so replicas
/// that have merged the same files hold the same entries whatever the order, repetition or
/// delay of the syncs that brought them. Around it, `merge` keeps two promises the join
/// alone cannot: entries from a clock far in the future are held back, not trusted, and
/// tombstones that every replica has seen are purged after the retention period.
public enum CloudMerge {
  /// The entries of both, each key's winner kept.
  public static func join(_ a: [String: CloudEntry], _ b: [String: CloudEntry])
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
  public struct Policy: Sendable, Equatable {
    /// How far ahead of this machine's clock an entry's time may be before it is held back
    /// (left in its replica's file, merged once the clocks agree within this bound).
    public var maximumClockSkew: Int64
    /// How long a tombstone is kept at least, in milliseconds.
    public var tombstoneRetention: Int64

    /// The defaults: one hour of skew; tombstones kept 30 days.
    public init(maximumClockSkew: Int64 = 3_600_000, tombstoneRetention: Int64 = 2_592_000_000) {
      self.maximumClockSkew = maximumClockSkew
      self.tombstoneRetention = tombstoneRetention
    }
  }

  /// What a merge produced.
  public struct Outcome: Sendable {
    /// The replica's new state (its file is rewritten when `entries` changed).
    public var state: ReplicaState
    /// Entries held back for a clock too far ahead, by key.
    public var heldBack: [String: CloudEntry]
    /// Replicas whose file was older than one already merged (a stale copy), skipped.
    public var staleReplicas: [ReplicaID]
    /// Keys whose tombstones were purged.
    public var purged: [String]
  }

  /// Merges other replicas' files into one replica's state.
  ///
  /// - Parameters:
  ///   - own: The merging replica's state.
  ///   - others: The other replicas' files (one per replica; its own is ignored here).
  ///   - now: This machine's clock, in milliseconds since 1970.
  ///   - policy: The skew bound and tombstone retention.
  /// - Returns: The new state and what was held back, skipped and purged.
  public static func merge(
    _ own: ReplicaState, with others: [ReplicaState], now: Int64, policy: Policy
  ) -> Outcome {
    var state = own
    var heldBack: [String: CloudEntry] = [:]
    var stale: [ReplicaID] = []
    var current: [ReplicaState] = []
    let horizon = now.saturatingAdding(policy.maximumClockSkew)
    for other in others where other.replica != own.replica {
      if let seen = own.seen[other.replica], other.clock < seen {
        stale.append(other.replica)
        continue
      }
      current.append(other)
      var trusted: [String: CloudEntry] = [:]
      for (key, entry) in other.entries {
        if entry.timestamp.wall > horizon {
          if let held = heldBack[key], !entry.wins(over: held) { continue }
          heldBack[key] = entry
        } else {
          trusted[key] = entry
        }
      }
      state.entries = join(state.entries, trusted)
      state.seen[other.replica] = max(state.seen[other.replica] ?? .zero, other.clock)
    }
    // Receiving is an event for the clock: past everything merged, so that a write made
    // after this merge beats every write it has seen, whatever this machine's clock says.
    for entry in state.entries.values where entry.timestamp > state.clock {
      state.clock = entry.timestamp
    }
    let purged = purgeable(state, replicas: current, now: now, policy: policy)
    for key in purged { state.entries[key] = nil }
    return Outcome(state: state, heldBack: heldBack, staleReplicas: stale, purged: purged)
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
  public static func mergeVersions(_ ours: ReplicaState, _ theirs: ReplicaState) -> ReplicaState {
    var merged = ours
    merged.entries = join(ours.entries, theirs.entries)
    merged.clock = max(ours.clock, theirs.clock)
    for (replica, stamp) in theirs.seen {
      merged.seen[replica] = max(merged.seen[replica] ?? .zero, stamp)
    }
    return merged
  }
}
