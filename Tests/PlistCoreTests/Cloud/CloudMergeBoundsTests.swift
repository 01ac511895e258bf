import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// What a merge takes from other replicas and keeps (issue 24, point 8): only what could
/// ever be visible, in a bounded state, the same on every replica, with nothing deleted
/// coming back.
@Suite struct CloudMergeBoundsTests {
  static let own = replicaID("a")
  static let now: Int64 = 1_790_000_000_000
  static let quota = CloudQuota.standard
  static let policy = CloudMerge.Policy()

  /// A replica's state of `count` keys `prefix0…`, each `valueBytes` bytes of data (a
  /// tombstone when nil), the newest at `wall` and one millisecond apart.
  static func flood(
    _ replica: ReplicaID, count: Int, valueBytes: Int?, wall: Int64, prefix: String
  ) -> ReplicaState {
    var state = ReplicaState(replica: replica)
    state.clock = CloudTimestamp(wall: wall)
    for index in 0..<count {
      let value = valueBytes.map { PlistValue.data(PlistData(Array(repeating: 7, count: $0))) }
      state.entries["\(prefix)\(index)"] = CloudEntry(
        value: value, timestamp: CloudTimestamp(wall: wall - Int64(index)), replica: replica)
    }
    return state
  }

  static func merge(_ own: ReplicaState, _ others: [ReplicaState]) -> CloudMerge.Outcome {
    CloudMerge.merge(own, with: others, now: now, policy: policy, quota: quota)
  }

  @Test func entriesThatCouldNeverBeVisibleOrBeWrittenAreRefused() throws {
    var other = ReplicaState(replica: replicaID("b"))
    other.clock = CloudTimestamp(wall: Self.now)
    var deep = PlistValue.integer(1)
    for _ in 0..<(PropertyList.maximumDepth - 2) { deep = .array([deep]) }
    let values: [String: PlistValue?] = [
      String(repeating: "k", count: 65): 1, String(repeating: "t", count: 65): nil,
      "big": .data(PlistData(Array(repeating: 1, count: Self.quota.maximumTotalBytes))),
      "deep": deep, "date": .date(PlistDate(secondsSince1970: .nan)), "ok": 1,
      "gone": nil,
    ]
    for (key, value) in values {
      other.entries[key] = CloudEntry(value: value, timestamp: other.clock, replica: other.replica)
    }
    let outcome = Self.merge(ReplicaState(replica: Self.own), [other])
    #expect(Set(outcome.state.entries.keys) == ["ok", "gone"])
    #expect(outcome.refused == values.keys.filter { $0 != "ok" && $0 != "gone" }.sorted())
    // What was taken, this replica's file holds: it writes and reads back.
    let bytes = try PropertyList.encode(outcome.state.propertyList, as: .xml)
    #expect(try ReplicaState(PropertyList.decode(bytes).value, source: "f") == outcome.state)
  }

  @Test func theMergedStateStaysBoundedWhateverOthersHold() throws {
    var own = ReplicaState(replica: Self.own)
    for index in 0..<3 {
      let stamp = CloudTimestamp(wall: Self.now - 100_000 + Int64(index))
      own.entries["mine\(index)"] = CloudEntry(
        value: .string("mine"), timestamp: stamp, replica: Self.own)
      own.clock = stamp
    }
    let values = Self.flood(
      replicaID("b"), count: 20_000, valueBytes: 700, wall: Self.now, prefix: "v")
    let deletions = Self.flood(
      replicaID("c"), count: 5_000, valueBytes: nil, wall: Self.now - 5_000, prefix: "d")
    let outcome = Self.merge(own, [values, deletions])
    let state = outcome.state
    #expect(state.entries.count <= CloudMerge.maximumEntries(Self.quota) + 3)
    let fileBytes = try PropertyList.encode(state.propertyList, as: .xml).count
    #expect(fileBytes < ReplicaState.maximumFileSize / 2, "\(fileBytes) bytes")
    // This replica's own writes stay; what shows is what the unbounded join shows.
    for index in 0..<3 { #expect(state.entries["mine\(index)"] == own.entries["mine\(index)"]) }
    let unbounded = CloudMerge.join(own.entries, CloudMerge.join(values.entries, deletions.entries))
    #expect(Self.quota.visible(state.entries).values == Self.quota.visible(unbounded).values)
    #expect(!outcome.refused.isEmpty && outcome.refused.count + state.entries.count == 25_003)
  }

  /// The fuzz target's first finding: own writes pushed out of view by a flood were kept
  /// the first time (shown before the merge) and cut the second; the kept own writes are now
  /// those the quota shows of this replica's writes alone, the same every time.
  @Test func mergingTheSameFilesAgainChangesNothingWhenOwnWritesLeaveTheView() {
    let quota = CloudQuota(maximumKeys: 4, maximumTotalBytes: 200, maximumKeyBytes: 8)
    var own = ReplicaState(replica: Self.own)
    for key in ["m", "n"] {
      own.entries[key] = CloudEntry(
        value: 1, timestamp: CloudTimestamp(wall: Self.now - 20_000), replica: Self.own)
    }
    let flood = Self.flood(replicaID("b"), count: 100, valueBytes: 30, wall: Self.now, prefix: "f")
    let once = CloudMerge.merge(
      own, with: [flood], now: Self.now, policy: Self.policy, quota: quota)
    let twice = CloudMerge.merge(
      once.state, with: [flood], now: Self.now, policy: Self.policy, quota: quota)
    #expect(once.state.entries["m"] != nil && once.state.entries["n"] != nil)
    #expect(twice.state == once.state)
  }

  /// The fuzz target's second finding: a tombstone purged after the bound had taken a place
  /// that, once it was gone, the next merge gave to another entry. Purged first, it takes
  /// none.
  @Test func mergingAgainChangesNothingWhenATombstoneIsPurged() {
    let quota = CloudQuota(maximumKeys: 2, maximumTotalBytes: 200, maximumKeyBytes: 8)
    let policy = CloudMerge.Policy(maximumClockSkew: 3_600_000, tombstoneRetention: 1_000)
    var own = ReplicaState(replica: Self.own)
    let deletedAt = CloudTimestamp(wall: Self.now - 10_000)
    own.entries["gone"] = CloudEntry(value: nil, timestamp: deletedAt, replica: Self.own)
    var other = Self.flood(replicaID("b"), count: 15, valueBytes: nil, wall: Self.now, prefix: "t")
    other.seen[Self.own] = deletedAt
    other.entries["old"] = CloudEntry(
      value: 1, timestamp: CloudTimestamp(wall: Self.now - 50_000), replica: other.replica)
    let once = CloudMerge.merge(own, with: [other], now: Self.now, policy: policy, quota: quota)
    let twice = CloudMerge.merge(
      once.state, with: [other], now: Self.now, policy: policy, quota: quota)
    #expect(once.purged == ["gone"])
    #expect(twice.state == once.state)
  }

  @Test func aDeletedValueStaysDeletedWhenTheBoundCutsItsTombstone() {
    var deleted = ReplicaState(replica: replicaID("c"))
    deleted.entries["k"] = CloudEntry(
      value: nil, timestamp: CloudTimestamp(wall: Self.now - 50_000), replica: deleted.replica)
    var old = ReplicaState(replica: replicaID("d"))
    old.entries["k"] = CloudEntry(
      value: "old", timestamp: CloudTimestamp(wall: Self.now - 90_000), replica: old.replica)
    let flood = Self.flood(
      replicaID("b"), count: 10_000, valueBytes: nil, wall: Self.now, prefix: "f")
    let first = Self.merge(ReplicaState(replica: Self.own), [flood, deleted, old]).state
    #expect(first.entries["k"] == nil)
    // The tombstone's file gone, the old value is still ranked after the bound.
    let second = Self.merge(first, [flood, old]).state
    #expect(second.entries["k"] == nil && Self.quota.visible(second.entries).values["k"] == nil)
    #expect(Self.merge(second, [old]).state.entries["k"] == nil)
  }

  @Test func replicasMergingTheSameHostileFilesInAnyOrderHoldTheSameEntries() {
    let b = Self.flood(replicaID("b"), count: 6_000, valueBytes: 900, wall: Self.now, prefix: "k")
    var c = Self.flood(
      replicaID("c"), count: 6_000, valueBytes: nil, wall: Self.now + 2_500, prefix: "k")
    c.entries["k1"] = CloudEntry(
      value: .data(PlistData(Array(repeating: 1, count: 2_000_000))),
      timestamp: CloudTimestamp(wall: Self.now + 9), replica: c.replica)
    let e = Self.flood(replicaID("e"), count: 3_000, valueBytes: 5_000, wall: Self.now, prefix: "e")
    let files = [b, c, e]
    let first = ReplicaState(replica: Self.own)
    let second = ReplicaState(replica: replicaID("f"))
    let one = Self.merge(first, files).state
    let other = Self.merge(second, files.reversed()).state
    #expect(one.entries == other.entries)
    // One file at a time, in different orders, the files staying in the folder.
    let stepwise = Self.merge(Self.merge(Self.merge(first, [c]).state, [c, e]).state, files).state
    let otherway = Self.merge(Self.merge(second, [e]).state, [e, b, c]).state
    #expect(stepwise.entries == otherway.entries && stepwise.entries == one.entries)
    // Each other's files too; and merging again changes nothing.
    let both = Self.merge(stepwise, files + [otherway]).state
    #expect(both.entries == Self.merge(otherway, files + [stepwise]).state.entries)
    #expect(Self.merge(both, files + [otherway]).state == both)
  }

  @Test func seenIsBoundedAndReplicasPastTheFirstThousandAreIgnored() {
    let ids = (0..<(CloudMerge.maximumReplicas + 5)).compactMap { index in
      ReplicaID(String(repeating: "0", count: 24) + String(format: "%08x", index + 1))
    }
    let others = ids.map { id in
      var state = ReplicaState(replica: id)
      state.clock = CloudTimestamp(wall: Self.now)
      state.entries[id.text] = CloudEntry(value: 1, timestamp: state.clock, replica: id)
      return state
    }
    let outcome = Self.merge(ReplicaState(replica: Self.own), others.shuffled())
    #expect(outcome.ignoredReplicas == Array(ids.suffix(5)))
    #expect(outcome.state.seen.count == CloudMerge.maximumReplicas)
    #expect(outcome.state.entries.count == CloudMerge.maximumReplicas)
  }

  @Test func anotherReplicasFileOverTheCapIsRefused() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let id = replicaID("b")
    try root.write(
      "r.plist", bytes: Array(repeating: 0x20, count: ReplicaState.maximumFileSize + 1))
    #expect(
      throws: PlistError.inputTooLarge(
        source: root.path("r.plist"), limit: ReplicaState.maximumFileSize)
    ) {
      try ReplicaState.load(
        path: root.path("r.plist"), of: id, maximumSize: ReplicaState.maximumFileSize)
    }
  }

  @Test func aStoreFloodedByAnotherReplicaKeepsItsOwnFileBounded() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let transport = FolderTransport(folder: root.path("folder"))
    try transport.prepare()
    let clock = ManualClock()
    let store = CloudStore(
      name: "prefs", transport: transport, replica: Self.own, stateDirectory: root.path("state"),
      clock: clock.reading)
    try store.write(["mine": 1])
    clock.advance(milliseconds: 1_000)
    let now = clock.reading()
    let flood = Self.flood(replicaID("b"), count: 20_000, valueBytes: 600, wall: now, prefix: "f")
    try root.write(
      "folder/replicas/\(flood.replica.text).plist",
      bytes: PropertyList.encode(flood.propertyList, as: .binary))
    _ = try store.sync()
    clock.advance(milliseconds: 1_000)
    // A key shown already (a new one would push a shown one out, which the quota refuses).
    try store.write(["mine": 2])
    let size = try FileManager.default.attributesOfItem(atPath: store.ownFile)[.size] as? Int
    #expect((size ?? .max) < ReplicaState.maximumFileSize / 2, "\(size ?? -1) bytes")
    let state = try store.replicaState()
    #expect(state.entries.count <= CloudMerge.maximumEntries(.standard) + 1)
    #expect(try store.values()["mine"] == 2)
  }
}
