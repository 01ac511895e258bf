import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// Random writes, deletes and syncs over three replicas, with syncs delivered late, twice, or
/// out of order: at the end every replica holds the same values, and they are what a plain
/// per-key last-writer-wins over every write made would give.
@Suite struct CloudConvergenceTests {
  /// Every write made: key → (value or nil, timestamp, replica), as the reference keeps them.
  private struct Reference {
    var writes: [String: [CloudEntry]] = [:]

    mutating func record(_ key: String, _ entry: CloudEntry) {
      writes[key, default: []].append(entry)
    }

    /// Per key, the write with the greatest (timestamp, replica); its value if not a delete.
    var values: [String: PlistValue] {
      var result: [String: PlistValue] = [:]
      for (key, entries) in writes {
        let winner = entries.max { ($0.timestamp, $0.replica) < ($1.timestamp, $1.replica) }
        if let value = winner?.value { result[key] = value }
      }
      return result
    }
  }

  /// A folder replicated by a simulated sync tool: each replica has its own copy of the
  /// folder, and the test delivers replicas' files between them.
  @Test(arguments: [1, 2, 3, 4, 5])
  func replicasOfAReplicatedFolderConverge(seed: UInt64) throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    var random = SeededGenerator(seed: seed)
    let machines = try (0..<3).map { index -> Machine in
      let machine = Machine("m\(index)", in: root)
      machine.clock.advance(milliseconds: Int64(index) * 7)
      try machine.attach(.folder(root.path("folder\(index)")))
      return machine
    }
    let stores = try machines.map { try $0.store }
    var history: [[[UInt8]]] = Array(repeating: [], count: 3)
    var reference = Reference()
    func snapshot(_ index: Int) throws {
      if let bytes = try? Data(contentsOf: URL(fileURLWithPath: stores[index].ownFile)) {
        history[index].append(Array(bytes))
      }
    }
    func deliver(from source: Int, to target: Int, latest: Bool) throws {
      guard !history[source].isEmpty, source != target else { return }
      let pick =
        latest
        ? history[source].count - 1 : Int.random(in: 0..<history[source].count, using: &random)
      let folder = stores[target].transport.replicasDirectory
      let name = stores[source].replica.text + ".plist"
      // As a sync tool does: a temporary file, renamed into place.
      let temporary = folder + "/.syncthing.\(name).tmp"
      try Data(history[source][pick]).write(to: URL(fileURLWithPath: temporary))
      #expect(rename(temporary, folder + "/" + name) == 0)
    }
    for _ in 0..<150 {
      let index = Int.random(in: 0..<3, using: &random)
      machines[index].clock.advance(milliseconds: Int64.random(in: -5...20, using: &random))
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        let key = "k\(Int.random(in: 0..<6, using: &random))"
        let value: PlistValue? =
          Int.random(in: 0..<4, using: &random) == 0
          ? nil : .integer(PlistInteger(Int.random(in: 0..<100, using: &random)))
        try stores[index].write([key: value])
        reference.record(key, try stores[index].replicaState().entries[key]!)
        try snapshot(index)
      case 4..<8:
        try deliver(
          from: Int.random(in: 0..<3, using: &random), to: index,
          latest: Int.random(in: 0..<3, using: &random) != 0)
      default:
        _ = try stores[index].sync()
        try snapshot(index)
      }
    }
    // Finally the tool catches up: every replica's latest file everywhere, twice over.
    for _ in 0..<2 {
      for target in 0..<3 {
        for source in 0..<3 { try deliver(from: source, to: target, latest: true) }
        _ = try stores[target].sync()
        try snapshot(target)
      }
    }
    let expected = reference.values
    for store in stores { #expect(try store.values() == expected) }
  }

  /// The same over a real git remote: random writes and syncs, and never a merge commit.
  @Test func replicasOfAGitRemoteConvergeWithoutAConflict() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let server = try makeBareRepository(in: root)
    var random = SeededGenerator(seed: 42)
    let machines = try (0..<3).map { index -> Machine in
      let machine = Machine("g\(index)", in: root)
      try machine.attach(server)
      return machine
    }
    var reference = Reference()
    for _ in 0..<40 {
      let index = Int.random(in: 0..<3, using: &random)
      machines[index].clock.advance(milliseconds: Int64.random(in: -5...20, using: &random))
      if Bool.random(using: &random) {
        let key = "k\(Int.random(in: 0..<4, using: &random))"
        let value: PlistValue? =
          Bool.random(using: &random) ? nil : .string("v\(Int.random(in: 0..<9, using: &random))")
        let store = try machines[index].store
        try store.write([key: value])
        reference.record(key, try store.replicaState().entries[key]!)
      } else {
        try machines[index].sync()
      }
    }
    for _ in 0..<2 { for machine in machines { try machine.sync() } }
    for machine in machines { #expect(try machine.values == reference.values) }
    #expect(try mergeCommits(in: server) == 0)
  }
}

/// A small deterministic generator (SplitMix64), so a failing seed can be replayed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
