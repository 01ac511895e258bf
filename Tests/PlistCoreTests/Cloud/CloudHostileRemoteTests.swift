import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PlistCore

/// A remote (or a synced folder) that another machine writes to is hostile: what it holds
/// never decides where this machine writes, never runs, never breaks the store for good.
/// Each test is one of issue 24's findings, reproduced as an attacker with push access (a
/// clone of the bare repository) or with write access to the folder would.
@Suite struct CloudHostileRemoteTests {
  /// A bare repository, and machine `a` attached to it that has set `k` and synced.
  static func machineThatSynced(in root: TemporaryDirectory) throws -> (Machine, CloudLocation) {
    let server = try makeBareRepository(in: root)
    let a = Machine("a", in: root)
    try a.attach(server)
    try a.set("k", 1)
    try a.sync()
    return (a, server)
  }

  /// `machineThatSynced(in:)` and a machine `b` that set `fromB` and synced; `a` synced again
  /// after it, so both hold `k` and `fromB`.
  static func twoMachinesThatSynced(in root: TemporaryDirectory) throws
    -> (Machine, Machine, CloudLocation)
  {
    let (a, server) = try machineThatSynced(in: root)
    let b = Machine("b", in: root)
    try b.attach(server)
    try b.set("fromB", 1)
    try b.sync()
    try a.sync()
    return (a, b, server)
  }

  /// Runs git, expecting success.
  @discardableResult
  static func git(_ arguments: [String], in directory: String? = nil) throws -> String {
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/git"),
      (directory.map { ["-C", $0] } ?? [])
        + ["-c", "user.name=attacker", "-c", "user.email=a@evil.invalid"] + arguments)
    #expect(result.status == 0, "git \(arguments): \(result.stderr)")
    return result.stdout
  }

  /// An attacker's clone of the store's remote, with `change` committed and pushed.
  static func push(
    to location: CloudLocation, in root: TemporaryDirectory, adding paths: [String] = ["."],
    _ change: (String) throws -> Void
  ) throws {
    guard case .git(let url) = location else { return }
    let clone = root.path("attacker-\(UUID().uuidString.prefix(8))")
    try git(["clone", "-q", url, clone])
    try change(clone)
    try git(["add", "-A", "--"] + paths, in: clone)
    try git(["commit", "-q", "-m", "evil"], in: clone)
    try git(["push", "-q", "origin", "HEAD:main"], in: clone)
  }

  /// The values a machine attached now to `location` gets: what every other machine gets.
  static func valuesOfANewMachine(at location: CloudLocation, in root: TemporaryDirectory)
    throws -> [String: PlistValue]
  {
    let machine = Machine("new-\(UUID().uuidString.prefix(8))", in: root)
    try machine.attach(location)
    return try machine.values
  }

  /// A replica's file of another machine, as its path in a folder.
  static func replicaFile(_ id: ReplicaID, entries: [String: PlistValue], at wall: Int64)
    throws -> Data
  {
    var state = ReplicaState(replica: id)
    for (key, value) in entries {
      state.entries[key] = CloudEntry(
        value: value, timestamp: CloudTimestamp(wall: wall), replica: id)
    }
    state.clock = CloudTimestamp(wall: wall)
    return Data(try PropertyList.encode(state.propertyList, as: .xml))
  }

  /// Point 6: the remote makes this replica's file, or `replicas/` itself, a link to a file
  /// of this machine's; syncs write nothing through it.
  @Test(arguments: ["file", "folder"])
  func aLinkFromTheRemoteIsNeverWrittenThrough(what: String) throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let server = try makeBareRepository(in: root)
    let a = Machine("a", in: root)
    try a.attach(server)
    try a.set("k", "before")
    try a.sync()
    let victim = root.path("home/.ssh/authorized_keys")
    try FileManager.default.createDirectory(
      atPath: root.path("home/.ssh"), withIntermediateDirectories: true)
    try Data("ssh-ed25519 mine\n".utf8).write(to: URL(fileURLWithPath: victim))
    let ownName = try a.store.publishedName
    try Self.push(to: server, in: root) { clone in
      if what == "file" {
        try FileManager.default.removeItem(atPath: clone + "/replicas/" + ownName)
        try FileManager.default.createSymbolicLink(
          atPath: clone + "/replicas/" + ownName, withDestinationPath: victim)
      } else {
        try FileManager.default.removeItem(atPath: clone + "/replicas")
        try FileManager.default.createSymbolicLink(
          atPath: clone + "/replicas", withDestinationPath: root.path("home/.ssh"))
      }
    }
    try a.set("k", "\nssh-ed25519 AAAA attacker@evil\n")
    try a.sync()
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "ssh-ed25519 mine\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path("home/.ssh")).count == 1)
    // And the store still works for everyone: the next machine gets the value.
    let b = Machine("b", in: root)
    try b.attach(server)
    #expect(try b.values["k"] == "\nssh-ed25519 AAAA attacker@evil\n")
  }

  /// Point 6, with a synced folder (Syncthing carries links too): a link in `replicas/`
  /// named as this replica's file is replaced, never written through; `replicas/` as a link
  /// is not followed (the store is offline until it is a folder again).
  @Test func aLinkInASyncedFolderIsNeverWrittenThrough() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let folder = root.path("shared")
    let a = Machine("a", in: root)
    try a.attach(.folder(folder))
    let victim = root.path("victim")
    try Data("mine\n".utf8).write(to: URL(fileURLWithPath: victim))
    let copy = folder + "/replicas/" + (try a.store.publishedName)
    try? FileManager.default.removeItem(atPath: copy)
    try FileManager.default.createSymbolicLink(atPath: copy, withDestinationPath: victim)
    try a.set("k", 1)
    try a.sync()
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "mine\n")
    #expect(try FileManager.default.destinationOfSymbolicLinkOrNil(atPath: copy) == nil)

    let outside = root.path("outside")
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try FileManager.default.removeItem(atPath: folder + "/replicas")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/replicas", withDestinationPath: outside)
    try a.set("k", 2)
    let report = try a.store.sync()
    #expect(!report.inSync)
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    #expect(try a.values["k"] == 2, "the write is kept here")
  }

  /// Point 10: a committed `.gitattributes` that would fail every checkout (an encoding)
  /// changes nothing: both machines keep syncing.
  @Test func theRemotesAttributesChangeNothing() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let server = try makeBareRepository(in: root)
    let a = Machine("a", in: root)
    let b = Machine("b", in: root)
    try a.attach(server)
    try b.attach(server)
    try a.set("x", 1)
    try a.sync()
    try Self.push(to: server, in: root, adding: [".gitattributes"]) { clone in
      try Data("replicas/*.plist working-tree-encoding=UTF-16\n".utf8)
        .write(to: URL(fileURLWithPath: clone + "/.gitattributes"))
    }
    try b.set("y", 2)
    try b.sync()
    try a.sync()
    #expect(try a.values == ["x": 1, "y": 2])
    #expect(try b.values == ["x": 1, "y": 2])
  }

  /// Point 9: a local remote's hooks (what whoever can write a USB stick's repository puts
  /// there) never run, at any push.
  @Test func aLocalRemotesHooksNeverRun() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let server = try makeBareRepository(in: root)
    guard case .git(let url) = server else { return }
    let hooks = String(url.dropFirst("file://".count)) + "/hooks"
    let marker = root.path("hook-ran")
    for hook in ["pre-receive", "update", "post-receive", "post-update", "reference-transaction"] {
      let path = hooks + "/" + hook
      try Data("#!/bin/sh\necho \(hook) >> '\(marker)'\n".utf8).write(
        to: URL(fileURLWithPath: path))
      #expect(chmod(path, 0o755) == 0)
    }
    // And the command the remote's configuration names to list an alternate's refs.
    let bare = String(url.dropFirst("file://".count))
    try Self.git(["init", "-q", "--bare", root.path("alternate.git")])
    try Self.git(["-C", bare, "config", "core.alternateRefsCommand", "echo alt >> '\(marker)'"])
    try Data((root.path("alternate.git") + "/objects\n").utf8).write(
      to: URL(fileURLWithPath: bare + "/objects/info/alternates"))
    let a = Machine("a", in: root)
    try a.attach(server)
    try a.set("k", 1)
    try a.sync()
    try a.set("k", 2)
    try a.sync()
    #expect(!FileManager.default.fileExists(atPath: marker))
    #expect(try Self.valuesOfANewMachine(at: server, in: root)["k"] == 2)
  }

  /// Point 9, the remote's configuration: a local remote that is a checked-out repository
  /// set to take pushes into its work tree (`updateInstead`) would run the filter its
  /// configuration names on the files pushed. The push is refused instead (git's default
  /// for such a remote); nothing runs, and the write stays here.
  @Test func aLocalRemotesCheckoutNeverRuns() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let remote = root.path("stick")
    let marker = root.path("filter-ran")
    try Self.git(["init", "-q", "-b", "main", remote])
    try Self.git(["-C", remote, "config", "receive.denyCurrentBranch", "updateInstead"])
    try Self.git(["-C", remote, "config", "filter.evil.smudge", "echo ran >> '\(marker)'; cat"])
    try Self.git(["-C", remote, "config", "filter.evil.clean", "cat"])
    try Data("* filter=evil\n".utf8).write(
      to: URL(fileURLWithPath: remote + "/.git/info/attributes"))
    let a = Machine("a", in: root)
    try a.attach(.git("file://" + remote))
    try a.set("k", 1)
    let report = try a.store.sync()
    #expect(!FileManager.default.fileExists(atPath: marker))
    #expect(!report.inSync, "a remote with a checked-out branch is refused")
    #expect(try a.values == ["k": 1])
  }

  /// Point 4: a Syncthing conflict copy of this replica's file (two machines sharing its id)
  /// holds a write that is nowhere else; the sync merges it, removes the copy, and the
  /// write reaches the other machines.
  @Test func aConflictCopyOfAReplicasFileIsMergedNotDropped() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let folder = root.path("shared")
    let a = Machine("a", in: root)
    try a.attach(.folder(folder))
    try a.set("mine", 1)
    let id = try a.store.replica
    let name = "\(id.text).sync-conflict-20261126-120000-ABCDEFG.plist"
    try Self.replicaFile(id, entries: ["theirs": "lost?"], at: 1_790_000_000_500)
      .write(to: URL(fileURLWithPath: folder + "/replicas/" + name))
    let report = try a.store.sync()
    #expect(report.mergedCopies == [name])
    #expect(try a.values == ["mine": 1, "theirs": "lost?"])
    #expect(!FileManager.default.fileExists(atPath: folder + "/replicas/" + name))
    let b = Machine("b", in: root)
    try b.attach(.folder(folder))
    #expect(try b.values == ["mine": 1, "theirs": "lost?"])
  }

  /// Point 2: this replica's own file damaged (it does not parse): a write or a sync moves
  /// it aside and restores the state from the copy last published, never leaving the store
  /// unusable.
  @Test func anOwnFileThatDoesNotParseIsRestoredFromThePublishedCopy() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let (a, _) = try Self.machineThatSynced(in: root)
    let own = try a.store.ownFile
    try Data().write(to: URL(fileURLWithPath: own))
    #expect(throws: PlistError.self) { try a.store.values() }
    try a.set("later", 2)
    #expect(try a.values == ["k": 1, "later": 2])
    let aside = try FileManager.default.contentsOfDirectory(
      atPath: (own as NSString).deletingLastPathComponent
    ).filter { $0.hasPrefix("replica.plist.unreadable-") }
    #expect(aside.count == 1, "the damaged file is kept for a person to look at")
    try a.sync()
  }

  /// Point 2: what a git killed with plistctl leaves in the clone — a lock, a rebase in
  /// progress, a damaged HEAD — never stops the next sync.
  @Test(arguments: ["index.lock", "refs/heads/main.lock", "rebase-merge", "HEAD"])
  func whatADeadGitLeftIsHealed(leftover: String) throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let (a, server) = try Self.machineThatSynced(in: root)
    let gitDirectory = a.directories.workTree(ofStore: a.name) + "/.git/"
    switch leftover {
    case "rebase-merge":
      try FileManager.default.createDirectory(
        atPath: gitDirectory + leftover, withIntermediateDirectories: true)
      try Data("refs/heads/main\n".utf8).write(
        to: URL(fileURLWithPath: gitDirectory + leftover + "/head-name"))
    case "HEAD":
      try Data("garbage".utf8).write(to: URL(fileURLWithPath: gitDirectory + "HEAD"))
    default:
      try Data().write(to: URL(fileURLWithPath: gitDirectory + leftover))
    }
    try a.set("k", 2)
    try a.sync()
    #expect(try Self.valuesOfANewMachine(at: server, in: root)["k"] == 2)
  }

  /// Point 3: a push that meets another push holding or moving the ref is retried like a
  /// push that is behind, not reported as offline.
  @Test func aRefChangedByAConcurrentPushIsRetried() {
    for message in [
      " ! [remote rejected] HEAD -> main (failed to update ref)\n",
      "error: cannot lock ref 'refs/heads/main': is at 1234 but expected 5678\n",
      " ! [rejected]        HEAD -> main (fetch first)\n",
    ] {
      let result = ProgramResult(status: 1, output: [], errors: Array(message.utf8))
      #expect(GitTransport.wasOvertaken(result), "\(message)")
    }
    for message in [
      "fatal: Could not read from remote\n",
      " ! [remote rejected] HEAD -> main (pre-receive hook declined)\n",
      " ! [remote rejected] HEAD -> main (branch is currently checked out)\n",
    ] {
      let refused = ProgramResult(status: 1, output: [], errors: Array(message.utf8))
      #expect(!GitTransport.wasOvertaken(refused), "\(message)")
    }
  }

  /// Point 3, for real: machines pushing at once all end in sync and converge.
  @Test func concurrentSyncsAllLand() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let server = try makeBareRepository(in: root)
    let machines = (0..<4).map { Machine("m\($0)", in: root) }
    for (index, machine) in machines.enumerated() {
      try machine.attach(server)
      try machine.set("k\(index)", PlistValue.integer(PlistInteger(index)))
    }
    let results = Mutex<[Bool]>([])
    DispatchQueue.concurrentPerform(iterations: machines.count) { index in
      let inSync = (try? machines[index].store.sync().inSync) ?? false
      results.withLock { $0.append(inSync) }
    }
    #expect(results.withLock { $0 } == [true, true, true, true])
    for machine in machines { try machine.sync() }
    for machine in machines { #expect(try machine.values.count == 4) }
  }
}

extension CloudHostileRemoteTests {
  /// Review finding: a clone whose `.git` lost its HEAD (a killed `git init`, a damaged
  /// disk) inside a user's own repository (XDG_DATA_HOME in a dotfiles repository): git
  /// must never work in the repository further up; the clone is made anew.
  @Test func aDamagedCloneNeverSendsGitToTheUsersOwnRepository() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let server = try makeBareRepository(in: root)
    let a = Machine("a", in: root)
    let home = root.path("a")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try Self.git(["init", "-q", "-b", "main", home])
    try Data("mine\n".utf8).write(to: URL(fileURLWithPath: home + "/.bashrc"))
    try Self.git(["add", ".bashrc"], in: home)
    try Self.git(["commit", "-q", "-m", "dotfiles"], in: home)
    try Data("mine, edited\n".utf8).write(to: URL(fileURLWithPath: home + "/.bashrc"))
    let head = try Self.git(["rev-parse", "HEAD"], in: home)
    try a.attach(server)
    try a.set("k", 1)
    try a.sync()
    try FileManager.default.removeItem(
      atPath: a.directories.workTree(ofStore: a.name) + "/.git/HEAD")
    try a.set("k", 2)
    try a.sync()
    #expect(try Self.git(["rev-parse", "HEAD"], in: home) == head)
    #expect(try String(contentsOfFile: home + "/.bashrc", encoding: .utf8) == "mine, edited\n")
    #expect(try Self.valuesOfANewMachine(at: server, in: root)["k"] == 2)
  }

  /// Review finding: a store an older plistctl kept (its own file in git's work tree, with
  /// a write not yet committed) keeps that write through the first sync after the upgrade.
  @Test func anOlderPlistctlsUncommittedWriteSurvivesTheUpgrade() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let server = try makeBareRepository(in: root)
    let a = Machine("a", in: root)
    try a.attach(server)
    try a.set("k1", 1)
    try a.sync()
    try a.set("k2", 2)
    let store = try a.store
    let old = a.directories.workTree(ofStore: a.name) + "/replicas/" + store.publishedName
    try FileManager.default.removeItem(atPath: old)
    try FileManager.default.moveItem(atPath: store.ownFile, toPath: old)
    #expect(try a.values == ["k1": 1, "k2": 2], "read from the older layout")
    try a.sync()
    #expect(try a.values == ["k1": 1, "k2": 2])
    let b = Machine("b", in: root)
    try b.attach(server)
    #expect(try b.values == ["k1": 1, "k2": 2])
  }

  /// Review finding: another machine pushes a folder under this replica's file's name; the
  /// sync replaces it rather than failing for good.
  @Test func aFolderUnderThisReplicasNameIsReplaced() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let (a, server) = try Self.machineThatSynced(in: root)
    let name = try a.store.publishedName
    try Self.push(to: server, in: root) { clone in
      try FileManager.default.removeItem(atPath: clone + "/replicas/" + name)
      try FileManager.default.createDirectory(
        atPath: clone + "/replicas/" + name, withIntermediateDirectories: true)
      try Data("x".utf8).write(to: URL(fileURLWithPath: clone + "/replicas/" + name + "/x"))
    }
    try a.set("k", 2)
    try a.sync()
    #expect(try Self.valuesOfANewMachine(at: server, in: root)["k"] == 2)
  }
}

extension CloudHostileRemoteTests {
  /// A push of a tree a store never has — many names sharing one large blob (small to push,
  /// huge to check out), paths outside a store's shape, links, a submodule — neither breaks
  /// this machine (nothing is checked out: only a store's plain files are taken, within
  /// bounds, smallest first) nor stays: the next honest sync commits a tree without what a
  /// store never holds, and says what it left out.
  @Test(arguments: ["large", "deep", "link", "submodule"])
  func aVandalisedTreeIsRepairedByTheNextSync(kind: String) throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let (a, b, server) = try Self.twoMachinesThatSynced(in: root)
    try Self.push(to: server, in: root) { clone in
      switch kind {
      case "large":
        let blob = Data(repeating: 0x41, count: 3 << 20)
        for index in 0..<30 {
          let name = String(format: "%032x", index + 1)
          try blob.write(to: URL(fileURLWithPath: clone + "/replicas/\(name).plist"))
        }
      case "deep":
        try FileManager.default.createDirectory(
          atPath: clone + "/junk/deep", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: clone + "/junk/deep/file"))
      case "link":
        try FileManager.default.createSymbolicLink(
          atPath: clone + "/replicas/evil.plist", withDestinationPath: "/etc/passwd")
      default:
        // A repository of its own inside the tree: added as a submodule's commit.
        try Self.git(["init", "-q", clone + "/replicas/sub"])
        try Data("x".utf8).write(to: URL(fileURLWithPath: clone + "/replicas/sub/x"))
        try Self.git(["add", "x"], in: clone + "/replicas/sub")
        try Self.git(["commit", "-q", "-m", "sub"], in: clone + "/replicas/sub")
      }
    }
    try a.set("k", 2)
    let report = try a.store.sync()
    #expect(report.inSync, "\(report)")
    #expect(try a.values == ["k": 2, "fromB": 1])
    let tree = a.directories.workTree(ofStore: a.name)
    let brought = try FileManager.default.contentsOfDirectory(atPath: tree + "/replicas")
    let bytes = try brought.reduce(0) {
      $0
        + ((try FileManager.default.attributesOfItem(atPath: tree + "/replicas/" + $1)[.size]
          as? Int) ?? 0)
    }
    #expect(bytes <= GitTransport.maximumTreeBytes)
    let notBrought = report.ignored.filter {
      if case .notBrought = $0.kind { return true } else { return false }
    }
    guard case .git(let url) = server else { return }
    let listed = try Self.git([
      "--git-dir", String(url.dropFirst("file://".count)), "ls-tree", "-r", "--full-tree", "main",
    ])
    switch kind {
    case "large":
      #expect(notBrought.count == 9, "30 files of 3 MiB: 21 fit in 64 MiB with the small ones")
      #expect(!brought.contains(String(format: "%032x.plist", 30)))
    case "deep":
      #expect(notBrought.map(\.name) == ["junk/deep/file"])
      #expect(!listed.contains("junk/"), "repaired: \(listed)")
    case "link":
      #expect(notBrought.map(\.name) == ["replicas/evil.plist"])
      #expect(!listed.contains("evil"), "repaired: \(listed)")
      #expect(!brought.contains("evil.plist"))
    default:
      #expect(notBrought.map(\.name) == ["replicas/sub"])
      #expect(!listed.contains("160000"), "repaired: \(listed)")
    }
    // Every machine goes on syncing, and gets every honest value.
    try b.sync()
    #expect(try b.values == ["k": 2, "fromB": 1])
    #expect(try Self.valuesOfANewMachine(at: server, in: root) == ["k": 2, "fromB": 1])
  }
}

extension FileManager {
  /// A link's target, or nil when the path is not a link.
  fileprivate func destinationOfSymbolicLinkOrNil(atPath path: String) throws -> String? {
    try? destinationOfSymbolicLink(atPath: path)
  }
}

/// Trees only git's plumbing makes (review findings): another machine writes tree objects of
/// its own and pushes them. Each must leave every honest machine syncing, holding every
/// honest value, and the branch repaired to the honest replicas' files alone.
extension CloudHostileRemoteTests {
  /// Runs git with `input` on standard input, expecting success; its output, trimmed.
  @discardableResult
  static func git(_ arguments: [String], input: [UInt8]) throws -> String {
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/git"),
      ["-c", "user.name=attacker", "-c", "user.email=a@evil.invalid"] + arguments, stdin: input)
    #expect(result.status == 0, "git \(arguments): \(result.stderr)")
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A tree object written as given (any order, any duplicates, any bytes in names).
  static func rawTree(_ entries: [(mode: String, name: [UInt8], object: String)], in repo: String)
    throws -> String
  {
    var bytes: [UInt8] = []
    for entry in entries {
      bytes += Array((entry.mode + " ").utf8) + entry.name + [0]
      var hex = Substring(entry.object)
      while !hex.isEmpty {
        bytes.append(UInt8(hex.prefix(2), radix: 16) ?? 0)
        hex = hex.dropFirst(2)
      }
    }
    return try git(
      ["-C", repo, "hash-object", "-t", "tree", "--literally", "-w", "--stdin"], input: bytes)
  }

  @Test(arguments: ["tree as a file", "long name", "junk", "own file twice", "not UTF-8"])
  func aHandMadeTreeIsRepairedAndNeverStopsASync(kind: String) throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let (a, b, server) = try Self.twoMachinesThatSynced(in: root)
    guard case .git(let url) = server else { return }
    // Written straight into the remote, as a push would leave it (git's own push refuses
    // some of these trees; another git, or a server's, need not).
    let attacker = String(url.dropFirst("file://".count))
    // The honest entries, as the remote has them.
    let honest: [(mode: String, name: [UInt8], object: String)] = try Self.git([
      "-C", attacker, "ls-tree", "main:replicas",
    ]).split(separator: "\n").map { line in
      let fields = line.split(separator: "\t", maxSplits: 1)
      let head = fields[0].split(separator: " ")
      return (String(head[0]), Array(fields[1].utf8), String(head[2]))
    }
    let blob = { (text: String) throws -> String in
      try Self.git(["-C", attacker, "hash-object", "-w", "--stdin"], input: Array(text.utf8))
    }
    let ownName = Array(try a.store.publishedName.utf8)
    var entries = honest
    switch kind {
    case "tree as a file":
      // A tree nothing else names (git would not serve one it had seen as a tree).
      let folder = try Self.rawTree([("100644", Array("x".utf8), try blob("x"))], in: attacker)
      entries.append(("100644", Array((String(repeating: "c", count: 32) + ".plist").utf8), folder))
    case "long name":
      entries.append(
        ("100644", Array((String(repeating: "a", count: 245) + ".plist").utf8), try blob("x")))
    case "junk":
      let junk = try blob("j")
      for index in 0..<(GitTransport.maximumTreeEntries + 100) {
        entries.append(("100644", Array("j\(index)".utf8), junk))
      }
    case "own file twice":
      let bsFile = honest.first { $0.name != ownName }!
      entries.removeAll { $0.name == ownName }
      let ownEntry = honest.first { $0.name == ownName }!
      entries.append((bsFile.mode, ownName, bsFile.object))
      entries.append(ownEntry)
    default:
      entries.append(("100644", [0xFE, 0x2E, 0x78], try blob("1")))
      entries.append(("100644", [0xFF, 0x2E, 0x78], try blob("2")))
    }
    let replicas = try Self.rawTree(entries, in: attacker)
    let top = try Self.rawTree([("40000", Array("replicas".utf8), replicas)], in: attacker)
    let commit = try Self.git(
      ["-C", attacker, "commit-tree", top, "-p", "main", "-m", "vandal"], input: [])
    try Self.git(["-C", attacker, "update-ref", "refs/heads/main", commit], input: [])

    // A sync with nothing of its own to send repairs the branch all the same.
    let report = try a.store.sync()
    #expect(report.inSync, "\(report)")
    let listed = try Self.git(
      ["--git-dir", attacker, "ls-tree", "-r", "--name-only", "main"], input: [])
    #expect(listed.split(separator: "\n").count == 2, "repaired to the two replicas: \(listed)")
    #expect(try a.store.hasPendingChanges == false)
    try a.set("k", 2)
    try a.sync()
    try b.sync()
    #expect(try b.values == ["k": 2, "fromB": 1])
    #expect(try a.values == ["k": 2, "fromB": 1])
    #expect(try Self.valuesOfANewMachine(at: server, in: root) == ["k": 2, "fromB": 1])
  }
}
