import Foundation
import PlistCore
import TestSupport
import Testing

/// Issue 30 in separate processes: set-once values applied once under a kill and by two
/// processes at a time, and a change of the administrator's files reaching `watch
/// --effective`, the Settings app (in a real terminal, under tmux) and a cloud mirror.
@Suite(.enabled(if: getuid() == 0, "managed files count only when root owns them"))
struct ManagedProcessTests {
  static let app = "com.example.app"
  typealias Program = WatchCommandTests.Watch

  /// A `read` killed between the domain's write and the record's (or before the domain's
  /// rename) loses nothing: the next run, which waited for its lock, applies the value
  /// once and records it; later runs, two at a time, leave the user's own change alone.
  @Test(arguments: ["set-once-before-record", "before-rename"])
  func aKilledApplicationOfASetOnceValueIsFinishedByTheNextRun(_ point: String) throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", Self.app, "Other", "-int", "1")
    try box.managed.write(.setOnce, Self.app, ["Theme": "dark"])
    let record = box.root + "/plistctl/set-once/\(Self.app).plist"
    let first = try Program(
      box, program: CLI.executable, ["read", Self.app, "Theme"],
      environment: ["PLISTCTL_TEST_PAUSE": point], collectingErrors: true)
    first.waitForText("paused at \(point)", seconds: 10)
    #expect(!box.exists(record))
    // Started while the first holds the domain's lock: it waits for it.
    let second = try Program(box, program: CLI.executable, ["read", Self.app, "Theme"])
    kill(first.process.processIdentifier, SIGKILL)
    #expect(first.waitForExit(seconds: 10))
    #expect(second.waitForExit(seconds: 10))
    #expect(second.output == "dark\n")
    #expect(box.exists(record))
    #expect(try box.ok("read", Self.app) == "{\n    Other = 1;\n    Theme = dark;\n}\n")
    let left = try FileManager.default.contentsOfDirectory(atPath: box.root)
    #expect(left.filter { $0.contains("plistctl-new") } == [])

    _ = try box.ok("write", Self.app, "Theme", "light")
    let readers = try (0..<2).map { _ in
      try Program(box, program: CLI.executable, ["read", Self.app, "Theme"])
    }
    for reader in readers {
      #expect(reader.waitForExit(seconds: 10))
      #expect(reader.output == "light\n")
    }
  }

  /// `watch --effective` reports a forced value as it is dropped in, and its removal.
  @Test func watchEffectiveSeesTheAdministratorsChanges() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", Self.app, "Kiosk", "-bool", "NO")
    try FileManager.default.createDirectory(
      atPath: box.managed.path, withIntermediateDirectories: true)
    let watch = try Program(box, ["--effective", "--json", Self.app, "Kiosk"])
    defer { _ = watch.stop() }
    // Ready when a probe write shows up.
    var attempt = 0
    while !watch.output.contains("\"key\":\"Kiosk\"") && attempt < 100 {
      attempt += 1
      _ = try box.ok("write", Self.app, "Kiosk", "-int", "\(attempt)")
      watch.waitForText("\"key\":\"Kiosk\"", seconds: 0.1)
    }
    let start = watch.output.count
    let file = try box.managed.write(.forced, Self.app, ["Kiosk": true])
    let forced =
      #"{"key":"Kiosk","layer":"managed:com.example.app","new":true,"old":\#(attempt),"origin":"otherProcess"}"#
    watch.waitFor(forced)
    box.managed.remove(file)
    let back =
      #"{"key":"Kiosk","layer":"app","new":\#(attempt),"old":true,"origin":"otherProcess"}"#
    watch.waitFor(back)
    let lines = String(watch.output.dropFirst(start)).split(separator: "\n").map(String.init)
    #expect(lines == [forced, back])
  }

  /// The Settings app shows a forced key's row `(managed)`, refuses to change it, and shows
  /// the change when the administrator lifts it.
  @Test func theSettingsAppShowsAManagedRowLockedAndFollowsTheAdministrator() async throws {
    _ = try ExternalTool.require("tmux", package: "tmux")
    let box = try Sandbox()
    defer { box.remove() }
    let domain = "com.example.pigeon"
    _ = try box.ok("settings", "attach", domain, SettingsFixtures.path("pigeon"))
    let file = try box.managed.write(.forced, domain, ["HPShowTraffic": false])
    let tmux = try await Tmux.start(
      CLI.executable, ["settings", "edit", domain], environment: box.environment)
    defer { tmux.kill() }
    try await tmux.waitFor("the managed row") { screen in
      screen.contains { $0.hasPrefix("  Show Traffic") && $0.hasSuffix("OFF (managed)") }
    }
    try tmux.sendKeys("Down", "Space")
    try await tmux.waitFor("the refusal") { screen in
      screen.last?.hasPrefix("Show Traffic is managed by the administrator (") == true
    }
    #expect(!box.exists(box.file(domain)))
    box.managed.remove(file)
    try await tmux.waitFor("the row as the user's again") { screen in
      screen.contains { $0.hasPrefix("▸ Show Traffic") && $0.hasSuffix("ON (default)") }
    }
    try tmux.sendKeys("Space")
    try await tmux.waitFor("the row changed") { screen in
      screen.contains { $0.hasPrefix("▸ Show Traffic") && $0.hasSuffix("OFF") }
    }
    #expect(try box.contents(domain)["HPShowTraffic"] as? Bool == false)
  }

  /// A sync that brings another machine's value for a key this machine's administrator
  /// forces writes nothing into the domain, and says so.
  @Test func aCloudMirrorNeverWritesAForcedKey() throws {
    let (a, b) = try CloudCommandTests.machinesSharingAFolder()
    defer {
      a.remove()
      b.remove()
    }
    _ = try b.ok("write", "com.example.pigeon", "HPMapType", "-int", "1")
    _ = try CloudCommandTests.ok(b, "cloud", "mirror", "pigeon", "com.example.pigeon", "HPMapType")
    let forced = try b.managed.write(.locked, "com.example.pigeon", .array(["HPMapType"]))
    _ = try CloudCommandTests.ok(a, "cloud", "set", "pigeon", "HPMapType", "-int", "7")
    let before = try b.bytes("com.example.pigeon")
    let synced = try CLI.runProcess(["cloud", "sync", "pigeon"], environment: b.environment)
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(
      synced.stderr
        == "plistctl: pigeon: not written into its mirrored domain: HPMapType in "
        + "com.example.pigeon is managed by the administrator (\(forced)); it cannot be changed\n")
    #expect(try b.bytes("com.example.pigeon") == before)
    // Lifted: the store's value comes in at the next sync.
    b.managed.remove(forced)
    let again = try CLI.runProcess(["cloud", "sync", "pigeon"], environment: b.environment)
    #expect(again.stderr == "")
    #expect(try b.ok("read", "com.example.pigeon", "HPMapType") == "7\n")
  }
}
