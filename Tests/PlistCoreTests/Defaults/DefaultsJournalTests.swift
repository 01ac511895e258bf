#if os(Linux)
  import Foundation
  import Synchronization
  import Testing

  @testable import PlistCore

  /// A stream's look at the files may wait on another program's save (five seconds for one
  /// held open); this process's writes go on meanwhile, and the stream still sees each of
  /// them once: in its entries or in the look it keeps, never in neither.
  @Suite("Defaults: the journal of this process's writes")
  struct DefaultsJournalTests {
    /// The journal is process-wide, and other tests write while this one runs: entries are
    /// told apart by a path of this test's own.
    let path = "/nonexistent/journal-test-\(UUID().uuidString).plist"

    /// Records a write of `key` from another thread, as a `set` on another thread does, and
    /// waits (ten seconds at most) for it: whether it was recorded in that time.
    func recordFromAnotherThread(_ key: String) -> Bool {
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async { [path] in
        try? DefaultsJournal.recording(path: path, .keys([key: .integer(1)])) {}
        done.signal()
      }
      // When it does not come in time it waits for this very look, so it is not waited for
      // to the end: the look goes on and lets it in.
      return done.wait(timeout: .now() + 10) == .success
    }

    func keys(in entries: [DefaultsJournal.Entry]) -> [String] {
      entries.filter { $0.path == path }.flatMap { entry -> [String] in
        guard case .keys(let keys) = entry.change else { return [] }
        return Array(keys.keys)
      }
    }

    @Test func aWriteDuringAStreamsLookIsRecordedAndReadOnce() throws {
      let wakeup = try Platform.makeWakeup()
      defer {
        DefaultsJournal.stop(wakeup)
        Platform.closeWakeup(wakeup)
      }
      DefaultsJournal.start(wakeup) {}
      var looks = 0
      var inTime = false
      // The look the journal keeps sees the write made during its first look.
      let kept = DefaultsJournal.read(wakeup) { entries in
        looks += 1
        if looks == 1 { inTime = recordFromAnotherThread("during") }
        return entries
      }
      #expect(inTime)
      #expect(looks >= 2)
      #expect(keys(in: kept) == ["during"])
      #expect(keys(in: DefaultsJournal.read(wakeup) { $0 }).isEmpty)
    }

    @Test func aWriteDuringAStreamsFirstLookIsInTheLookItKeeps() throws {
      let wakeup = try Platform.makeWakeup()
      defer {
        DefaultsJournal.stop(wakeup)
        Platform.closeWakeup(wakeup)
      }
      var looks = 0
      var inTime = false
      DefaultsJournal.start(wakeup) {
        looks += 1
        if looks == 1 { inTime = recordFromAnotherThread("during") }
      }
      #expect(inTime)
      #expect(looks >= 2)
      // Looked at again after the write, so the stream's first snapshot holds it.
      #expect(keys(in: DefaultsJournal.read(wakeup) { $0 }).isEmpty)
      #expect(recordFromAnotherThread("after"))
      #expect(keys(in: DefaultsJournal.read(wakeup) { $0 }) == ["after"])
    }
  }
#endif
