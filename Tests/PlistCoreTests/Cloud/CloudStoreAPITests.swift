import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PlistCore

/// `CloudStore` used as docs/cloud.md shows it, with Apple's shape: the calls compile as
/// written there, and do what it says.
@Suite struct CloudStoreAPITests {
  @Test func theDocumentedCallsWorkAsAnAppUsesThem() async throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let here = Machine("here", in: root)
    let there = Machine("there", in: root)
    try here.attach(.folder(root.path("shared")))
    try there.attach(.folder(root.path("shared")))
    let store = try here.store
    store.set(1, forKey: "HPMapType")
    try store.write(["lat": 52.5, "lon": 13.4])
    #expect(store.longLong(forKey: "HPMapType") == 1)
    #expect(store.double(forKey: "lat") == 52.5)
    #expect(store.string(forKey: "HPMapType") == "1")
    #expect(store.lastError == nil)
    store.set(String(repeating: "x", count: 10), forKey: String(repeating: "k", count: 65))
    #expect(
      store.lastError
        == .quotaExceeded(.keyLength(key: String(repeating: "k", count: 65), limit: 64)))
    let changes = store.changes(syncingEvery: nil)
    try there.store.write(["HPLocation": ["lat": 1.5]])
    #expect(
      await firstChanges(changes, count: 1) == [
        CloudChange(reason: .serverChange, keys: ["HPLocation"])
      ])
    #expect(store.dictionary(forKey: "HPLocation") == ["lat": 1.5])
    store.removeObject(forKey: "lat")
    #expect(store.dictionaryRepresentation.keys.sorted() == ["HPLocation", "HPMapType", "lon"])
    #expect(store.synchronize())
  }

  /// The calls the stream is built on: a change, one end after `cancel()`, and the store
  /// keeps no observer after it; a stream whose consumer is gone lets go of its observer too.
  @Test func anObservationEndsOnceAndLetsGoWhenCancelled() async throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let here = Machine("here", in: root)
    let there = Machine("there", in: root)
    try here.attach(.folder(root.path("shared")))
    try there.attach(.folder(root.path("shared")))
    let store = try here.store
    let events = Mutex<[String]>([])
    let observation = store.observeChanges(
      onChange: { change in events.withLock { $0.append(change.keys.joined()) } },
      onEnd: { events.withLock { $0.append("end") } })
    try there.store.write(["HPMapType": 1])
    #expect(await eventually { events.withLock { $0 } == ["HPMapType"] })
    observation.cancel()
    #expect(await eventually { events.withLock { $0 } == ["HPMapType", "end"] })
    #expect(store.shared.withLock { $0.listeners.isEmpty })
    do {
      let stream = store.changes()
      #expect(store.shared.withLock { $0.listeners.count } == 1)
      _ = stream
    }
    #expect(await eventually { store.shared.withLock { $0.listeners.isEmpty } })
  }
}
