import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// What outside testing broke (issue 11), at the command line: signals and `ulimit -f`
/// during a write, the umask, `convert --in-place` against writers, files that are not
/// property lists at all (a FIFO, `/dev/zero`, an endless pipe). Every program runs as a
/// separate process, bounded in time.
@Suite("Hardening")
struct HardeningCommandTests {
  typealias Program = WatchCommandTests.Watch

  /// Runs plistctl (or `sh -c SCRIPT plistctl`) to its end, ten seconds at most.
  static func run(
    _ box: Sandbox, _ arguments: [String], shell: String? = nil,
    environment: [String: String] = [:]
  ) throws -> (status: Int32, output: String, ended: Bool) {
    let program = try Program(
      box, program: shell == nil ? CLI.executable : URL(fileURLWithPath: "/bin/sh"),
      shell.map { ["-c", $0, CLI.executable.path] } ?? arguments, environment: environment,
      collectingErrors: true)
    let ended = program.waitForExit(seconds: 10)
    return (program.process.terminationStatus, program.output, ended)
  }

  static func temporaries(_ box: Sandbox) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: box.root).filter {
      $0.contains(".plistctl-new")
    }
  }

  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func aSignalDuringAWriteRemovesTheTemporaryFile(signal: Int32) throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "k", "v")
    let before = try box.bytes("d")
    // A debug build waits just before the rename when asked, with the new file written.
    let writer = try Program(
      box, program: CLI.executable, ["write", "d", "k2", "new"],
      environment: ["PLISTCTL_TEST_PAUSE": "before-rename"], collectingErrors: true)
    writer.waitForText("paused at before-rename", seconds: 10)
    #expect(try Self.temporaries(box) == ["d.plist.plistctl-new"])
    kill(writer.process.processIdentifier, signal)
    #expect(writer.waitForExit(seconds: 10))
    #expect(writer.process.terminationReason == .uncaughtSignal)
    #expect(writer.process.terminationStatus == signal)
    #expect(try Self.temporaries(box) == [])
    #expect(try box.bytes("d") == before)
  }

  @Test func aWritePastUlimitIsOneLineAndLeavesNothing() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "k", "v")
    let before = try box.bytes("d")
    let big = String(repeating: "x", count: 4000)
    // No `trap '' XFSZ` here: plistctl itself turns the signal into an error.
    let result = try Self.run(box, [], shell: "ulimit -f 1; exec \"$0\" write d big \(big)")
    #expect(result.ended)
    #expect(result.status == 2)
    #expect(
      result.output
        == "plistctl: Could not write domain d: cannot write \(box.file("d")): File too large\n")
    #expect(try Self.temporaries(box) == [])
    #expect(try box.bytes("d") == before)
  }

  @Test func newFilesHonourTheUmask() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "k", "v")
    for (umask, mode) in [("077", 0o600), ("022", 0o644)] {
      let exported = box.directory.path("export-\(umask).plist")
      let converted = box.directory.path("convert-\(umask).plist")
      let script =
        "umask \(umask); \"$0\" export d \(exported) && \"$0\" convert binary \(box.file("d")) -o \(converted)"
      let result = try Self.run(box, [], shell: script)
      #expect(result.status == 0, "\(result.output)")
      for path in [exported, converted] {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == mode, "\(path)")
      }
    }
  }

  @Test func convertInPlaceTakesTheLockThatWriteTakes() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "k", "v")
    let holder = open(box.root, O_RDONLY | O_DIRECTORY)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX) == 0)
    let result = try Self.run(
      box, ["convert", "binary", box.file("d"), "--in-place"],
      environment: ["PLISTCTL_LOCK_TIMEOUT": "0.2"])
    #expect(result.status == 2)
    #expect(
      result.output
        == "plistctl: waited 0.2 s for the lock on \(box.root), held by process \(getpid()); "
        + "giving up (PLISTCTL_LOCK_TIMEOUT sets the wait)\n")
    #expect(flock(holder, LOCK_UN) == 0)
    #expect(try Self.run(box, ["convert", "binary", box.file("d"), "--in-place"]).status == 0)
    #expect(try box.bytes("d").starts(with: Array("bplist00".utf8)))
  }

  /// A domain another program truncated and still holds open, past the five seconds a read
  /// waits for its save: `write` says who and what, and leaves the file to that program.
  @Test func aWriteWaitsForAnUnfinishedSaveAndGivesUp() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "k", "v")
    let handle = try #require(FileHandle(forWritingAtPath: box.file("d")))
    defer { try? handle.close() }
    try handle.truncate(atOffset: 0)
    let result = try Self.run(box, ["write", "d", "other", "w"])
    #expect(result.status == 2)
    #expect(
      result.output
        == "plistctl: waited 5 s for process \(getpid()) to finish saving \(box.file("d")); "
        + "giving up\n")
    #expect(try box.bytes("d").isEmpty)
  }

  /// The same, the program holding the file stopped (`kill -STOP`): `read` says so, as the
  /// lock's message does of a stopped holder, for it will not finish by itself.
  @Test func aReadNamesAStoppedSaver() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "k", "v")
    let saver = Process()
    saver.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    saver.arguments = [
      "python3", "-c",
      "import os, signal, sys\nf = open(sys.argv[1], 'wb')\nprint('ready', flush=True)\n"
        + "os.kill(os.getpid(), signal.SIGSTOP)", box.file("d"),
    ]
    let output = Pipe()
    saver.standardOutput = output
    try saver.run()
    let process = saver.processIdentifier
    defer {
      kill(process, SIGKILL)
      saver.waitUntilExit()
    }
    // Its first bytes come once it has the file open.
    #expect(
      String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("r"))
    // Stopped once its state in /proc says so (the check `read`'s message uses).
    #expect(waitUntil { Platform.isStopped(process: process) })
    let result = try Self.run(box, ["read", "d"])
    #expect(result.status == 2)
    #expect(
      result.output
        == "plistctl: waited 5 s for process \(process), which is stopped, to finish saving "
        + "\(box.file("d")); giving up\n")
  }

  @Test func aFIFOAsADomainIsRefusedAtOnce() throws {
    let box = try Sandbox()
    defer { box.remove() }
    try FileManager.default.createDirectory(atPath: box.root, withIntermediateDirectories: true)
    #expect(mkfifo(box.file("f"), 0o600) == 0)
    for arguments in [["read", "f"], ["write", "f", "k", "v"], ["delete", "f"]] {
      let result = try Self.run(box, arguments)
      #expect(result.ended, "\(arguments)")
      #expect(result.status == 2, "\(arguments)")
      #expect(
        result.output.hasSuffix(
          "\(box.file("f")) is not a regular file (a FIFO, a device or a socket), so it is not read\n"
        ),
        "\(arguments)")
    }
  }

  /// A pipe named as the output is written into, not replaced: through `/dev/stdout` the
  /// output reaches the pipe (it made a file named `pipe:[N]` in the current directory) or
  /// the file standard output appends to (which it replaced), and a FIFO stays a FIFO with
  /// the output in it — unless another user's, in a sticky directory.
  @Test func outputsThatArePipesAreWrittenIntoNotReplaced() throws {
    let box = try Sandbox()
    defer { box.remove() }
    try FileManager.default.createDirectory(atPath: box.root, withIntermediateDirectories: true)
    try Data(#"{"a": [1, "two"]}"#.utf8).write(to: URL(fileURLWithPath: box.file("in.json")))
    let expected = try box.ok("convert", "xml", box.file("in.json"))
    _ = try box.ok("import", "d", box.file("in.json"))
    let here = URL(fileURLWithPath: box.root)
    for arguments in [
      ["convert", "xml", box.file("in.json"), "-o", "/dev/stdout"],
      ["export", "--xml", "d", "/dev/stdout"],
    ] {
      let result = try CLI.runProcess(arguments, environment: box.environment, directory: here)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stdout == expected, "\(arguments)")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: box.root).sorted() == [
        "d.plist", "in.json.plist",
      ])

    #expect(mkfifo(box.file("out"), 0o600) == 0)
    // Open for reading first, so that the writer's open does not wait for a reader.
    let reader = open(box.file("out"), O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    let result = try Self.run(box, ["convert", "xml", box.file("in.json"), "-o", box.file("out")])
    #expect(result.ended && result.status == 0, "\(result.output)")
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = read(reader, &buffer, buffer.count)
    #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == expected)
    var info = stat()
    #expect(lstat(box.file("out"), &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)

    // /dev/stdout is the descriptor itself: a file opened for appending keeps what it held.
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: box.file("log")))
    let appended = try Self.run(
      box, [],
      shell:
        "exec \"$0\" convert xml '\(box.file("in.json"))' -o /dev/stdout >>'\(box.file("log"))'")
    #expect(appended.ended && appended.status == 0, "\(appended.output)")
    #expect(String(decoding: try box.bytes("log"), as: UTF8.self) == "old\n" + expected)

    // Another user's FIFO in a sticky directory anyone may write to (/tmp): refused at once,
    // as replacing it would be, rather than handing that user the output.
    guard geteuid() == 0 else { return }
    let sticky = box.root + "/sticky"
    #expect(mkdir(sticky, 0o777) == 0 && chmod(sticky, 0o1777) == 0)
    #expect(mkfifo(sticky + "/f", 0o666) == 0 && chown(sticky + "/f", 65534, 65534) == 0)
    let refused = try Self.run(box, ["convert", "xml", box.file("in.json"), "-o", sticky + "/f"])
    #expect(refused.ended && refused.status == 2, "\(refused.output)")
    #expect(refused.output.contains("Permission denied"), "\(refused.output)")
  }

  @Test func endlessInputsStopAtTheLimit() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let zero = try Self.run(box, ["lint", "--max-size", "1M", "/dev/zero"])
    #expect(zero.status == 2)
    #expect(zero.output == "plistctl: /dev/zero is larger than 1 MiB, the most that is read\n")
    let endless = try Self.run(box, [], shell: "yes | exec \"$0\" print --max-size 64K -")
    #expect(endless.status == 2)
    #expect(
      endless.output
        == "plistctl: <stdin> is larger than 64 KiB, the most that is read "
        + "(--max-size or PLISTCTL_MAX_SIZE raise it)\n")
    let bad = try box.run("print", "--max-size", "lots", "-")
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("plistctl: --max-size needs a size such as 64M, not 'lots'\n"))
    let variable = try Self.run(
      box, ["print", "/dev/zero"], environment: ["PLISTCTL_MAX_SIZE": "10"])
    #expect(variable.status == 2)
    #expect(variable.output.hasPrefix("plistctl: /dev/zero is larger than 10 bytes"))
  }
}
