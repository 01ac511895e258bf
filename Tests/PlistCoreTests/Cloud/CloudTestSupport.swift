import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PlistCore

/// A clock the test sets: milliseconds since 1970, starting at a fixed moment.
final class ManualClock: Sendable {
  private let now = Mutex<Int64>(1_790_000_000_000)

  /// The reading.
  var reading: @Sendable () -> Int64 { { self.now.withLock { $0 } } }

  /// Moves the clock (backwards too).
  func advance(milliseconds: Int64) {
    now.withLock { $0 += milliseconds }
  }
}

/// One machine of a test: its own XDG directories, its own clock, one store attached.
struct Machine {
  let directories: CloudDirectories
  let clock: ManualClock
  let name: String

  init(_ label: String, in root: TemporaryDirectory, clock: ManualClock = ManualClock()) {
    let base = root.path(label)
    directories = CloudDirectories(
      configuration: base + "/config/plistctl", state: base + "/state/plistctl",
      data: base + "/data/plistctl")
    self.clock = clock
    name = "prefs"
  }

  /// Attaches the store; returns the first sync's changes.
  @discardableResult
  func attach(_ location: CloudLocation) throws -> [CloudChange] {
    try CloudStore.attach(
      name, to: location, directories: directories, clock: clock.reading
    ).1.changes
  }

  /// The attached store.
  var store: CloudStore {
    get throws {
      try CloudStore.attached(named: name, directories: directories, clock: clock.reading)
    }
  }

  /// Syncs; returns its changes.
  @discardableResult
  func sync() throws -> [CloudChange] {
    let report = try store.sync()
    #expect(report.inSync)
    return report.changes
  }

  func set(_ key: String, _ value: PlistValue) throws { try store.write([key: value]) }
  func remove(_ key: String) throws { try store.write([key: nil]) }
  var values: [String: PlistValue] { get throws { try store.values() } }
}

/// A bare git repository on local disk: the "server" of a store.
func makeBareRepository(in root: TemporaryDirectory) throws -> CloudLocation {
  let path = root.path("store.git")
  let result = try ChildProcess.run(
    URL(fileURLWithPath: "/usr/bin/git"), ["init", "-q", "--bare", "-b", "main", path])
  #expect(result.status == 0, "\(result.stderr)")
  return .git("file://" + path)
}

/// The commits of the bare repository that have more than one parent (a merge: none should
/// ever be needed), and whether any file in its history has conflict markers.
func mergeCommits(in location: CloudLocation) throws -> Int {
  guard case .git(let url) = location else { return 0 }
  let path = String(url.dropFirst("file://".count))
  let result = try ChildProcess.run(
    URL(fileURLWithPath: "/usr/bin/git"), ["-C", path, "rev-list", "--merges", "--all", "--count"])
  return Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
}

/// The first `count` changes a stream delivers, waiting at most `limit`, pauses left out
/// (fewer if it runs out).
func firstChanges(
  _ stream: AsyncStream<CloudChange>, count: Int, within limit: Duration = .seconds(60)
) async -> [CloudChange] {
  await withTaskGroup(of: [CloudChange]?.self) { group in
    group.addTask {
      var changes: [CloudChange] = []
      for await change in stream {
        changes.append(change)
        if changes.count == count { break }
      }
      return changes
    }
    group.addTask {
      await waitOut(limit)
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first ?? []
  }
}

/// The replica id of 32 times one hex digit (`replicaID("a")`), for tests that name replicas.
func replicaID(_ digit: Character) -> ReplicaID {
  guard let id = ReplicaID(String(repeating: digit, count: 32)) else {
    preconditionFailure("\(digit) is not a lowercase hex digit")
  }
  return id
}
