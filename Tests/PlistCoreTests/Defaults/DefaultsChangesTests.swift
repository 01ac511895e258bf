import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PlistCore

/// Collects a change stream in a task; tests wait for a number of changes, bounded in time.
final class ChangeCollector: Sendable {
  private final class Received: Sendable {
    let changes = Mutex<[DefaultsChange]>([])
  }

  private let received = Received()
  private let task: Task<Void, Never>

  init(_ stream: AsyncStream<DefaultsChange>) {
    let received = self.received
    task = Task {
      for await change in stream { received.changes.withLock { $0.append(change) } }
    }
  }

  deinit { task.cancel() }

  /// Waits until at least `count` changes have arrived (or a minute has passed: see
  /// `eventually`), and returns them all.
  func wait(for count: Int) async -> [DefaultsChange] {
    _ = await eventually { all.count >= count }
    return all
  }

  var all: [DefaultsChange] { received.changes.withLock { $0 } }
}

@Suite("Defaults: changes of effective values")
struct DefaultsChangesTests {
  /// Each step changes files as another program would (written, replaced by rename,
  /// deleted, the directory re-created) or through this process's Defaults; each change of
  /// an effective value arrives once, and a sentinel key proves that nothing else arrived.
  @Test func everyEffectiveChangeArrivesOnceWithItsLayerAndOrigin() async throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults("com.example.watched")
    defaults.registerFactoryDefaults(["WatchedHeading": 90.0])
    // Registrations are process-wide, and other tests register keys of their own.
    let collector = ChangeCollector(
      defaults.changes(forKeys: ["HPMapType", "WatchedHeading", "AppleLocale", "sentinel"]))
    var expected: [DefaultsChange] = []

    func step(_ change: () throws -> Void, _ more: [DefaultsChange]) async throws {
      try change()
      expected += more
      let got = await collector.wait(for: expected.count)
      #expect(got == expected)
    }

    let file = "com.example.watched.plist"
    try await step(
      { try box.write(file, ["HPMapType": 1]) },
      [
        DefaultsChange(
          key: "HPMapType", oldValue: nil, newValue: 1, layer: .app(.any), origin: .otherProcess)
      ])
    try await step(
      { defaults.set(2, forKey: "HPMapType") },
      [
        DefaultsChange(
          key: "HPMapType", oldValue: 1, newValue: 2, layer: .app(.any), origin: .thisProcess)
      ])
    // Replaced by a rename, one key changed and one the same: one change.
    try await step(
      {
        try box.write("replacement.tmp", ["HPMapType": 2, "WatchedHeading": 45.0])
        #expect(rename(box.root + "/replacement.tmp", box.root + "/" + file) == 0)
      },
      [
        DefaultsChange(
          key: "WatchedHeading", oldValue: 90.0, newValue: 45.0, layer: .app(.any),
          origin: .otherProcess)
      ])
    // Deleted: the factory default shows through again.
    try await step(
      { box.remove(file) },
      [
        DefaultsChange(
          key: "HPMapType", oldValue: 2, newValue: nil, layer: nil, origin: .otherProcess),
        DefaultsChange(
          key: "WatchedHeading", oldValue: 45.0, newValue: 90.0, layer: .schema,
          origin: .otherProcess),
      ])
    // The global domain shows through.
    try await step(
      { try box.write(".GlobalPreferences.plist", ["AppleLocale": "en_GB"]) },
      [
        DefaultsChange(
          key: "AppleLocale", oldValue: nil, newValue: "en_GB", layer: .global(.any),
          origin: .otherProcess)
      ])
    // The whole directory deleted and made again.
    try await step(
      {
        try FileManager.default.removeItem(atPath: box.root)
        try FileManager.default.createDirectory(atPath: box.root, withIntermediateDirectories: true)
        try box.write(file, ["HPMapType": 3])
      },
      [
        DefaultsChange(
          key: "AppleLocale", oldValue: "en_GB", newValue: nil, layer: nil, origin: .otherProcess),
        DefaultsChange(
          key: "HPMapType", oldValue: nil, newValue: 3, layer: .app(.any), origin: .otherProcess),
      ])
    // Memory layers, and a set that changes nothing (no change), then a sentinel.
    try await step(
      {
        defaults.set(3, forKey: "HPMapType")
        defaults.setVolatileDomain(["HPMapType": 4], forName: "session")
      },
      [
        DefaultsChange(
          key: "HPMapType", oldValue: 3, newValue: 4, layer: .volatile("session"),
          origin: .thisProcess)
      ])
    try await step(
      { defaults.set("done", forKey: "sentinel") },
      [
        DefaultsChange(
          key: "sentinel", oldValue: nil, newValue: "done", layer: .app(.any), origin: .thisProcess)
      ])
  }

  /// A UI relies on this: each write this process makes is one change, in order, however
  /// quickly they follow each other, a value set and set back included. The watch is held
  /// in its first report while the writes are made, so that it meets them all at once (a
  /// watch that only compared the files then saw three writes as one, and a set-then-reset
  /// as nothing).
  @Test func eachOfThisProcesssWritesIsReportedOnceInOrder() async throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults("com.example.quick")
    let held = DispatchSemaphore(value: 0)
    let changes = Mutex<[DefaultsChange]>([])
    let observation = defaults.observeChanges(
      forKeys: ["a", "b"],
      onChange: { change in
        let first = changes.withLock { list in
          list.append(change)
          return list.count == 1
        }
        if first { held.wait() }
      }, onEnd: {})
    defer { observation.cancel() }
    defaults.set(0, forKey: "a")
    #expect(await eventually { changes.withLock { $0.count } == 1 })
    defaults.set(1, forKey: "a")
    defaults.set(2, forKey: "a")
    defaults.set(3, forKey: "a")
    defaults.set(true, forKey: "b")
    defaults.removeObject(forKey: "b")  // set and reset at once
    try defaults.batch {
      $0.set(4, forKey: "a")
      $0.set("x", forKey: "b")
    }
    defaults.set(4, forKey: "a")  // no change of value: nothing
    defaults.set(5, forKey: "a")
    held.signal()
    let expected: [(String, PlistValue?, PlistValue?)] = [
      ("a", nil, 0), ("a", 0, 1), ("a", 1, 2), ("a", 2, 3), ("b", nil, true), ("b", true, nil),
      ("a", 3, 4), ("b", nil, "x"), ("a", 4, 5),
    ]
    #expect(await eventually { changes.withLock { $0.count } >= expected.count })
    // Nothing more arrives once the files are compared too.
    defaults.set("sentinel", forKey: "b")
    #expect(await eventually { changes.withLock { $0.count } == expected.count + 1 })
    let got = changes.withLock { $0 }
    #expect(got.count == expected.count + 1)
    for (change, (key, old, new)) in zip(got, expected) {
      #expect(change.key == key && change.oldValue == old && change.newValue == new)
      #expect(change.origin == .thisProcess && change.layer == (new == nil ? nil : .app(.any)))
    }
  }

  /// Replacing or removing a domain on the search list reports the keys it changed: a
  /// suite's, and the global domain's where nothing before it sets the key.
  @Test func aPersistentDomainReplacedOrRemovedReportsItsKeys() async throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults("com.example.app")
    defaults.addSuite(named: "com.example.group")
    try box.write("com.example.group.plist", ["shared": 1, "gone": true])
    try box.write(".GlobalPreferences.plist", ["AppleLocale": "en_GB"])
    let collector = ChangeCollector(
      defaults.changes(forKeys: ["shared", "gone", "new", "AppleLocale"]))
    try defaults.setPersistentDomain(["shared": 2, "new": "n"], forName: "com.example.group")
    try defaults.removePersistentDomain(forName: "NSGlobalDomain")
    try defaults.removePersistentDomain(forName: "com.example.group")
    defaults.set("sentinel", forKey: "new")
    let got = await collector.wait(for: 7)
    #expect(
      got.map {
        "\($0.key) \($0.oldValue?.displayText ?? "-") → \($0.newValue?.displayText ?? "-")"
      }
        == [
          "gone YES → -", "new - → n", "shared 1 → 2", "AppleLocale en_GB → -", "new n → -",
          "shared 2 → -", "new - → sentinel",
        ])
    #expect(got.allSatisfy { $0.origin == .thisProcess })
  }

  /// The preferences directory and its parent both missing when the observation starts (a
  /// fresh account): the nearest existing ancestor is watched, and the watch moves down as
  /// another program makes the directories, so its file written into them is seen.
  @Test func aPreferencesDirectoryMadeAfterTheObservationStartsIsSeen() async throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let (defaults, root) = try box.freshAccount("ann")
    let collector = ChangeCollector(defaults.changes(forKeys: ["k"]))
    try box.makeAndWrite(root, ["k": 1])
    let got = await collector.wait(for: 1)
    #expect(got.map(\.key) == ["k"])
    #expect(got.first?.origin == .otherProcess)
  }

  /// The events of a search list's watcher that concern it: a layer's file written or
  /// removed, the preferences directory removed. Not another file in a watched directory,
  /// such as the shell's history beside `~/.config`: for each of those the Settings app read
  /// and redrew, and the change stream read every layer again.
  @Test func onlyEventsOnTheSearchListsFilesConcernIt() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults("com.example.names")
    let watcher = try Platform.makeWatcher()
    defer { Platform.closeQuietly(watcher) }
    let names = defaults.watchSearchList(with: watcher)
    // Each change queues its events before it returns: they are there to read.
    func concerns(_ change: () throws -> Void) throws -> Bool {
      try change()
      return names.concern(try Platform.readEvents(watcher))
    }
    let history = URL(fileURLWithPath: box.directory.path("history"))
    #expect(try !concerns { try Data("ls\n".utf8).write(to: history) })
    #expect(try !concerns { try box.write("com.example.other.plist", ["k": 1]) })
    #expect(try concerns { try box.write("com.example.names.plist", ["k": 1]) })
    #expect(try concerns { try box.write(".GlobalPreferences.plist", ["k": 1]) })
    #expect(try concerns { box.remove("com.example.names.plist") })
    #expect(try concerns { box.remove(box.root) })
  }

  /// A suite added after the observation starts is watched from then on: its file, written
  /// by another program, is seen. (The stream names the files its events must concern again
  /// at the wake-up the addition sends; it named them only after events, so a suite's file
  /// written before any other event was taken for someone else's.)
  @Test func aSuiteAddedAfterTheObservationStartsIsWatched() async throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults("com.example.app")
    try box.write("com.example.late.plist", ["shared": 1])
    let collector = ChangeCollector(defaults.changes(forKeys: ["shared"]))
    defaults.addSuite(named: "com.example.late")
    // The suite's value shows: the stream has taken the addition's wake-up, with no event.
    #expect(await collector.wait(for: 1).map(\.newValue) == [1])
    try box.write("com.example.late.plist", ["shared": 2])
    let got = await collector.wait(for: 2)
    #expect(got.map(\.newValue) == [1, 2])
    #expect(got.last?.origin == .otherProcess)
  }

  /// Another program stopped between truncating a suite's file and writing it, for longer
  /// than a read waits: the stream reports no change of the file's keys meanwhile (a change
  /// made elsewhere, the sentinel, shows that it looked), then the save once it is written.
  /// It used to report the key gone, and then back.
  @Test func aSaveHeldOpenPastTheWaitReportsNoKeyGone() async throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults("com.example.app")
    defaults.addSuite(named: "com.example.suite")
    try box.write("com.example.suite.plist", ["shared": 1])
    let collector = ChangeCollector(defaults.changes(forKeys: ["shared", "sentinel"]))
    let handle = try #require(FileHandle(forWritingAtPath: box.root + "/com.example.suite.plist"))
    try handle.truncate(atOffset: 0)
    try box.write("com.example.app.plist", ["sentinel": 1])
    #expect(await collector.wait(for: 1).map(\.key) == ["sentinel"])
    try handle.write(
      contentsOf: Data(try PropertyList.encode(.dictionary(["shared": 2]), as: .xml)))
    try handle.close()
    let got = await collector.wait(for: 2)
    #expect(got.map(\.key) == ["sentinel", "shared"])
    #expect(got.map(\.newValue) == [1, 2])
  }

  @Test func onlyTheKeysAskedForAreReported() async throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults("com.example.keys")
    let collector = ChangeCollector(defaults.changes(forKeys: ["wanted"]))
    defaults.set(1, forKey: "unwanted")
    defaults.set(2, forKey: "wanted")
    let got = await collector.wait(for: 1)
    #expect(got.map(\.key) == ["wanted"])
  }

  /// The calls the stream is built on: changes, then one end after `cancel()`, and nothing
  /// after the end, not even for a change made then; a cancel after the end signals no
  /// descriptor.
  @Test func anObservationEndsOnceWhenCancelled() async throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults("com.example.cancelled")
    // The values that arrived, and nil for the end.
    let events = Mutex<[PlistValue?]>([])
    let observation = defaults.observeChanges(
      forKeys: ["key"], onChange: { change in events.withLock { $0.append(change.newValue) } },
      onEnd: { events.withLock { $0.append(nil) } })
    defaults.set(1, forKey: "key")
    #expect(await eventually { events.withLock { $0 } == [1] })
    observation.cancel()
    observation.cancel()
    #expect(await eventually { events.withLock { $0 } == [1, nil] })
    #expect(!writesStrayBytes(in: box.directory) { observation.cancel() })
    defaults.set(2, forKey: "key")
    // A sentinel observation sees the later change; the cancelled one must not have.
    let sentinel = ChangeCollector(defaults.changes(forKeys: ["key"]))
    defaults.set(3, forKey: "key")
    #expect(await sentinel.wait(for: 1).map(\.newValue) == [3])
    #expect(events.withLock { $0 } == [1, nil])
  }
}
