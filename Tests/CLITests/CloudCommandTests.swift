import Foundation
import Testing

/// The `cloud` commands as a user runs them: two machines (two sandboxes, each with its own
/// XDG directories) sharing a bare git repository on local disk, or one folder.
@Suite("cloud")
struct CloudCommandTests {
  static func bareRepository(in box: Sandbox) throws -> String {
    let path = box.directory.path("store.git")
    let made = try CLI.runProcess(
      ["init", "-q", "--bare", "-b", "main", path], program: URL(fileURLWithPath: "/usr/bin/git"))
    #expect(made.status == 0)
    return "file://" + path
  }

  /// Two machines' sandboxes with the store `pigeon` attached to a folder they share (in
  /// the first's directory); the caller removes both.
  static func machinesSharingAFolder() throws -> (Sandbox, Sandbox) {
    let a = try Sandbox()
    let b = try Sandbox()
    let folder = a.directory.path("shared")
    for box in [a, b] {
      try Self.ok(box, "cloud", "attach", "pigeon", "--folder", folder)
    }
    return (a, b)
  }

  /// Runs the plistctl binary as a separate process and expects success.
  @discardableResult
  static func ok(_ box: Sandbox, _ arguments: String...) throws -> String {
    let result = try CLI.runProcess(arguments, environment: box.environment)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return result.stdout
  }

  @Test func valuesTravelThroughGitAndTheCommandsSayWhatHappened() throws {
    let a = try Sandbox()
    let b = try Sandbox()
    defer {
      a.remove()
      b.remove()
    }
    let url = try Self.bareRepository(in: a)
    try Self.ok(a, "cloud", "attach", "pigeon", "--git", url)
    try Self.ok(a, "cloud", "set", "pigeon", "HPMapType", "-int", "1")
    try Self.ok(a, "cloud", "set", "pigeon", "HPLocation", "-dict", "lat", "-float", "52.5")
    try Self.ok(a, "cloud", "set", "pigeon", "Recent", "-array", "Berlin")
    try Self.ok(a, "cloud", "set", "pigeon", "Recent", "-array-add", "Paris")
    #expect(try Self.ok(a, "cloud", "sync", "pigeon") == "")
    #expect(
      try Self.ok(b, "cloud", "attach", "pigeon", "--git", url)
        == "initialSync: HPLocation, HPMapType, Recent\n")
    #expect(try Self.ok(b, "cloud", "get", "pigeon", "HPMapType") == "1\n")
    #expect(
      try Self.ok(b, "cloud", "get", "--json", "pigeon", "Recent")
        == "[\n  \"Berlin\",\n  \"Paris\"\n]\n")
    #expect(try Self.ok(b, "cloud", "list", "pigeon") == "HPLocation\nHPMapType\nRecent\n")
    #expect(try Self.ok(b, "cloud", "list") == "pigeon\tgit \(url)\n")
    try Self.ok(b, "cloud", "remove", "pigeon", "Recent")
    try Self.ok(b, "cloud", "sync", "pigeon")
    #expect(
      try Self.ok(a, "cloud", "sync", "--json", "pigeon") == """
        {"code":0,"keys":["Recent"],"reason":"serverChange","store":"pigeon"}

        """)
    #expect(try Self.ok(a, "cloud", "sync") == "", "nothing new: nothing printed")
    let status = try Self.ok(a, "cloud", "status", "pigeon")
    #expect(status.contains("quota:     2/1024 keys"))
    #expect(status.contains("pending:   none"))
    #expect(status.contains("deletions remembered: 1"))
    let missing = try CLI.runProcess(
      ["cloud", "get", "pigeon", "Recent"], environment: a.environment)
    #expect(missing.status == 1)
    #expect(missing.stderr == "plistctl: The key Recent does not exist in cloud store pigeon\n")
  }

  @Test func refusalsAndFailuresAreOneLineAndChangeNothing() throws {
    let box = try Sandbox()
    defer { box.remove() }
    try Self.ok(box, "cloud", "attach", "s", "--folder", box.directory.path("shared"))
    let long = String(repeating: "k", count: 65)
    let refused = try CLI.runProcess(
      ["cloud", "set", "s", long, "1"], environment: box.environment)
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "plistctl: over the cloud store's quota: the key '\(long)' is 65 bytes long; keys are at most 64 bytes\n"
    )
    #expect(try Self.ok(box, "cloud", "list", "s") == "")
    let unknown = try CLI.runProcess(["cloud", "get", "nowhere"], environment: box.environment)
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "plistctl: no cloud store named nowhere is attached\n")
    let usage = try CLI.runProcess(["cloud", "attach", "x"], environment: box.environment)
    #expect(usage.status == 64)
    // A remote that cannot be reached: attached, values kept here, sync says so and fails.
    let offline = try CLI.runProcess(
      ["cloud", "attach", "away", "--git", "file://" + box.directory.path("missing.git")],
      environment: box.environment)
    #expect(offline.status == 0)
    #expect(offline.stderr.hasPrefix("plistctl: away is attached, but not synced yet: "))
    try Self.ok(box, "cloud", "set", "away", "k", "v")
    let sync = try CLI.runProcess(["cloud", "sync", "away"], environment: box.environment)
    #expect(sync.status == 1)
    #expect(
      sync.stderr.hasPrefix(
        "plistctl: away is not in sync (changes stay here until the next sync): "))
    #expect(try Self.ok(box, "cloud", "get", "away", "k") == "v\n")
    #expect(try Self.ok(box, "cloud", "status", "away").contains("pending:   changes not sent yet"))
    let detach = try CLI.runProcess(["cloud", "detach", "away"], environment: box.environment)
    #expect(detach.status == 1, "pending changes are not thrown away silently")
    try Self.ok(box, "cloud", "detach", "--force", "away")
    #expect(try Self.ok(box, "cloud", "list") == "s\tfolder \(box.directory.path("shared"))\n")
  }

  /// `cloud remove` of a key set on another machine since this one last synced: the removal
  /// is recorded (a note says the key was not known here), and it wins everywhere over the
  /// older write.
  @Test func removingAKeyNotSeenHereYetRecordsTheRemoval() throws {
    let a = try Sandbox()
    let b = try Sandbox()
    defer {
      a.remove()
      b.remove()
    }
    let folder = a.directory.path("shared")
    try Self.ok(a, "cloud", "attach", "s", "--folder", folder)
    try Self.ok(b, "cloud", "attach", "s", "--folder", folder)
    try Self.ok(a, "cloud", "set", "s", "k", "from-a")
    try Self.ok(a, "cloud", "set", "s", "kept", "1")
    let removed = try CLI.runProcess(["cloud", "remove", "s", "k"], environment: b.environment)
    #expect(removed.status == 0)
    #expect(
      removed.stderr
        == "plistctl: the key k was not known here; its removal is recorded and wins over "
        + "older writes elsewhere\n")
    try Self.ok(b, "cloud", "sync", "s")
    try Self.ok(a, "cloud", "sync", "s")
    #expect(try Self.ok(a, "cloud", "list", "s") == "kept\n")
    #expect(try Self.ok(b, "cloud", "list", "s") == "kept\n")
  }

  /// `cloud watch` on one machine prints, as it lands, a change made on another that shares
  /// the folder.
  @Test func watchPrintsAnExternalChangeAsItLands() throws {
    let a = try Sandbox()
    let b = try Sandbox()
    defer {
      a.remove()
      b.remove()
    }
    let folder = a.directory.path("shared")
    try Self.ok(a, "cloud", "attach", "s", "--folder", folder)
    try Self.ok(b, "cloud", "attach", "s", "--folder", folder)
    let watch = try WatchCommandTests.Watch(
      b, program: CLI.executable, ["cloud", "watch", "--json", "s"])
    defer { _ = watch.stop() }
    // Until the watch is in place, writes may land before it: keep writing new values until
    // one is reported, then check the next one arrives as exactly one line.
    var round = 0
    while !watch.output.contains("\"serverChange\"") && round < 100 {
      round += 1
      try Self.ok(a, "cloud", "set", "s", "probe", "-int", "\(round)")
      watch.waitForText("serverChange", seconds: 0.2)
    }
    let before = watch.output
    try Self.ok(a, "cloud", "set", "s", "HPMapType", "-int", "2")
    let line = #"{"code":0,"keys":["HPMapType"],"reason":"serverChange","store":"s"}"#
    watch.waitFor(line)
    #expect(String(watch.output.dropFirst(before.count)) == line + "\n")
  }

  /// The books' Pigeon pattern, automated: an app using Defaults on machine A changes a
  /// mirrored key; after syncs, machine B's domain file has it and an app watching B's
  /// domain through `Defaults.changes` is told.
  @Test func mirrorCarriesAnAppsChangeToTheOtherMachinesDomain() throws {
    let a = try Sandbox()
    let b = try Sandbox()
    defer {
      a.remove()
      b.remove()
    }
    let url = try Self.bareRepository(in: a)
    for box in [a, b] {
      try Self.ok(box, "cloud", "attach", "pigeon", "--git", url)
      try Self.ok(box, "cloud", "mirror", "pigeon", "com.example.pigeon", "HPMapType")
    }
    let watch = try WatchCommandTests.Watch(b, program: DefaultsProcessTests.pigeon, ["watch"])
    defer { _ = watch.stop() }
    watch.waitFor("ready")
    let app = try CLI.runProcess(
      ["map-type", "2"], environment: a.environment, program: DefaultsProcessTests.pigeon)
    #expect(app.status == 0)
    #expect(try Self.ok(a, "cloud", "sync", "pigeon") == "")
    #expect(try Self.ok(b, "cloud", "sync", "pigeon") == "serverChange: HPMapType\n")
    #expect((try b.contents("com.example.pigeon")["HPMapType"] as? NSNumber)?.intValue == 2)
    watch.waitFor("HPMapType: (none) -> 2 (app, another process)")
    #expect(watch.output.contains("HPMapType: (none) -> 2 (app, another process)"))
    // No loop: syncing again on either side brings nothing and writes nothing.
    let file = try b.bytes("com.example.pigeon")
    #expect(try Self.ok(b, "cloud", "sync", "pigeon") == "")
    #expect(try Self.ok(a, "cloud", "sync", "pigeon") == "")
    #expect(try b.bytes("com.example.pigeon") == file)
    // And back: plistctl changes the key on B; A's domain follows.
    _ = try b.ok("write", "com.example.pigeon", "HPMapType", "-int", "3")
    try Self.ok(b, "cloud", "sync", "pigeon")
    #expect(try Self.ok(a, "cloud", "sync", "pigeon") == "serverChange: HPMapType\n")
    #expect((try a.contents("com.example.pigeon")["HPMapType"] as? NSNumber)?.intValue == 3)
  }

  /// A mirrored domain that an app truncated and still holds open, past the five seconds a
  /// read waits for its save: the sync says so and sends nothing. (It took the file for an
  /// empty domain and sent the key's removal, which the other machine then applied.)
  @Test func aMirroredDomainCaughtMidSaveSendsNoRemoval() throws {
    let (a, b) = try Self.machinesSharingAFolder()
    defer {
      a.remove()
      b.remove()
    }
    _ = try a.ok("write", "com.example.pigeon", "HPMapType", "-int", "1")
    for box in [a, b] {
      try Self.ok(box, "cloud", "mirror", "pigeon", "com.example.pigeon", "HPMapType")
      try Self.ok(box, "cloud", "sync", "pigeon")
    }
    #expect(try b.ok("read", "com.example.pigeon", "HPMapType") == "1\n")
    let handle = try #require(FileHandle(forWritingAtPath: a.file("com.example.pigeon")))
    defer { try? handle.close() }
    try handle.truncate(atOffset: 0)
    let synced = try CLI.runProcess(["cloud", "sync", "pigeon"], environment: a.environment)
    #expect(synced.status != 0)
    #expect(
      synced.stderr.contains(
        "waited 5 s for process \(getpid()) to finish saving \(a.file("com.example.pigeon"))"),
      "\(synced.stderr)")
    try Self.ok(b, "cloud", "sync", "pigeon")
    #expect(try b.ok("read", "com.example.pigeon", "HPMapType") == "1\n")
  }

  /// Issue 24, point 14: a mirrored domain with a Settings bundle takes from the store only
  /// what `write` would take. Another machine's value the schema refuses is reported and not
  /// written; the domain keeps its value.
  @Test func aMirrorWritesNothingTheDomainsSchemaRefuses() throws {
    let (a, b) = try Self.machinesSharingAFolder()
    defer {
      a.remove()
      b.remove()
    }
    _ = try b.ok("settings", "attach", "com.example.pigeon", SettingsFixtures.path("pigeon"))
    _ = try b.ok("write", "com.example.pigeon", "HPMapType", "-int", "1")
    try Self.ok(b, "cloud", "mirror", "pigeon", "com.example.pigeon", "HPMapType")
    try Self.ok(a, "cloud", "set", "pigeon", "HPMapType", "-int", "7")
    let synced = try CLI.runProcess(["cloud", "sync", "pigeon"], environment: b.environment)
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stdout == "serverChange: HPMapType\n")
    #expect(
      synced.stderr.contains("pigeon: not written into its mirrored domain: HPMapType cannot be"))
    #expect(try b.ok("read", "com.example.pigeon", "HPMapType") == "1\n")
    // An allowed value goes through.
    try Self.ok(a, "cloud", "set", "pigeon", "HPMapType", "-int", "2")
    let allowed = try CLI.runProcess(["cloud", "sync", "pigeon"], environment: b.environment)
    #expect(allowed.stderr == "")
    #expect(try b.ok("read", "com.example.pigeon", "HPMapType") == "2\n")
  }
}
