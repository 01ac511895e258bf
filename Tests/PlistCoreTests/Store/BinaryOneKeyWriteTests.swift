import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// A `write` of one key of a binary domain, which copies the rest of a canonical file
/// (`BinaryCanonicalDomain`), gives the same bytes and the same errors as the full read,
/// change and write: on canonical domains through a sequence of writes of every type, and on
/// files it must leave to the full write (other layouts, broken files).
@Suite("One-key write, binary")
struct BinaryOneKeyWriteTests {
  static let writes: [[String]] = [
    ["Key5", "-int", "7"], ["Key5", "-int", "7"], ["Key5", "-int", "255"], ["Key6", "-int", "256"],
    ["Key7", "-int", "65536"], ["Key8", "-int", "-1"], ["Key9", "-int", "18446744073709551615"],
    ["Key1", "-int", "4294967296"], ["A", "-bool", "yes"], ["A", "-bool", "no"],
    ["New", "-float", "2.5"], ["New", "-float", "-0"], ["Key1", "-date", "2020-01-01"],
    ["Key2", "-data", "0a0b0c"], ["Key3", "-string", "Key4"], ["Key4", "-string", "value 6"],
    ["value 6", "-string", "value 6"], ["Clé\u{10000}", "-string", "u😀"],
    ["Clé\u{E000}", "-string", "v"], ["", "-string", "empty"], ["Key5", "-string", "a&b<c>"],
    ["Key10", "-array-add", "x"], ["Key3", "-array-add", "x"], ["Key2", "-dict-add", "k", "1"],
    [":Key4:inner", "-int", "1"], [":Nested:inner", "-int", "1"], ["Key11", "-array", "1", "2"],
    ["Key12", "-int", "1"], ["Key12", "-string", "value 5"], ["Key0", "-int", "1"],
  ]

  static func canonical(_ value: PlistValue) throws -> [UInt8] {
    let bytes = try PropertyList.encode(value, as: .binary)
    #expect(bytes.withUnsafeBufferPointer { BinaryCanonicalDomain($0) } != nil)
    return bytes
  }

  @Test func canonicalDomains() throws {
    var domain = PlistDictionary()
    for i in 0..<40 {
      domain["Key\(i)"] =
        i % 4 == 0
        ? .string("value \(i % 8) é")
        : i % 4 == 1
          ? .integer(.init(Int64(i) - 20))
          : i % 4 == 2 ? .boolean(i % 3 == 0) : .string("value \(i)")
    }
    domain["Key3"] = .string("Key4")
    domain["Real"] = .real(0.1)
    domain["Date"] = .date(PlistDate(secondsSinceReferenceDate: 5))
    domain["Data"] = .data(PlistData([1, 2, 3]))
    try OneKeyWriteTests.check(try Self.canonical(.dictionary(domain)), writes: Self.writes, "40")
    domain["Key2"] = ["value 6", ["a": "Key4", "b": [1, 2.5]]]
    domain["Key10"] = ["x", "value 5"]
    domain["Nested"] = ["inner": "value 6", "Key4": ["value 6"]]
    try OneKeyWriteTests.check(
      try Self.canonical(.dictionary(domain)), writes: Self.writes, "containers")
    try OneKeyWriteTests.check(try Self.canonical(["Only": 1]), writes: Self.writes, "one key")
    try OneKeyWriteTests.check(
      try Self.canonical(.dictionary(PlistDictionary())), writes: Self.writes, "empty")
  }

  /// Scalar writes to a canonical binary domain are done by the one-key write itself (not
  /// left to the full write), and give the writer's bytes for the changed dictionary.
  @Test func scalarWritesTakeTheOneKeyWrite() throws {
    var domain: PlistDictionary = [
      "Key1": "a", "Key2": "a", "Key3": 3, "Key4": "Key1", "List": ["a", 3, ["b": "Key1"]],
    ]
    let (store, _, directory) = try OneKeyWriteTests.pair(try Self.canonical(.dictionary(domain)))
    defer { directory.remove() }
    let writes: [(String, PlistValue)] = [
      ("Key1", "b"), ("Key2", "b"), ("Key0", "Key4"), ("Key5", .real(2.5)), ("Key3", "a"),
      ("List", "a"), ("Key1", "Key1"),
      ("Key1", .data(PlistData([0xFF]))), ("Key9", .date(PlistDate(secondsSinceReferenceDate: 1))),
    ]
    for (key, value) in writes {
      #expect(try Self.patched(store, key, value))
      domain[key] = value
      #expect(
        try directory.read("one/com.example.d.plist")
          == PropertyList.encode(.dictionary(domain), as: .binary), "\(key)")
    }
    // A container is left to the full write.
    #expect(try !Self.patched(store, "K", [1]))
  }

  /// Whether the patch of one key (`patchOneKey`) writes `key` itself.
  static func patched(_ store: DomainStore, _ key: String, _ value: PlistValue) throws -> Bool {
    let target = store.path(of: OneKeyWriteTests.domain)
    let write = OneKeyWrite(operation: .set(value), path: PlistPath(topLevelKey: key))
    let outcome = try store.patchOneKey(
      write, at: target, replacing: Platform.identity(atPath: target))
    if case .done = outcome { return true }
    return false
  }

  /// An app that saves the file in place between the patch's read and its rename (as a
  /// running Foundation app does) makes the patch give way; the full update then starts from
  /// that save in the same attempt (it kept the identity from before the patch's read, and
  /// so was overtaken by the very save it had read, an attempt lost): two files written, one
  /// renamed, the app's key kept.
  @Test func aPatchOvertakenByAnAppsSaveIsDoneOnceInFull() throws {
    let bytes = try Self.canonical(["Key1": "a", "Key2": 2])
    let (store, _, directory) = try OneKeyWriteTests.pair(bytes)
    defer { directory.remove() }
    let path = store.path(of: OneKeyWriteTests.domain)
    let saved = try PropertyList.encode(["Key1": "a", "Key2": 2, "App": 1], as: .binary)
    let plan = FaultPlan()
    var saves = 0
    plan.atPause = { point in
      guard point == "before-rename", saves == 0 else { return }
      saves += 1
      // In place, as Foundation saves: the same file, truncated and written again.
      let handle = FileHandle(forWritingAtPath: path)
      handle?.truncateFile(atOffset: 0)
      handle?.write(Data(saved))
      handle?.closeFile()
    }
    try FaultPlan.$current.withValue(plan) {
      try store.write(.set(7), at: PlistPath(topLevelKey: "Key2"), in: OneKeyWriteTests.domain)
    }
    #expect(saves == 1)
    #expect(
      try PropertyList.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))), as: .binary)
        == ["Key1": "a", "Key2": 7, "App": 1])
    #expect(plan.counts[.rename] == 1)
    // The patch's file and the full update's, each written and synced once.
    #expect(plan.counts[.write] == 2 && plan.counts[.sync] == 2, "\(plan.counts)")
  }

  /// A write the patch declines goes on under the same lock, from the bytes it read: no
  /// more locks, opens or reads than the full write alone (it took the lock again and read
  /// the file twice).
  @Test func aDeclinedPatchReadsTheFileOnce() throws {
    let bytes = try Self.canonical(["Key1": "a", "Key2": 2])
    let (one, full, directory) = try OneKeyWriteTests.pair(bytes)
    defer { directory.remove() }
    let path = PlistPath(topLevelKey: "List")
    let patched = FaultPlan()
    try FaultPlan.$current.withValue(patched) {
      try one.write(.set([1, 2]), at: path, in: OneKeyWriteTests.domain)
    }
    let unpatched = FaultPlan()
    try FaultPlan.$current.withValue(unpatched) {
      try full.write(.set([1, 2]), at: path, in: OneKeyWriteTests.domain) { _ in }
    }
    #expect(
      try directory.read("one/com.example.d.plist") == directory.read("full/com.example.d.plist"))
    #expect(patched.counts[.lock] == 1)
    for point in [FaultPoint.lock, .open, .read] {
      #expect(
        patched.counts[point] == unpatched.counts[point],
        "\(point): \(patched.counts) \(unpatched.counts)")
    }
  }

  /// 127 keys with distinct values: 255 objects, and 256 or more after a write.
  @Test func referenceWidthBoundary() throws {
    var domain = PlistDictionary()
    for i in 0..<127 { domain["Key\(i)"] = .integer(.init(Int64(1000 + i))) }
    let writes = [["New", "-int", "1000"], ["New", "-int", "5"], ["Key0", "-int", "1001"]]
    try OneKeyWriteTests.check(try Self.canonical(.dictionary(domain)), writes: writes, "255")
  }

  @Test(arguments: ["TRUNCATED", "TRAILER", "REFERENCE", "NESTED", "UNSORTED", "CYCLE"])
  func filesLeftToTheFullWrite(kind: String) throws {
    var bytes = try PropertyList.encode(["Key1": "a", "Key5": 5, "Key9": true], as: .binary)
    let trailer = bytes.count - 32
    switch kind {
    case "TRUNCATED": bytes.removeLast(3)
    case "TRAILER": bytes[trailer + 6] = 9  // offset width beyond the table
    case "REFERENCE": bytes[9 + 3] = 0x7F  // a value referring past the objects
    case "NESTED":
      bytes = try PropertyList.encode(["Key1": ["a"], "Key5": 5], as: .binary)
    case "UNSORTED": bytes = Self.swappedKeys(bytes)
    default: bytes[9 + 3] = 0  // a value referring to the root
    }
    try OneKeyWriteTests.check(bytes, writes: Self.writes, kind)
  }

  /// A file with two keys whose key objects are swapped (so keys are out of order).
  static func swappedKeys(_ bytes: [UInt8]) -> [UInt8] {
    var swapped = bytes
    swapped[9] = 2
    swapped[10] = 1
    return swapped
  }
}
