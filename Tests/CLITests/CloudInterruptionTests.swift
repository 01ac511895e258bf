import Foundation
import TestSupport
import Testing

/// `cloud sync` interrupted, or held up, as a user's machine does it: killed at every git
/// step (plistctl alone, its git living on; or plistctl with its git, which leaves git's
/// locks behind), a remote that never answers, a hook's git variables. Nothing acknowledged
/// is lost, a `cloud set` never waits for the network, and the next sync succeeds.
@Suite("cloud interruptions", .serialized)
struct CloudInterruptionTests {
  static let git = URL(fileURLWithPath: "/usr/bin/git")

  /// A `git` on PATH that counts its runs and, at run `PLISTCTL_KILL_AT`, kills plistctl
  /// (`parent`: git itself then runs on, an orphan) or plistctl with every git it runs
  /// (`group`: its session, as a closed terminal does) after leaving the locks a git killed
  /// mid-step leaves.
  static func makeShim(in box: Sandbox) throws -> String {
    let directory = box.directory.path("shim")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let script = """
      #!/bin/sh
      n=$(( $(cat "$SHIM_STATE/count" 2>/dev/null || echo 0) + 1 ))
      echo "$n" > "$SHIM_STATE/count"
      echo "$n $*" >> "$SHIM_STATE/log"
      if [ "$n" = "${PLISTCTL_KILL_AT:-0}" ]; then
        if [ "$PLISTCTL_KILL_MODE" = parent ]; then
          kill -9 "$PPID"
        else
          tree=$2
          touch "$tree/.git/index.lock" "$tree/.git/HEAD.lock" 2>/dev/null
          mkdir -p "$tree/.git/refs/heads" && touch "$tree/.git/refs/heads/main.lock"
          # The whole session: plistctl, and git in whichever process group it runs.
          kill -9 $(ps -o pid= -s "$(cut -d ' ' -f 6 /proc/$$/stat)")
        fi
      fi
      exec /usr/bin/git "$@"
      """
    try Data(script.utf8).write(to: URL(fileURLWithPath: directory + "/git"))
    #expect(chmod(directory + "/git", 0o755) == 0)
    return directory
  }

  /// Runs plistctl in a session of its own (so a kill of its process group stays there),
  /// through the shim.
  static func runShimmed(
    _ box: Sandbox, shim: String, killAt: Int, mode: String, _ arguments: [String]
  ) throws -> CLI.Result {
    try? FileManager.default.removeItem(atPath: shim + "/count")
    var environment = box.environment
    environment["PATH"] = shim + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
    environment["SHIM_STATE"] = shim
    environment["PLISTCTL_KILL_AT"] = String(killAt)
    environment["PLISTCTL_KILL_MODE"] = mode
    return try CLI.runProcess(
      ["-w", CLI.executable.path] + arguments, environment: environment,
      program: URL(fileURLWithPath: "/usr/bin/setsid"))
  }

  /// Points 1 and 2: a sync killed before each of its git steps, in both ways. Every value
  /// set before (acknowledged: `cloud set` exited 0) survives on this machine and reaches the
  /// other; a `cloud set` right after works; the next sync succeeds.
  @Test(arguments: ["parent", "group"])
  func aSyncKilledAtEveryGitStepLosesNothing(mode: String) throws {
    let a = try Sandbox()
    let b = try Sandbox()
    defer {
      a.remove()
      b.remove()
    }
    let url = try CloudCommandTests.bareRepository(in: a)
    let shim = try Self.makeShim(in: a)
    try CloudCommandTests.ok(a, "cloud", "attach", "s", "--git", url)
    try CloudCommandTests.ok(a, "cloud", "set", "s", "first", "-int", "0")
    try CloudCommandTests.ok(a, "cloud", "set", "s", "pending", "-int", "0")
    // How many git runs a sync with a change to send makes.
    let counted = try Self.runShimmed(a, shim: shim, killAt: 0, mode: mode, ["cloud", "sync", "s"])
    #expect(counted.status == 0, "\(counted.stderr)")
    let steps =
      Int(
        (try String(contentsOfFile: shim + "/count", encoding: .utf8))
          .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    #expect(
      steps >= 8,
      "fetch, ls-tree, cat-file, hash-object, mktree, commit-tree, push, update-ref at least")
    try CloudCommandTests.ok(b, "cloud", "attach", "s", "--git", url)
    for step in 1...steps {
      try CloudCommandTests.ok(a, "cloud", "set", "s", "before\(step)", "-int", String(step))
      let killed = try Self.runShimmed(
        a, shim: shim, killAt: step, mode: mode, ["cloud", "sync", "s"])
      #expect(killed.status != 0, "step \(step): killed")
      try CloudCommandTests.ok(a, "cloud", "set", "s", "after\(step)", "-int", String(step))
      // Another machine moved the remote meanwhile: the next sync builds on its commit.
      try CloudCommandTests.ok(b, "cloud", "set", "s", "b\(step)", "-int", String(step))
      try CloudCommandTests.ok(b, "cloud", "sync", "s")
      try CloudCommandTests.ok(a, "cloud", "sync", "s")
    }
    try CloudCommandTests.ok(b, "cloud", "sync", "s")
    let keys = Set(
      try CloudCommandTests.ok(b, "cloud", "list", "s").split(separator: "\n").map(String.init))
    let expected = Set(
      ["first", "pending"]
        + (1...steps).flatMap { ["before\($0)", "after\($0)", "b\($0)"] })
    #expect(keys == expected)
    #expect(
      Set(try CloudCommandTests.ok(a, "cloud", "list", "s").split(separator: "\n").map(String.init))
        == expected)
  }

  /// Point 12: a remote that accepts and never answers. The sync gives up after the
  /// deadline and reports offline; meanwhile `cloud set` works at once (offline first).
  @Test func aSilentRemoteNeitherHangsASyncNorHoldsUpAWrite() throws {
    let a = try Sandbox()
    defer { a.remove() }
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // It ends by itself 60 s after its last connection (the test's signals may be blocked in
    // what it starts, so no alarm), and the test kills it when done.
    server.arguments = [
      "python3", "-c",
      """
      import socket
      s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(8); s.settimeout(60)
      print(s.getsockname()[1], flush=True)
      held = []
      try:
          while True:
              c, _ = s.accept(); held.append(c); print("accepted", flush=True)
      except socket.timeout:
          pass
      """,
    ]
    let output = Pipe()
    server.standardOutput = output
    server.standardError = FileHandle.nullDevice
    try server.run()
    defer { kill(server.processIdentifier, SIGKILL) }
    let lines = LineReader(output.fileHandleForReading)
    let port = try #require(lines.next())
    var environment = a.environment
    environment["PLISTCTL_CLOUD_TIMEOUT"] = "2"
    let attached = try CLI.runProcess(
      ["cloud", "attach", "s", "--git", "git://127.0.0.1:\(port)/store.git"],
      environment: environment)
    #expect(attached.status == 0, "\(attached.stderr)")
    #expect(attached.stderr.contains("did not finish within 2 s"))
    #expect(lines.next() == "accepted")

    let sync = Process()
    sync.executableURL = CLI.executable
    sync.arguments = ["cloud", "sync", "s"]
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { $1 }
    sync.environment = merged
    let syncErrors = Pipe()
    sync.standardError = syncErrors
    try sync.run()
    #expect(lines.next() == "accepted", "the sync's fetch is connected and waiting")
    let set = try CLI.runProcess(["cloud", "set", "s", "k", "-int", "1"], environment: environment)
    #expect(set.status == 0, "\(set.stderr)")
    #expect(sync.isRunning, "the write did not wait for the sync")
    sync.waitUntilExit()
    #expect(sync.terminationStatus == 1)
    let message = String(
      decoding: syncErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(message.contains("did not finish within 2 s"), "\(message)")
    #expect(try CloudCommandTests.ok(a, "cloud", "get", "s", "k") == "1\n")
  }

  /// Point 11: run from a git hook, with `GIT_DIR` and `GIT_WORK_TREE` pointing at the
  /// user's own repository: the sync commits into its private clone, never there.
  @Test func theCallersGitVariablesNeverReachGit() throws {
    let a = try Sandbox()
    defer { a.remove() }
    let url = try CloudCommandTests.bareRepository(in: a)
    let user = a.directory.path("project")
    for arguments in [
      ["init", "-q", "-b", "main", user],
      [
        "-C", user, "-c", "user.name=u", "-c", "user.email=u@x", "commit", "-q",
        "--allow-empty", "-m", "mine",
      ],
    ] {
      #expect(try CLI.runProcess(arguments, program: Self.git).status == 0)
    }
    try CloudCommandTests.ok(a, "cloud", "attach", "s", "--git", url)
    try CloudCommandTests.ok(a, "cloud", "set", "s", "k", "-int", "1")
    var environment = a.environment
    environment["GIT_DIR"] = user + "/.git"
    environment["GIT_WORK_TREE"] = user
    environment["GIT_INDEX_FILE"] = user + "/.git/index"
    let synced = try CLI.runProcess(["cloud", "sync", "s"], environment: environment)
    #expect(synced.status == 0, "\(synced.stderr)")
    let count = try CLI.runProcess(["-C", user, "rev-list", "--count", "HEAD"], program: Self.git)
    #expect(count.stdout == "1\n")
    #expect(!FileManager.default.fileExists(atPath: user + "/replicas"))
    let b = try Sandbox()
    defer { b.remove() }
    try CloudCommandTests.ok(b, "cloud", "attach", "s", "--git", url)
    #expect(try CloudCommandTests.ok(b, "cloud", "get", "s", "k") == "1\n")
  }
}

/// Lines of a running program's output, one at a time (waiting for each).
final class LineReader {
  private let handle: FileHandle
  private var buffer: [UInt8] = []

  init(_ handle: FileHandle) { self.handle = handle }

  /// The next line, or nil at the end.
  func next() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeFirst(newline + 1)
        return line
      }
      let data = handle.availableData
      if data.isEmpty { return nil }
      buffer += data
    }
  }
}
