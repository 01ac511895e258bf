import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// The seeds' limits: refused before anything is stored, re-checked after a merge.
@Suite struct CloudQuotaTests {
  private func folderMachine(_ label: String, _ root: TemporaryDirectory) throws -> Machine {
    let machine = Machine(label, in: root)
    try machine.attach(.folder(root.path("shared")))
    return machine
  }

  @Test func the1025thKeyA65ByteKeyAndAValueOver1MBAreRefusedChangingNothing() async throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let a = try folderMachine("a", root)
    let store = try a.store
    var batch: [String: PlistValue?] = [:]
    for index in 0..<1024 { batch["key\(index)"] = .integer(PlistInteger(index)) }
    try store.write(batch)
    let before = try Data(contentsOf: URL(fileURLWithPath: store.ownFile))
    let changes = store.changes()
    #expect(throws: PlistError.quotaExceeded(.keyCount(limit: 1024))) {
      try store.write(["one too many": 1])
    }
    let long = String(repeating: "k", count: 65)
    #expect(throws: PlistError.quotaExceeded(.keyLength(key: long, limit: 64))) {
      try store.write([long: 1])
    }
    let huge = PlistValue.data(PlistData(Array(repeating: 7, count: 1_048_576)))
    do {
      try store.write(["key1": nil, "big": huge])
      Issue.record("a value over 1 MB was stored")
    } catch .quotaExceeded(.totalSize(let needed, let limit)) {
      #expect(needed > limit && limit == 1_048_576)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: store.ownFile)) == before, "nothing stored")
    try store.write(["key0": nil])
    try store.write([String(repeating: "k", count: 64): 1])
    #expect(try store.values().count == 1024)
    #expect(
      await firstChanges(changes, count: 3) == [
        CloudChange(reason: .quotaViolation, keys: ["one too many"]),
        CloudChange(reason: .quotaViolation, keys: [long]),
        CloudChange(reason: .quotaViolation, keys: ["big", "key1"]),
      ])
  }

  @Test func twoReplicasOf600DisjointKeysMergeToTheSame1024WithAQuotaViolation() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let a = try folderMachine("a", root)
    let b = try folderMachine("b", root)
    var fromA: [String: PlistValue?] = [:]
    var fromB: [String: PlistValue?] = [:]
    for index in 0..<600 {
      fromA["a\(index)"] = .integer(PlistInteger(index))
      fromB["b\(index)"] = .integer(PlistInteger(index))
    }
    try a.store.write(fromA)
    b.clock.advance(milliseconds: 1)
    try b.store.write(fromB)
    let changesA = try a.sync()
    let changesB = try b.sync()
    try a.sync()
    let valuesA = try a.values
    #expect(valuesA.count == 1024)
    #expect(try b.values == valuesA)
    // B's batch is newer: all of it is kept, and the newest-first rule fills the rest from A's.
    #expect(valuesA.keys.filter { $0.hasPrefix("b") }.count == 600)
    let dropped = Set((0..<600).map { "a\($0)" }).subtracting(valuesA.keys)
    #expect(dropped.count == 176)
    #expect(changesA.contains(CloudChange(reason: .quotaViolation, keys: dropped.sorted())))
    #expect(changesB.contains(CloudChange(reason: .quotaViolation, keys: dropped.sorted())))
    // Nothing is destroyed: A's file still has every one of its keys.
    #expect(try a.store.replicaState().entries.count == 1200)
  }
}
