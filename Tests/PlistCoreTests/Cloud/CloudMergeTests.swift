import Testing

@testable import PlistCore

/// The merge's algebra, checked directly, and the rules around it (tombstones, skew).
@Suite struct CloudMergeTests {
  private static let replicas = (1...3).compactMap {
    ReplicaID(String(repeating: "\($0)", count: 32))
  }

  /// Random entry maps over a few keys, with ties in time to exercise the tie-breaks.
  private static func randomEntries(_ generator: inout some RandomNumberGenerator)
    -> [String: CloudEntry]
  {
    var entries: [String: CloudEntry] = [:]
    for key in ["a", "b", "c", "d"] where Bool.random(using: &generator) {
      let value: PlistValue? =
        Int.random(in: 0..<4, using: &generator) == 0
        ? nil : .integer(PlistInteger(Int.random(in: 0..<3, using: &generator)))
      entries[key] = CloudEntry(
        value: value,
        timestamp: CloudTimestamp(
          wall: Int64.random(in: 0..<3, using: &generator),
          counter: Int64.random(in: 0..<2, using: &generator)),
        replica: replicas[Int.random(in: 0..<replicas.count, using: &generator)])
    }
    return entries
  }

  @Test func joinIsCommutativeAssociativeAndIdempotent() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let a = Self.randomEntries(&generator)
      let b = Self.randomEntries(&generator)
      let c = Self.randomEntries(&generator)
      #expect(CloudMerge.join(a, b) == CloudMerge.join(b, a))
      #expect(
        CloudMerge.join(CloudMerge.join(a, b), c) == CloudMerge.join(a, CloudMerge.join(b, c)))
      #expect(CloudMerge.join(a, a) == a)
      #expect(CloudMerge.join(CloudMerge.join(a, b), b) == CloudMerge.join(a, b))
    }
  }

  @Test func theLaterTimestampThenTheGreaterReplicaWins() {
    let early = CloudEntry(value: 1, timestamp: CloudTimestamp(wall: 5), replica: Self.replicas[2])
    let late = CloudEntry(
      value: 2, timestamp: CloudTimestamp(wall: 5, counter: 1), replica: Self.replicas[0])
    let tie = CloudEntry(
      value: 3, timestamp: CloudTimestamp(wall: 5, counter: 1), replica: Self.replicas[1])
    #expect(late.wins(over: early) && !early.wins(over: late))
    #expect(tie.wins(over: late) && !late.wins(over: tie))
    let deletion = CloudEntry(
      value: nil, timestamp: CloudTimestamp(wall: 6), replica: Self.replicas[0])
    #expect(deletion.wins(over: tie), "a later delete beats an older write")
  }

  @Test func theClockTicksPastEverythingMerged() {
    let stamp = CloudTimestamp(wall: 100, counter: 4)
    #expect(stamp.tick(now: 50) == CloudTimestamp(wall: 100, counter: 5))
    #expect(stamp.tick(now: 200) == CloudTimestamp(wall: 200))
    var own = ReplicaState(replica: Self.replicas[0])
    var other = ReplicaState(replica: Self.replicas[1])
    other.clock = CloudTimestamp(wall: 1_000, counter: 2)
    other.entries["k"] = CloudEntry(value: 1, timestamp: other.clock, replica: other.replica)
    own = CloudMerge.merge(own, with: [other], now: 10, policy: .init()).state
    #expect(own.clock == other.clock)
    #expect(own.seen[other.replica] == other.clock)
  }

  @Test func aStaleCopyOfAReplicasFileIsNotMergedAgain() {
    var own = ReplicaState(replica: Self.replicas[0])
    own.seen[Self.replicas[1]] = CloudTimestamp(wall: 500)
    var stale = ReplicaState(replica: Self.replicas[1])
    stale.clock = CloudTimestamp(wall: 400)
    stale.entries["k"] = CloudEntry(value: 1, timestamp: stale.clock, replica: stale.replica)
    let outcome = CloudMerge.merge(own, with: [stale], now: 1_000, policy: .init())
    #expect(outcome.staleReplicas == [Self.replicas[1]])
    #expect(outcome.state.entries.isEmpty)
  }

  @Test func tombstonesArePurgedOnlyWhenOldAndSeenByEveryActiveReplica() {
    let day: Int64 = 86_400_000
    let policy = CloudMerge.Policy(maximumClockSkew: 3_600_000, tombstoneRetention: 30 * day)
    let deletedAt = CloudTimestamp(wall: 10 * day)
    var own = ReplicaState(replica: Self.replicas[0])
    own.clock = deletedAt
    own.entries["gone"] = CloudEntry(value: nil, timestamp: deletedAt, replica: own.replica)
    var other = ReplicaState(replica: Self.replicas[1])
    other.clock = CloudTimestamp(wall: 39 * day)
    // Not old enough yet.
    #expect(CloudMerge.merge(own, with: [other], now: 20 * day, policy: policy).purged.isEmpty)
    // Old enough, but the other replica, active, has not seen it.
    #expect(CloudMerge.merge(own, with: [other], now: 41 * day, policy: policy).purged.isEmpty)
    // Once it has, the tombstone goes.
    other.seen[own.replica] = deletedAt
    #expect(CloudMerge.merge(own, with: [other], now: 41 * day, policy: policy).purged == ["gone"])
    // A replica away longer than the retention no longer holds it back.
    var away = ReplicaState(replica: Self.replicas[2])
    away.clock = CloudTimestamp(wall: 1 * day)
    #expect(
      CloudMerge.merge(own, with: [other, away], now: 41 * day, policy: policy).purged == ["gone"])
  }

  @Test func replicaFilesRoundTripAndMalformedOnesAreNamed() throws {
    var state = ReplicaState(replica: Self.replicas[0])
    state.clock = CloudTimestamp(wall: 7, counter: 1)
    state.seen[Self.replicas[1]] = CloudTimestamp(wall: 3)
    state.entries["v"] = CloudEntry(
      value: ["a": [1, true]], timestamp: state.clock, replica: Self.replicas[1])
    state.entries["d"] = CloudEntry(
      value: nil, timestamp: CloudTimestamp(wall: 2), replica: Self.replicas[0])
    let bytes = try PropertyList.encode(state.propertyList, as: .xml)
    #expect(try ReplicaState(PropertyList.decode(bytes).value, source: "f") == state)
    #expect(throws: PlistError.invalidCloudFile(path: "f", .missingField("format"))) {
      try ReplicaState(["replica": .string(Self.replicas[0].text)], source: "f")
    }
    #expect(throws: PlistError.invalidCloudFile(path: "f", .newerFormat(2))) {
      try ReplicaState(["format": 2], source: "f")
    }
  }
}
