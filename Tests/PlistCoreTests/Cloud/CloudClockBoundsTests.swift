import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// Hostile clocks in other replicas' files (issue 24, point 7): what a file may hold is
/// bounded, the clock's tick never traps, and no arithmetic of the merge overflows.
@Suite struct CloudClockBoundsTests {
  static let own = replicaID("a")
  static let hostile = replicaID("e")
  static let now: Int64 = 1_790_000_000_000
  static let extremes: [Int64] = [
    .min, .min + 1, -1, 0, 1, CloudTimestamp.maximumCounter, CloudTimestamp.maximumWall,
    .max - 1, .max,
  ]

  /// A replica's file as another machine would write it: one entry at `wall.counter`, the
  /// file's clock and a `seen` stamp as given.
  static func file(
    entry: (wall: Int64, counter: Int64), clock: (wall: Int64, counter: Int64)? = nil,
    seen: (wall: Int64, counter: Int64)? = nil
  ) -> PlistValue {
    func stamp(_ s: (wall: Int64, counter: Int64)) -> [(String, PlistValue)] {
      [("time", .integer(PlistInteger(s.wall))), ("counter", .integer(PlistInteger(s.counter)))]
    }
    let clock = clock ?? entry
    var seenSection = PlistDictionary()
    if let seen { seenSection[own.text] = .dictionary(PlistDictionary(stamp(seen))) }
    let item = PlistDictionary(stamp(entry) + [("replica", .string(hostile.text)), ("value", 1)])
    return .dictionary(
      PlistDictionary(
        [
          ("format", 1), ("replica", .string(hostile.text)), ("seen", .dictionary(seenSection)),
          ("entries", .dictionary(["k": .dictionary(item)])),
        ] + stamp(clock)))
  }

  @Test func aFileWithATimestampOutOfBoundsIsRefused() throws {
    let bad: [(wall: Int64, counter: Int64)] = [
      (Self.now, Int64.max), (Self.now, CloudTimestamp.maximumCounter + 1),
      (CloudTimestamp.maximumWall + 1, 0), (Int64.max, Int64.max),
    ]
    for stamp in bad {
      #expect(throws: PlistError.invalidCloudFile(path: "f", .badEntry("entries", "k"))) {
        try ReplicaState(Self.file(entry: stamp, clock: (Self.now, 0)), source: "f")
      }
      #expect(throws: PlistError.invalidCloudFile(path: "f", .badEntry("seen", Self.own.text))) {
        try ReplicaState(
          Self.file(entry: (Self.now, 0), clock: (Self.now, 0), seen: stamp), source: "f")
      }
      #expect(throws: PlistError.invalidCloudFile(path: "f", .missingField("time"))) {
        try ReplicaState(Self.file(entry: (Self.now, 0), clock: stamp), source: "f")
      }
    }
    let edge = (wall: CloudTimestamp.maximumWall, counter: CloudTimestamp.maximumCounter)
    let state = try ReplicaState(Self.file(entry: edge, seen: edge), source: "f")
    #expect(state.clock == CloudTimestamp(wall: edge.wall, counter: edge.counter))
  }

  @Test func theTickNeverTrapsAndStaysInBounds() {
    for wall in Self.extremes {
      for counter in Self.extremes {
        for now in Self.extremes {
          let stamp = CloudTimestamp(wall: wall, counter: counter)
          let next = stamp.tick(now: now)
          #expect(next >= stamp || next.wall <= CloudTimestamp.maximumWall)
          if stamp.isWithinBounds {
            #expect(next.isWithinBounds)
            #expect(next > stamp || stamp == .maximum, "\(stamp) ticked to \(next)")
          }
        }
      }
    }
    let top = CloudTimestamp(wall: Self.now, counter: CloudTimestamp.maximumCounter)
    #expect(top.tick(now: Self.now) == CloudTimestamp(wall: Self.now + 1))
    #expect(CloudTimestamp.maximum.tick(now: .max) == .maximum)
  }

  @Test func theMergeNeverOverflowsWhateverTheClocksAndPolicy() {
    for wall in Self.extremes {
      for counter in [Int64.min, 0, Int64.max] {
        var other = ReplicaState(replica: Self.hostile)
        other.clock = CloudTimestamp(wall: wall, counter: counter)
        other.seen[Self.own] = other.clock
        other.entries["k"] = CloudEntry(value: 1, timestamp: other.clock, replica: Self.hostile)
        other.entries["gone"] = CloudEntry(
          value: nil, timestamp: other.clock, replica: Self.hostile)
        var own = ReplicaState(replica: Self.own)
        own.entries["gone"] = CloudEntry(value: nil, timestamp: other.clock, replica: Self.own)
        for now in Self.extremes {
          for bound in [Int64.min, -1, 0, Int64.max] {
            let policy = CloudMerge.Policy(maximumClockSkew: bound, tombstoneRetention: bound)
            let merged = CloudMerge.merge(own, with: [other], now: now, policy: policy).state
            _ = merged.clock.tick(now: now)
          }
        }
      }
    }
  }

  @Test func aWriteAfterMergingAHostileFileSucceedsAndIsLater() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let transport = FolderTransport(folder: root.path("folder"))
    try transport.prepare()
    let clock = ManualClock()
    let store = CloudStore(
      name: "prefs", transport: transport, replica: Self.own, stateDirectory: root.path("state"),
      quota: .standard, policy: CloudMerge.Policy(), clock: clock.reading)
    // Within the skew bound, the largest counter a file may hold; and one over it.
    let near = Self.now + 60_000
    let accepted = Self.file(entry: (near, CloudTimestamp.maximumCounter))
    let refused = Self.file(entry: (near, Int64.max))
    try root.write(
      "folder/replicas/\(Self.hostile.text).plist",
      bytes: PropertyList.encode(accepted, as: .xml))
    let hostile2 = replicaID("f")
    let refusedBytes = try PropertyList.encode(refused, as: .xml)
    try root.write(
      "folder/replicas/\(hostile2.text).plist",
      bytes: Array(
        String(decoding: refusedBytes, as: UTF8.self)
          .replacingOccurrences(of: Self.hostile.text, with: hostile2.text).utf8))
    let report = try store.sync()
    #expect(report.ignored.map(\.name) == ["\(hostile2.text).plist"])
    try store.write(["mine": 2])
    let state = try store.replicaState()
    let mine = try #require(state.entries["mine"])
    #expect(mine.timestamp > state.entries["k"]?.timestamp ?? .zero)
    #expect(mine.timestamp == CloudTimestamp(wall: near + 1))
    #expect(try store.values()["mine"] == 2)
  }
}
