import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// The scenarios, on one machine and no network: a bare git repository on local disk
/// is the server, each replica has its own XDG directories and its own clock.
@Suite struct CloudScenarioTests {
  /// Two machines attached to one new bare repository.
  private func attachedPair() throws -> (TemporaryDirectory, CloudLocation, Machine, Machine) {
    let root = try TemporaryDirectory()
    let server = try makeBareRepository(in: root)
    let a = Machine("a", in: root)
    let b = Machine("b", in: root)
    try a.attach(server)
    try b.attach(server)
    return (root, server, a, b)
  }

  @Test func aValueSetOnOneReplicaReachesTheOtherAsAServerChange() throws {
    let (root, server, a, b) = try attachedPair()
    defer { root.remove() }
    try a.set("HPMapType", 1)
    try a.sync()
    #expect(try b.sync() == [CloudChange(reason: .serverChange, keys: ["HPMapType"])])
    #expect(try b.values["HPMapType"] == 1)
    #expect(try b.sync() == [], "a sync that changes nothing brings nothing")
    #expect(try a.sync() == [], "own writes are not external changes")
    #expect(try mergeCommits(in: server) == 0)
  }

  @Test func theLaterOfTwoOfflineWritesWinsOnBothWhicheverSyncsFirst() throws {
    for aFirst in [true, false] {
      let root = try TemporaryDirectory()
      defer { root.remove() }
      let server = try makeBareRepository(in: root)
      let a = Machine("a", in: root)
      let b = Machine("b", in: root)
      try a.attach(server)
      try b.attach(server)
      try a.set("k", 2)
      b.clock.advance(milliseconds: 5_000)
      try b.set("k", 3)
      if aFirst {
        try a.sync()
        #expect(try b.sync() == [])
        #expect(try a.sync() == [CloudChange(reason: .serverChange, keys: ["k"])])
      } else {
        try b.sync()
        #expect(try a.sync() == [CloudChange(reason: .serverChange, keys: ["k"])])
        #expect(try b.sync() == [])
      }
      #expect(try a.values["k"] == 3)
      #expect(try b.values["k"] == 3)
      #expect(try mergeCommits(in: server) == 0)
    }
  }

  @Test func aCausallyLaterWriteWinsOverAClockTenMinutesFast() throws {
    let (root, _, a, b) = try attachedPair()
    defer { root.remove() }
    a.clock.advance(milliseconds: 600_000)
    try a.set("k", "from A")
    try a.sync()
    try b.sync()
    b.clock.advance(milliseconds: 1_000)
    try b.set("k", "from B, after seeing A")
    try b.sync()
    try a.sync()
    #expect(try a.values["k"] == "from B, after seeing A")
    #expect(try b.values["k"] == "from B, after seeing A")
  }

  @Test func aClockFarAheadIsHeldBackNotTrusted() throws {
    let (root, _, a, b) = try attachedPair()
    defer { root.remove() }
    a.clock.advance(milliseconds: 48 * 3_600_000)
    try a.set("k", "from the future")
    try a.sync()
    let report = try b.store.sync()
    #expect(report.changes.isEmpty)
    #expect(report.heldBack["k"]?.value == "from the future")
    #expect(try b.values["k"] == nil)
    try b.set("other", 1)
    #expect(try b.store.replicaState().clock.wall < a.clock.reading(), "B's clock did not jump")
    // Once B's clock is within the bound of A's, the entry is merged.
    b.clock.advance(milliseconds: 48 * 3_600_000)
    #expect(try b.sync() == [CloudChange(reason: .serverChange, keys: ["k"])])
  }

  @Test func aDeleteBeatsAnOlderOfflineWriteAndLosesToANewerOne() throws {
    let (root, _, a, b) = try attachedPair()
    defer { root.remove() }
    try a.set("k", 1)
    try a.sync()
    try b.sync()
    // B writes offline, then A deletes later.
    b.clock.advance(milliseconds: 1_000)
    try b.set("k", 2)
    a.clock.advance(milliseconds: 2_000)
    try a.remove("k")
    try a.sync()
    try b.sync()
    try a.sync()
    #expect(try a.values["k"] == nil)
    #expect(try b.values["k"] == nil)
    // A newer write after the delete brings the key back everywhere.
    b.clock.advance(milliseconds: 5_000)
    try b.set("k", 3)
    try b.sync()
    #expect(try a.sync() == [CloudChange(reason: .serverChange, keys: ["k"])])
    #expect(try a.values["k"] == 3)
  }

  @Test func aNewReplicasFirstSyncIsOneInitialSync() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let server = try makeBareRepository(in: root)
    let a = Machine("a", in: root)
    try a.attach(server)
    try a.store.write(["a": 1, "b": "two", "c": [true, 2.5]])
    try a.sync()
    let c = Machine("c", in: root)
    #expect(try c.attach(server) == [CloudChange(reason: .initialSync, keys: ["a", "b", "c"])])
    #expect(try c.values == ["a": 1, "b": "two", "c": [true, 2.5]])
    #expect(try c.sync() == [])
  }

  @Test func reattachingToAnotherStoreIsAnAccountChange() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let first = try makeBareRepository(in: root)
    let secondPath = root.path("second.git")
    _ = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/git"), ["init", "-q", "--bare", "-b", "main", secondPath])
    let second = CloudLocation.git("file://" + secondPath)
    let other = Machine("other", in: root)
    try other.attach(second)
    try other.store.write(["shared": "second store", "only-second": 1])
    try other.sync()
    let a = Machine("a", in: root)
    try a.attach(first)
    try a.store.write(["shared": "first store", "only-first": 1])
    try a.sync()
    // Later timestamps in the old store do not matter: the values are replaced.
    a.clock.advance(milliseconds: 60_000)
    #expect(
      try a.attach(second)
        == [CloudChange(reason: .accountChange, keys: ["only-first", "only-second", "shared"])])
    #expect(try a.values == ["shared": "second store", "only-second": 1])
  }

  @Test func twoMachinesSharingAReplicaIDStillMergeTheirCopies() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let server = try makeBareRepository(in: root)
    let a = Machine("a", in: root)
    let b = Machine("b", in: root)
    try a.attach(server)
    // B's state directory is a copy of A's: the same replica id.
    try FileManager.default.createDirectory(
      atPath: b.directories.state, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: a.directories.state + "/replica-id", toPath: b.directories.state + "/replica-id")
    try b.attach(server)
    try a.set("x", 1)
    try a.sync()
    b.clock.advance(milliseconds: 1_000)
    try b.set("y", 2)
    try b.sync()
    try a.sync()
    #expect(try a.values == ["x": 1, "y": 2])
    #expect(try b.values == ["x": 1, "y": 2])
  }
}
