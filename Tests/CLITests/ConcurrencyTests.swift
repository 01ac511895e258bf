import Foundation
import Testing

/// Many writers at once lose nothing; readers never see a broken file; a writer killed at any
/// moment leaves the old file or the new one.
@Suite("Concurrency and crashes")
struct ConcurrencyTests {
  /// A shell script in the background, plistctl's path as `$0`.
  static func shell(_ script: String, _ box: Sandbox) throws -> Process {
    try CLI.startQuietly(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script, CLI.executable.path], box)
  }

  @Test func eightWritersOfFiftyKeysLoseNothing() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let stop = box.directory.path("stop")
    // Counts reads that fail other than with "does not exist" (before the first write).
    let reader = try Self.shell(
      "failures=0; while [ ! -e \(stop) ]; do \"$0\" read shared >/dev/null 2>&1; "
        + "[ $? -gt 1 ] && failures=$((failures + 1)); done; exit $failures", box)
    // Stopped should the test end early: its stop file's folder goes with the sandbox.
    defer { if reader.isRunning { reader.terminate() } }
    let writers = try (0..<8).map { n in
      try Self.shell(
        "i=0; while [ $i -lt 50 ]; do \"$0\" write shared w\(n)-$i -int $i || exit 1; "
          + "i=$((i + 1)); done", box)
    }
    for writer in writers {
      writer.waitUntilExit()
      #expect(writer.terminationStatus == 0)
    }
    #expect(FileManager.default.createFile(atPath: stop, contents: nil))
    reader.waitUntilExit()
    #expect(reader.terminationStatus == 0, "failed reads")
    let contents = try box.contents("shared")
    #expect(contents.count == 400)
    for n in 0..<8 {
      for i in 0..<50 { #expect((contents["w\(n)-\(i)"] as? NSNumber)?.intValue == i) }
    }
  }

  @Test func writersKilledAtRandomMomentsNeverLeaveABrokenFile() throws {
    let box = try Sandbox()
    defer { box.remove() }
    // A large domain makes each write take long enough to be interrupted.
    let big = box.directory.path("big.plist")
    let blob = String(repeating: "ab", count: 1 << 18)
    try Data("{ blob = <\(blob)>; }".utf8).write(to: URL(fileURLWithPath: big))
    _ = try box.ok("import", "d", big)
    var generator = SystemRandomNumberGenerator()
    for round in 0..<24 {
      let writer = try Self.shell("exec \"$0\" write d k\(round) -int \(round)", box)
      // A write of this domain takes about 100 ms in a debug build: kill anywhere in it.
      usleep(UInt32.random(in: 0...150_000, using: &generator))
      kill(writer.processIdentifier, SIGKILL)
      writer.waitUntilExit()
      let lint = try box.run("lint", box.file("d"))
      #expect(lint.status == 0, "round \(round): \(lint.stderr)")
    }
    // Killed writers may leave temporary files; they are never mistaken for domains.
    #expect(try box.ok("domains") == "d\n")
  }
}
