import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// What outside testing broke (issue 11), each at the level where it was fixed: the files a
/// write creates and replaces, the files a read refuses, the bounds on reads and lock waits,
/// and a write failing at every system call it makes.
@Suite("Domain store: hostile files and failing system calls")
struct HardeningTests {
  static let domain = (try? Domain(named: "com.example.hard")) ?? .global

  /// A store whose directory exists, and the directory to remove.
  static func store() throws -> (DomainStore, TemporaryDirectory) {
    let directory = try TemporaryDirectory()
    let store = try DomainStore(root: directory.path("config"))
    try FileManager.default.createDirectory(atPath: store.root, withIntermediateDirectories: true)
    return (store, directory)
  }

  static func attributes(_ path: String) throws -> [FileAttributeKey: Any] {
    try FileManager.default.attributesOfItem(atPath: path)
  }

  // MARK: - What a write leaves

  @Test(.enabled(if: getuid() == 0, "giving a file to another user needs root"))
  func aRewriteKeepsTheOwnerGroupAndMode() throws {
    let (store, directory) = try Self.store()
    defer { directory.remove() }
    try store.write(.set(1), at: PlistPath(topLevelKey: "a"), in: Self.domain)
    let path = store.path(of: Self.domain)
    #expect(chown(path, 1234, 5678) == 0)
    #expect(chmod(path, 0o640) == 0)
    try store.write(.set(2), at: PlistPath(topLevelKey: "b"), in: Self.domain)
    let after = try Self.attributes(path)
    #expect((after[.ownerAccountID] as? Int) == 1234)
    #expect((after[.groupOwnerAccountID] as? Int) == 5678)
    #expect((after[.posixPermissions] as? Int) == 0o640)
  }

  @Test func aKilledWritersLeftoverIsReplacedByTheNextWrite() throws {
    let (store, directory) = try Self.store()
    defer { directory.remove() }
    let path = store.path(of: Self.domain)
    let leftover = path + ".plistctl-new"
    try Data(repeating: 0x78, count: 100_000).write(to: URL(fileURLWithPath: leftover))
    try store.write(.set(1), at: PlistPath(topLevelKey: "a"), in: Self.domain)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: store.root) == ["com.example.hard.plist"])
    // A symbolic link at the temporary name is removed, never written through.
    let elsewhere = directory.path("elsewhere")
    try FileManager.default.createSymbolicLink(atPath: leftover, withDestinationPath: elsewhere)
    try store.write(.set(2), at: PlistPath(topLevelKey: "a"), in: Self.domain)
    #expect(!FileManager.default.fileExists(atPath: elsewhere))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: store.root) == ["com.example.hard.plist"])
  }

  // MARK: - Symbolic links

  @Test(.enabled(if: getuid() == 0, "a link owned by another user needs root"))
  func aLinkAnotherUserPlantedInASharedDirectoryIsNotFollowed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let shared = directory.path("shared")
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
    #expect(chmod(shared, 0o1777) == 0)
    let victim = directory.path("victim.plist")
    let link = shared + "/planted.plist"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
    #expect(lchown(link, 4321, 4321) == 0)
    let store = try DomainStore(root: directory.path("config"))
    let planted = try Domain(argument: link, home: nil)
    #expect(
      throws: PlistError.system(
        SystemError(operation: .write, path: link, errno: .permissionDenied))
    ) {
      try store.write(.set(1), at: PlistPath(topLevelKey: "k"), in: planted)
    }
    #expect(!FileManager.default.fileExists(atPath: victim))
    // The same link owned by the directory's owner (root) is followed, as the kernel would.
    #expect(lchown(link, 0, 0) == 0)
    try store.write(.set(1), at: PlistPath(topLevelKey: "k"), in: planted)
    #expect(FileManager.default.fileExists(atPath: victim))
  }

  @Test func aDomainLinkedIntoAnotherDirectoryIsUpdatedThereAndADanglingOneMakesNoDirectories()
    throws
  {
    let (store, directory) = try Self.store()
    defer { directory.remove() }
    let dotfiles = directory.path("dotfiles")
    try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: store.path(of: Self.domain), withDestinationPath: dotfiles + "/hard.plist")
    try store.write(.set(1), at: PlistPath(topLevelKey: "k"), in: Self.domain)
    #expect(FileManager.default.fileExists(atPath: dotfiles + "/hard.plist"))
    let dangling = try Domain(named: "com.example.dangling")
    let nowhere = directory.path("nowhere")
    try FileManager.default.createSymbolicLink(
      atPath: store.path(of: dangling), withDestinationPath: nowhere + "/deep/x.plist")
    #expect(throws: PlistError.self) {
      try store.write(.set(1), at: PlistPath(topLevelKey: "k"), in: dangling)
    }
    #expect(!FileManager.default.fileExists(atPath: nowhere))
  }

  // MARK: - Files a read refuses, and the bounds

  @Test func aFIFOAsADomainFileIsRefusedWithoutWaiting() throws {
    let (store, directory) = try Self.store()
    defer { directory.remove() }
    let path = store.path(of: Self.domain)
    #expect(mkfifo(path, 0o600) == 0)
    #expect(throws: PlistError.notARegularFile(path: path)) { try store.load(Self.domain) }
    #expect(throws: PlistError.notARegularFile(path: path)) {
      try store.write(.set(1), at: PlistPath(topLevelKey: "k"), in: Self.domain)
    }
  }

  @Test func aFIFOAsACloudReplicasFileIsRefusedWithoutWaiting() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("0123456789abcdef0123456789abcdef.plist")
    #expect(mkfifo(path, 0o600) == 0)
    let replica = try #require(ReplicaID("0123456789abcdef0123456789abcdef"))
    #expect(throws: PlistError.notARegularFile(path: path)) {
      try ReplicaState.load(path: path, of: replica)
    }
  }

  @Test func readsStopAtTheLimit() throws {
    #expect(throws: PlistError.inputTooLarge(source: "/dev/zero", limit: 1 << 20)) {
      try FileAccess.read(path: "/dev/zero", maximumSize: 1 << 20)
    }
    // A huge (sparse) file is refused by its size, before a byte is read.
    let (store, directory) = try Self.store()
    defer { directory.remove() }
    let path = store.path(of: Self.domain)
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, 2 << 30) == 0)
    let plan = FaultPlan()
    FaultPlan.$current.withValue(plan) {
      #expect(throws: PlistError.inputTooLarge(source: path, limit: 256 << 20)) {
        try store.load(Self.domain)
      }
    }
    #expect(plan.counts[.read] == nil)
    var small = store
    small.limits.maximumSize = 10
    try Data("<dict/>".utf8).write(to: URL(fileURLWithPath: path))
    #expect(try small.load(Self.domain)?.dictionary == [:])
    try Data("<dict></dict>".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: PlistError.inputTooLarge(source: path, limit: 10)) {
      try small.load(Self.domain)
    }
  }

  @Test func sizesAndWaitsAreReadFromTheEnvironment() throws {
    let limits = try FileLimits(environment: [
      "PLISTCTL_MAX_SIZE": "64M", "PLISTCTL_LOCK_TIMEOUT": "0.25",
    ])
    #expect(limits == FileLimits(maximumSize: 64 << 20, lockTimeoutMilliseconds: 250))
    #expect(FileLimits.size("1048576") == 1 << 20)
    #expect(FileLimits.size("2GiB") == 2 << 30)
    #expect(FileLimits.size("12KB") == 12 << 10)
    for bad in ["", "0", "-1", "1T", "M", "1.5M"] { #expect(FileLimits.size(bad) == nil) }
    #expect(throws: PlistError.invalidLimit("PLISTCTL_LOCK_TIMEOUT", "soon")) {
      try FileLimits(environment: ["PLISTCTL_LOCK_TIMEOUT": "soon"])
    }
  }

  @Test func aLockHeldTooLongFailsNamingItsHolder() throws {
    var (store, directory) = try Self.store()
    defer { directory.remove() }
    store.limits.lockTimeoutMilliseconds = 200
    // A descriptor of its own: flock locks belong to open files, so this process's own
    // write has to wait for it like another process's.
    let holder = open(store.root, O_RDONLY | O_DIRECTORY)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX) == 0)
    let expected = PlistError.lockTimedOut(
      directory: store.root, milliseconds: 200,
      holder: PlistError.LockHolder(process: getpid(), stopped: false))
    #expect(throws: expected) {
      try store.write(.set(1), at: PlistPath(topLevelKey: "k"), in: Self.domain)
    }
    // Released, the lock is taken at once.
    #expect(flock(holder, LOCK_UN) == 0)
    try store.write(.set(1), at: PlistPath(topLevelKey: "k"), in: Self.domain)
  }

  @Test func aBrokenFileIsParsedOnceUnlessItChanges() throws {
    let (store, directory) = try Self.store()
    defer { directory.remove() }
    let path = store.path(of: Self.domain)
    try Data("<plist><dict><key>a</key>".utf8).write(to: URL(fileURLWithPath: path))
    // Saved an hour ago: nobody is in the middle of writing it.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
    let old = FaultPlan()
    FaultPlan.$current.withValue(old) {
      #expect(throws: PlistError.self) { try store.load(Self.domain) }
    }
    #expect(old.counts[.open] == 1)
    // Just saved: read once more (its version is known from then on), then looked at until
    // it has stayed the same, but not read again.
    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
    let recent = FaultPlan()
    FaultPlan.$current.withValue(recent) {
      #expect(throws: PlistError.self) { try store.load(Self.domain) }
    }
    #expect(recent.counts[.open] == 2)
  }

  // MARK: - Every system call failing

  /// The write of one key to an existing domain, then to a new one, with each call it makes
  /// failing in turn: each time, either the write fails and the old file is byte for byte
  /// what it was, or it succeeds in full — and no temporary file is ever left behind.
  @Test func aWriteFailingAtAnyCallLeavesTheOldFileAndNoLitter() throws {
    for existing in [true, false] {
      let (store, directory) = try Self.store()
      defer { directory.remove() }
      let path = store.path(of: Self.domain)
      if existing {
        try store.write(.set("old"), at: PlistPath(topLevelKey: "a"), in: Self.domain)
      }
      let before = FileManager.default.contents(atPath: path)
      let write = { try store.write(.set("new"), at: PlistPath(topLevelKey: "b"), in: Self.domain) }
      let census = FaultPlan()
      try FaultPlan.$current.withValue(census) { try write() }
      let after = FileManager.default.contents(atPath: path)
      #expect(after != before)
      var tried = 0
      for point in FaultPoint.allCases {
        for call in stride(from: 1, through: census.counts[point] ?? 0, by: 1) {
          for errno in [Errno.noSpace, Errno(rawValue: EIO)] {
            // Back to the state before the write.
            if let before {
              try before.write(to: URL(fileURLWithPath: path))
            } else {
              try? FileManager.default.removeItem(atPath: path)
            }
            let plan = FaultPlan(failing: call, of: point, errno: errno)
            let failed = FaultPlan.$current.withValue(plan) { (try? write()) == nil }
            let now = FileManager.default.contents(atPath: path)
            let place = "\(point) call \(call), \(errno), existing \(existing)"
            #expect(now == (failed ? before : after), "\(place)")
            #expect(!failed || plan.fired, "\(place): failed without the fault")
            #expect(
              try FileManager.default.contentsOfDirectory(atPath: store.root)
                == (now == nil ? [] : ["com.example.hard.plist"]), "\(place)")
            tried += 1
          }
        }
      }
      #expect(tried >= 10)
    }
  }
}
