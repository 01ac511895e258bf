import Foundation
import Testing

/// Another machine's keys and file names on their way to the terminal (issue 24, point 13):
/// a replica's file written into a `--folder` store's `replicas/`, as another machine would,
/// with keys that set the clipboard (OSC 52), clear the screen, forge a line, or hold DEL
/// and a C1 control; every `cloud` command that prints them must escape them.
@Suite("cloud output of other machines' text")
struct CloudHostileOutputTests {
  static let keys = [
    "\u{1B}]52;c;aGVsbG8=\u{07}", "\u{1B}[2J", "line\nplistctl: forged", "del\u{7F}",
    "csi\u{9B}31m",
  ]

  /// Writes another replica's file (binary, which holds any string) holding `keys`, and a
  /// malformed one whose bad entry's key has an ESC, and a stray file with one in its name.
  static func plantHostileFiles(in folder: String, keys: [String]) throws {
    let replicas = folder + "/replicas"
    try FileManager.default.createDirectory(atPath: replicas, withIntermediateDirectories: true)
    func file(_ id: String, _ entries: [String: Any]) throws {
      let root: [String: Any] = [
        "format": 1, "replica": id, "time": 1_700_000_000_000, "counter": 0, "seen": [:],
        "entries": entries,
      ]
      let data = try PropertyListSerialization.data(
        fromPropertyList: root, format: .binary, options: 0)
      try data.write(to: URL(fileURLWithPath: replicas + "/" + id + ".plist"))
    }
    let good = String(repeating: "e", count: 32)
    var entries: [String: Any] = [:]
    for key in keys {
      entries[key] = [
        "replica": good, "time": 1_700_000_000_000, "counter": 0, "value": "x",
      ]
    }
    try file(good, entries)
    try file(String(repeating: "d", count: 32), ["bad\u{1B}[2Jentry": ["value": 1]])
    try Data().write(to: URL(fileURLWithPath: replicas + "/stray\u{1B}]52;c;eA==\u{07}\n.txt"))
  }

  /// The control bytes of a text that no terminal should receive: C0 but the newline (and
  /// the tab `cloud list` puts between columns), DEL, and C1 in UTF-8 (C2 80–C2 9F).
  static func rawControls(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8)
    var found: [UInt8] = []
    for (index, byte) in bytes.enumerated() {
      if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F {
        found.append(byte)
      } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
        found.append(bytes[index + 1])
      }
    }
    return found
  }

  static func run(_ box: Sandbox, _ arguments: String...) throws -> CLI.Result {
    let result = try CLI.runProcess(arguments, environment: box.environment)
    #expect(
      rawControls(result.stdout).isEmpty, "\(arguments) stdout: \(result.stdout.debugDescription)")
    #expect(
      rawControls(result.stderr).isEmpty, "\(arguments) stderr: \(result.stderr.debugDescription)")
    #expect(!(result.stdout + result.stderr).contains("\nplistctl: forged"))
    return result
  }

  @Test func everyCloudCommandEscapesOtherMachinesText() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let folder = box.directory.path("shared")
    #expect(try Self.run(box, "cloud", "attach", "s", "--folder", folder).status == 0)
    try Self.plantHostileFiles(in: folder, keys: Self.keys)
    let sync = try Self.run(box, "cloud", "sync", "s")
    #expect(sync.stdout.hasPrefix("serverChange: "))
    #expect(sync.stdout.contains("\\U001b[2J") && sync.stdout.contains("line\\nplistctl: forged"))
    #expect(sync.stdout.contains("del\\U007f") && sync.stdout.contains("csi\\U009b31m"))
    let list = try Self.run(box, "cloud", "list", "s")
    #expect(list.stdout.split(separator: "\n").count == Self.keys.count)
    let status = try Self.run(box, "cloud", "status", "s")
    #expect(status.stdout.contains("ignored: stray\\U001b]52;c;eA==\\U0007\\n.txt"))
    #expect(status.stdout.contains("bad\\U001b[2Jentry"))
    _ = try Self.run(box, "cloud", "status", "--json", "s")
    // A second machine attaching the folder: its first sync prints every key.
    let other = try Sandbox()
    defer { other.remove() }
    let attach = try Self.run(other, "cloud", "attach", "s", "--folder", folder)
    #expect(attach.stdout.hasPrefix("initialSync: "))
  }

  /// A string value another machine set, read with `cloud get` (or mirrored into a domain
  /// and read with `read D K`): escaped when standard output is a terminal (a
  /// pseudo-terminal here), but its line breaks; whole when a script reads it.
  @Test(arguments: ["cloud get", "read"])
  func aStringIsEscapedOnATerminalOnly(command: String) throws {
    let box = try Sandbox()
    defer { box.remove() }
    let hostile = "a\u{1B}]52;c;ZXZpbA==\u{07}b\u{9B}2J\nsecond line"
    let arguments: [String]
    if command == "read" {
      #expect(
        try CLI.runProcess(["write", "dom", "k", "-string", hostile], environment: box.environment)
          .status == 0)
      arguments = ["read", "dom", "k"]
    } else {
      let folder = box.directory.path("shared")
      #expect(try Self.run(box, "cloud", "attach", "s", "--folder", folder).status == 0)
      #expect(
        try CLI.runProcess(
          ["cloud", "set", "s", "k", "-string", hostile], environment: box.environment
        ).status == 0)
      arguments = ["cloud", "get", "s", "k"]
    }
    let piped = try CLI.runProcess(arguments, environment: box.environment)
    #expect(piped.stdout == hostile + "\n", "a script gets the value whole")
    let shown = try Self.onTerminal(box, arguments).replacingOccurrences(of: "\r\n", with: "\n")
    #expect(Self.rawControls(shown).isEmpty, "\(shown.debugDescription)")
    #expect(shown == "a\\U001b]52;c;ZXZpbA==\\U0007b\\U009b2J\nsecond line\n")
  }

  /// What plistctl prints with a pseudo-terminal as its standard output (python3's `pty`).
  static func onTerminal(_ box: Sandbox, _ arguments: [String]) throws -> String {
    let result = try CLI.runProcess(
      [
        "python3", "-c",
        """
        import os, pty, sys
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(sys.argv[1], sys.argv[1:])
        out = b""
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        os.waitpid(pid, 0)
        sys.stdout.buffer.write(out)
        """,
        CLI.executable.path,
      ] + arguments, environment: box.environment, program: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout
  }

  @Test func cloudWatchEscapesTheKeysOfAChangeAsItLands() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let folder = box.directory.path("shared")
    #expect(try Self.run(box, "cloud", "attach", "s", "--folder", folder).status == 0)
    let watch = try WatchCommandTests.Watch(
      box, program: CLI.executable, ["cloud", "watch", "s"], collectingErrors: true)
    defer { _ = watch.stop() }
    // Until the watch is in place a file may land before it: plant again until one shows.
    var round = 0
    while !watch.output.contains("serverChange") && round < 100 {
      round += 1
      try Self.plantHostileFiles(in: folder, keys: Self.keys.map { $0 + "\(round)" })
      watch.waitForText("serverChange", seconds: 0.2)
    }
    #expect(watch.output.contains("serverChange: "))
    #expect(Self.rawControls(watch.output).isEmpty, "\(watch.output.debugDescription)")
  }
}
