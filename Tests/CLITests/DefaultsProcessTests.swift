import Foundation
import Testing

/// PlistCore's Defaults used by separate processes, as apps use it: the Pigeon example's two
/// processes seeing each other's changes, and many writers at once — Defaults and plistctl
/// together — losing nothing, even when killed mid-write.
@Suite("Defaults in separate processes")
struct DefaultsProcessTests {
  static let pigeon = CLI.executable.deletingLastPathComponent().appendingPathComponent("pigeon")
  static let worker = CLI.executable.deletingLastPathComponent().appendingPathComponent(
    "DefaultsWorker")

  /// `pigeon watch` in one process; `pigeon` in another, plistctl, and the global domain
  /// showing through: each change arrives as one line.
  @Test func onePigeonSeesTheOthersChanges() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let watch = try WatchCommandTests.Watch(box, program: Self.pigeon, ["watch"])
    watch.waitFor("ready")
    #expect(
      try CLI.runProcess(["map-type", "1"], environment: box.environment, program: Self.pigeon)
        .status == 0)
    watch.waitFor("HPMapType: (none) -> 1 (app, another process)")
    _ = try box.ok("write", "com.example.pigeon", "HPMapType", "-int", "2")
    watch.waitFor("HPMapType: 1 -> 2 (app, another process)")
    _ = try box.ok("write", "-g", "HPHeading", "-float", "45")
    watch.waitFor("HPHeading: 90 -> 45 (global, another process)")
    #expect(
      try CLI.runProcess(
        ["remember", "51.5", "0.5", "home"], environment: box.environment, program: Self.pigeon
      ).status == 0)
    let location =
      "HPLocation: (none) -> {     latitude = \"51.5\";     longitude = \"0.5\";"
      + "     name = home; } (app, another process)"
    watch.waitFor(location)
    _ = watch.stop()
    #expect(
      watch.output == """
        ready
        HPMapType: (none) -> 1 (app, another process)
        HPMapType: 1 -> 2 (app, another process)
        HPHeading: 90 -> 45 (global, another process)
        \(location)

        """)
  }

  /// Eight processes setting 200 keys each through Defaults, and four plistctl writers of
  /// 50 keys each, all at once in one domain: every key is there at the end.
  @Test func eightDefaultsProcessesAndFourPlistctlWritersLoseNothing() throws {
    let box = try Sandbox()
    defer { box.remove() }
    var processes = try (0..<8).map { n in
      try CLI.startQuietly(Self.worker, ["set", "com.example.shared", "d\(n)-", "200"], box)
    }
    processes += try (0..<4).map { n in
      try ConcurrencyTests.shell(
        "i=0; while [ $i -lt 50 ]; do \"$0\" write com.example.shared p\(n)-$i -int $i || exit 1; "
          + "i=$((i + 1)); done", box)
    }
    for process in processes {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    let contents = try box.contents("com.example.shared")
    #expect(contents.count == 8 * 200 + 4 * 50)
    for n in 0..<8 {
      for i in 0..<200 { #expect((contents["d\(n)-\(i)"] as? NSNumber)?.intValue == i) }
    }
    for n in 0..<4 {
      for i in 0..<50 { #expect((contents["p\(n)-\(i)"] as? NSNumber)?.intValue == i) }
    }
  }

  /// Defaults processes killed at random moments of their writes: the file always parses,
  /// and holds every key set before the last kill's start.
  @Test func aProcessKilledMidSetNeverLeavesABrokenFile() throws {
    let box = try Sandbox()
    defer { box.remove() }
    var generator = SystemRandomNumberGenerator()
    for round in 0..<16 {
      let worker = try CLI.startQuietly(
        Self.worker, ["set", "com.example.killed", "r\(round)-", "1000"], box)
      usleep(UInt32.random(in: 2_000...60_000, using: &generator))
      kill(worker.processIdentifier, SIGKILL)
      worker.waitUntilExit()
      guard box.exists(box.file("com.example.killed")) else { continue }
      let lint = try box.run("lint", box.file("com.example.killed"))
      #expect(lint.status == 0, "round \(round): \(lint.stderr)")
    }
  }
}
