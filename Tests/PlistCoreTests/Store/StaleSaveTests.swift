import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// The store against a program that saves a domain in place, as Foundation's `synchronize()`
/// does: the mark that remembers such a program, the check after a write that makes again
/// what its stale save undid, and reads that wait for a whole version of a file being saved.
/// The "app" here is the test itself, saving in place at chosen moments; the Foundation app
/// itself is in CLITests (RunningAppTests).
@Suite("Domain store: an app's stale saves")
struct StaleSaveTests {
  static let domain = (try? Domain(named: "com.example.app")) ?? .global

  /// A store in a fresh directory, the domain's path, and the directory to remove.
  static func store() throws -> (DomainStore, String, TemporaryDirectory) {
    let directory = try TemporaryDirectory()
    let store = try DomainStore(root: directory.path("config"))
    try FileManager.default.createDirectory(
      atPath: store.root, withIntermediateDirectories: true)
    return (store, store.path(of: domain), directory)
  }

  /// Saves a dictionary in place, as Foundation does: the same file, truncated and written.
  static func saveInPlace(_ dictionary: PlistDictionary, at path: String) throws {
    let bytes = try PropertyList.encode(.dictionary(dictionary), as: .xml)
    if !FileManager.default.fileExists(atPath: path) {
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
    }
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(bytes))
    try handle.close()
  }

  static func read(_ path: String) throws -> PlistDictionary? {
    try DomainStore.read(path)?.dictionary
  }

  // MARK: - The mark

  /// A time `second` seconds after 1970 with a part below the second, as a file identity.
  static func identity(second: Int64, nanoseconds: Int64) -> FileIdentity {
    FileIdentity(
      device: 1, inode: 2, size: 3, modified: second * 1_000_000_000 + nanoseconds, changed: 0)
  }

  @Test func aStampIsWholeMillisecondsAndCarriesTheMinuteAnAppSaved() {
    let now = 1_800_000_000
    let minute = (now / 60) % 999
    // No file; a stamp without a mark.
    #expect(AppSaveMark.mark(replacing: nil, atSecond: now) == nil)
    let plain = Self.identity(second: 1_800_000_001, nanoseconds: 0)
    #expect(plain.isStamped && plain.appSaveMark == nil)
    #expect(AppSaveMark.mark(replacing: plain, atSecond: now) == nil)
    // A file saved in place in the last ten minutes: the minute of that save.
    let saved = Self.identity(second: Int64(now - 10), nanoseconds: 123_456_789)
    #expect(!saved.isStamped)
    #expect(AppSaveMark.mark(replacing: saved, atSecond: now) == ((now - 10) / 60) % 999)
    let lastHour = Self.identity(second: Int64(now - 600), nanoseconds: 123_456_789)
    #expect(AppSaveMark.mark(replacing: lastHour, atSecond: now) == nil)
    // A mark is carried for ten minutes after the app's save, then dropped.
    let marked = Self.identity(
      second: 1_800_000_001, nanoseconds: Int64(AppSaveMark.nanoseconds(minute)))
    #expect(marked.isStamped && marked.appSaveMark == minute)
    #expect(AppSaveMark.mark(replacing: marked, atSecond: now + 9 * 60) == minute)
    #expect(AppSaveMark.mark(replacing: marked, atSecond: now + 10 * 60) == nil)
    // Minute 998 is followed by minute 0.
    let late = Self.identity(second: 1, nanoseconds: Int64(AppSaveMark.nanoseconds(998)))
    #expect(AppSaveMark.mark(replacing: late, atSecond: 60 * 999 * 5 + 60 * 5) == 998)
    #expect(AppSaveMark.nanoseconds(nil) == 0 && AppSaveMark.nanoseconds(998) == 999_000_000)
  }

  @Test func aWriteOverAnInPlaceSaveLeavesTheMarkAndAWriteOverAStampNone() throws {
    let (store, path, directory) = try Self.store()
    defer { directory.remove() }
    try store.update(Self.domain) { $0["a"] = 1 }
    #expect(Platform.identity(atPath: path)?.appSaveMark == nil)
    try store.update(Self.domain) { $0["a"] = 2 }
    #expect(Platform.identity(atPath: path)?.appSaveMark == nil)
    try Self.saveInPlace(["a": 2, "app": 1], at: path)
    try store.update(Self.domain) { $0["a"] = 3 }
    let mark = try #require(Platform.identity(atPath: path)?.appSaveMark)
    // The next write replaces a stamp, and carries the mark on.
    try store.update(Self.domain) { $0["a"] = 4 }
    #expect(Platform.identity(atPath: path)?.appSaveMark == mark)
    #expect(try Self.read(path) == ["a": 4, "app": 1])
  }

  // MARK: - The check after a write

  /// One write by the store, over a file the app saved in place (so the write is checked).
  static func writeOverAppSave(
    _ store: DomainStore, _ path: String, change: (inout PlistDictionary) -> Void
  ) throws -> DomainStore.Written {
    try Self.saveInPlace(["app": 1, "shared": "old", "gone": true], at: path)
    let written = try store.updateOnce(Self.domain) { change(&$0) }
    #expect(written.wrote && written.appSaveMark != nil)
    return written
  }

  @Test func changesAStaleSaveUndidAreMadeAgainAndTheAppsOwnKeep() throws {
    let (store, path, directory) = try Self.store()
    defer { directory.remove() }
    let written = try Self.writeOverAppSave(store, path) {
      $0["mine"] = 7
      $0["shared"] = "new"
      $0["gone"] = nil
    }
    // The app read the file before our rename and saves after it: its copy, with its own
    // change to "app", over ours.
    try Self.saveInPlace(["app": 2, "shared": "old", "gone": true], at: path)
    try store.keepAgainstStaleSaves(Self.domain, written)
    #expect(try Self.read(path) == ["app": 2, "mine": 7, "shared": "new"])
  }

  @Test func aKeyTheAppChangedItselfKeepsTheAppsValue() throws {
    let (store, path, directory) = try Self.store()
    defer { directory.remove() }
    let written = try Self.writeOverAppSave(store, path) {
      $0["mine"] = 7
      $0["shared"] = "new"
    }
    // The app set "shared" itself and saved after us: its save is the later one.
    try Self.saveInPlace(["app": 1, "shared": "app's", "gone": true], at: path)
    try store.keepAgainstStaleSaves(Self.domain, written)
    #expect(try Self.read(path) == ["app": 1, "mine": 7, "shared": "app's", "gone": true])
  }

  @Test func aSaveThatKeptOurChangesIsLeftAlone() throws {
    let (store, path, directory) = try Self.store()
    defer { directory.remove() }
    let written = try Self.writeOverAppSave(store, path) { $0["mine"] = 7 }
    // The app read our file first: its save holds our change.
    try Self.saveInPlace(["app": 2, "shared": "old", "gone": true, "mine": 7], at: path)
    let saved = Platform.identity(atPath: path)
    try store.keepAgainstStaleSaves(Self.domain, written)
    #expect(Platform.identity(atPath: path) == saved)
  }

  @Test func aFileLeftAsWrittenOrReplacedByAnotherWriterIsLeftAlone() throws {
    let (store, path, directory) = try Self.store()
    defer { directory.remove() }
    let written = try Self.writeOverAppSave(store, path) { $0["mine"] = 7 }
    let ours = Platform.identity(atPath: path)
    try store.keepAgainstStaleSaves(Self.domain, written)
    #expect(Platform.identity(atPath: path) == ours)
    // Another writer replaced it under the lock (from our file): its version stands.
    try store.update(Self.domain) { $0["mine"] = 8 }
    let theirs = Platform.identity(atPath: path)
    try store.keepAgainstStaleSaves(Self.domain, written)
    #expect(Platform.identity(atPath: path) == theirs)
    #expect(try Self.read(path)?["mine"] == 8)
  }

  @Test func aFileTheAppBroughtBackAfterTheLastKeyWentIsEmptiedAgain() throws {
    let (store, path, directory) = try Self.store()
    defer { directory.remove() }
    try Self.saveInPlace(["only": 1], at: path)
    let written = try store.updateOnce(Self.domain) { $0["only"] = nil }
    #expect(written.wrote && written.identity == nil)
    #expect(!FileManager.default.fileExists(atPath: path))
    // The app's save creates the file again, with the key.
    try Self.saveInPlace(["only": 1], at: path)
    try store.keepAgainstStaleSaves(Self.domain, written)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  /// The other way round: the app saves in place while a write is on its way (after the
  /// read, before the rename). The write starts again from the app's save, not over it.
  @Test func anAppsSaveDuringAWriteIsNotOverwritten() throws {
    let (store, path, directory) = try Self.store()
    defer { directory.remove() }
    try Self.saveInPlace(["app": 1], at: path)
    var reads = 0
    try store.update(Self.domain) { dictionary in
      reads += 1
      if reads == 1 { try? Self.saveInPlace(["app": 2, "appsNew": true], at: path) }
      dictionary["mine"] = 7
    }
    #expect(reads == 2)
    #expect(try Self.read(path) == ["app": 2, "appsNew": true, "mine": 7])
  }

  @Test func theKeysAWriteChanged() {
    let old: PlistDictionary = ["same": 1, "changed": 1, "removed": 1]
    let new: PlistDictionary = ["same": 1, "changed": 2, "added": 1]
    #expect(Set(DomainStore.changedKeys(from: old, to: new)) == ["changed", "removed", "added"])
  }

  // MARK: - Reading a file while an app saves it

  /// An app saving the file in place — truncated, then written — is caught half way: the
  /// read meets the file empty or with a part of the new text, and waits for the whole
  /// version rather than taking an empty domain or failing. The app finishes its save only
  /// once it has seen the read open the torn file (inotify), so the read meets it every time.
  @Test(arguments: [0, 1, 2])
  func aFileCaughtHalfSavedIsReadWhole(part: Int) throws {
    let (_, path, directory) = try Self.store()
    defer { directory.remove() }
    var dictionary = PlistDictionary()
    for index in 0..<300 { dictionary["Key\(index)"] = .string("value \(index)") }
    let bytes = Data(try PropertyList.encode(.dictionary(dictionary), as: .xml))
    // The save has begun: nothing yet, a third, or all but the closing tag.
    let torn = [0, bytes.count / 3, bytes.count - 9][part]
    try Self.saveInPlace(["old": 1], at: path)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: bytes.prefix(torn))
    let watch = try #require(OpenWatch(path))
    let app = Thread {
      watch.waitForAnOpen()
      try? handle.write(contentsOf: bytes.dropFirst(torn))
      try? handle.close()
    }
    app.start()
    #expect(try Self.read(path) == dictionary)
  }
}

extension StaleSaveTests {
  /// The app is descheduled between its truncation and its write, longer than the file must
  /// stay the same to count as saved (this lost a 300-key domain in a loaded test run: the
  /// write took the empty file for an empty domain and wrote back only its own key). While
  /// the app holds the file open for writing it is still being saved: the write waits for the
  /// save and keeps every key. The app waits for the write's rename (which, before, came
  /// about 100 ms after the truncation), a second at most, then finishes its save.
  @Test func anEmptyFileAnAppHoldsOpenIsNotAnEmptyDomain() throws {
    let (store, path, directory) = try Self.store()
    defer { directory.remove() }
    var dictionary = PlistDictionary()
    for index in 0..<300 { dictionary["Key\(index)"] = .string("value \(index)") }
    try Self.saveInPlace(dictionary, at: path)
    let bytes = Data(try PropertyList.encode(.dictionary(dictionary), as: .xml))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 0)
    let renames = try #require(OpenWatch(store.root, events: IN_MOVED_TO))
    let app = Thread {
      renames.waitForAnOpen(milliseconds: 1000)
      try? handle.write(contentsOf: bytes)
      try? handle.close()
    }
    app.start()
    try store.update(Self.domain) { $0["mine"] = 1 }
    var expected = dictionary
    expected["mine"] = 1
    #expect(try Self.read(path) == expected)
  }

  /// An app descheduled for 80 ms between its truncation and its write, which finishes its
  /// save (write, close) while the read scans for programs holding the file: the scan finds
  /// none, and the read took the empty file for an empty domain (a change stream once
  /// reported a key gone and back, under load). The read looks at the file again after the
  /// scan and reads the saved version.
  @Test func aSaveFinishedWhileTheReadLooksForWritersIsReadWhole() throws {
    #expect(try Self.readFinishingASave(at: "settling-before-writers-scan") == ["shared": 2])
  }

  /// Reads a domain file that an app has truncated, the app finishing its save (`shared` 2,
  /// where the file held 1) when the read reaches the pause point `point`, once.
  ///
  /// - Parameters:
  ///   - point: The read's pause point (`Platform.pauseIfAsked`).
  ///   - begun: How many of the save's bytes the app wrote before the read.
  ///   - old: Whether the file is made ten seconds old before the read and again once the
  ///     save is written: the app stalled for seconds after its first bytes, and the read
  ///     was descheduled for seconds while the app finished.
  /// - Returns: What the read returned.
  /// - Throws: What the read or the set-up throws.
  static func readFinishingASave(at point: String, begun: Int = 0, old: Bool = false) throws
    -> PlistDictionary?
  {
    let (_, path, directory) = try Self.store()
    defer { directory.remove() }
    try Self.saveInPlace(["shared": 1], at: path)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 0)
    let bytes = Data(try PropertyList.encode(.dictionary(["shared": 2]), as: .xml))
    try handle.write(contentsOf: bytes.prefix(begun))
    if old { try Self.setModified(secondsAgo: 10, path) }
    let plan = FaultPlan()
    var saves = 0
    plan.atPause = { reached in
      guard reached == point, saves == 0 else { return }
      saves += 1
      try? handle.write(contentsOf: bytes.dropFirst(begun))
      try? handle.close()
      if old { try? Self.setModified(secondsAgo: 10, path) }
    }
    let read = try FaultPlan.$current.withValue(plan) { try Self.read(path) }
    #expect(saves == 1)
    return read
  }

  /// Sets a file's modification time `secondsAgo` seconds back.
  static func setModified(secondsAgo: TimeInterval, _ path: String) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: path)
  }

  /// A read that met half of an app's save — the app stalled for seconds after writing it,
  /// so the file is old and does not parse — while the app finishes its save during the
  /// read's first scan for programs holding the file, and the read is descheduled for
  /// seconds: the scan finds nobody, and the file is old again. The read took the half for
  /// what the file holds and reported its parse error: it looked at the file before the
  /// scan (a change stream under CI's load reported a key gone and back), or did not compare
  /// what it looked at with what it had read (`[5, 1, 9]`: a typed key's default between
  /// two values). It looks after the scan, sees another file, and reads the save.
  @Test func aSaveFinishedDuringTheFirstScanIsReadWhole() throws {
    let read = try Self.readFinishingASave(at: "settling-before-first-look", begun: 100, old: true)
    #expect(read == ["shared": 2])
  }

  /// A file in the middle of a save's truncation: the app's open (`O_TRUNC`) has emptied it,
  /// but the kernel has not yet given it new times (ext4 may wait for its journal there,
  /// under load) nor the app a descriptor. It is empty, old, and held by nobody; it was taken for
  /// an empty domain at once (a change stream under the whole suite's load reported a key
  /// gone and back, `[1, nil, 2]`: the file had been written two minutes before). It waits
  /// out the looks, and the save, which lands before they end, is read.
  @Test func anEmptyOldFileNobodyHoldsIsWaitedFor() throws {
    let (_, path, directory) = try Self.store()
    defer { directory.remove() }
    try Self.saveInPlace(["shared": 1], at: path)
    // Emptied, with times two minutes old: the state the kernel leaves in the middle.
    #expect(truncate(path, 0) == 0)
    try Self.setModified(secondsAgo: 120, path)
    let plan = FaultPlan()
    var saves = 0
    plan.atPause = { reached in
      guard reached == "settling-before-writers-scan", saves == 0 else { return }
      saves += 1
      try? Self.saveInPlace(["shared": 2], at: path)
    }
    let read = try FaultPlan.$current.withValue(plan) { try Self.read(path) }
    #expect(saves == 1)
    #expect(read == ["shared": 2])
  }

  /// An app stopped or descheduled between its truncation and its write for longer than a
  /// read waits (five seconds) still holds the file open: the read refuses the file, naming
  /// the app, instead of taking it for an empty domain (a change stream reported a key gone
  /// and back, under load), and an update writes nothing, so that the app's save, when it
  /// comes, is the domain (replacing the file would have left the save in a deleted one).
  @Test func aSaveHeldOpenPastTheWaitIsRefusedAndNotWrittenOver() throws {
    let (store, path, directory) = try Self.store()
    defer { directory.remove() }
    try Self.saveInPlace(["shared": 1, "other": 1], at: path)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 0)
    let unfinished = PlistError.saveUnfinished(
      path: path, milliseconds: 5000,
      writer: PlistError.LockHolder(process: getpid(), stopped: false))
    #expect(throws: unfinished) { try Self.read(path) }
    let truncated = Platform.identity(atPath: path)
    #expect(throws: unfinished) { try store.update(Self.domain) { $0["mine"] = 1 } }
    #expect(Platform.identity(atPath: path) == truncated)
    try handle.write(
      contentsOf: Data(try PropertyList.encode(.dictionary(["shared": 2, "other": 1]), as: .xml)))
    try handle.close()
    #expect(try Self.read(path) == ["shared": 2, "other": 1])
    try store.update(Self.domain) { $0["mine"] = 1 }
    #expect(try Self.read(path) == ["shared": 2, "other": 1, "mine": 1])
  }

  @Test func aFileOpenForWritingIsSeenSoAndNotOnceClosed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("file")
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(Platform.writingProcess(of: path) == nil)
    let reader = try #require(FileHandle(forReadingAtPath: path))
    #expect(Platform.writingProcess(of: path) == nil)
    let writer = try #require(FileHandle(forWritingAtPath: path))
    #expect(Platform.writingProcess(of: path) == getpid())
    try writer.close()
    #expect(Platform.writingProcess(of: path) == nil)
    try reader.close()
    #expect(Platform.writingProcess(of: directory.path("missing")) == nil)
  }
}

/// Waits, through inotify, for events on a file or directory (a file opened; a file renamed
/// into a directory), at most a given time.
final class OpenWatch: @unchecked Sendable {
  private let descriptor: Int32

  init?(_ path: String, events: Int32 = IN_OPEN) {
    descriptor = inotify_init1(Int32(IN_CLOEXEC))
    guard descriptor >= 0 else { return nil }
    guard inotify_add_watch(descriptor, path, UInt32(events)) >= 0 else {
      close(descriptor)
      return nil
    }
  }

  deinit { close(descriptor) }

  /// Whether an event came within `milliseconds` (ten seconds unless told).
  @discardableResult
  func waitForAnOpen(milliseconds: Int32 = 10_000) -> Bool {
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, milliseconds) == 1 else { return false }
    var buffer = [UInt8](repeating: 0, count: 4096)
    _ = read(descriptor, &buffer, buffer.count)
    return true
  }
}
