import Foundation
import PlistCore
import TestSupport
import Testing

/// The compatibility modes as scripts meet them: the binary run through links named
/// `plutil` and `PlistBuddy`, killed in the middle of a write, and PlistBuddy's shell in a
/// real terminal.
@Suite("plutil and PlistBuddy as programs")
struct ToolModeProcessTests {
  /// A directory with links named as the tools, to the built binary.
  static func links(_ files: ToolModeFixtures) throws -> (plutil: URL, buddy: URL) {
    let plutil = files.directory.url.appendingPathComponent("plutil")
    let buddy = files.directory.url.appendingPathComponent("PlistBuddy")
    for link in [plutil, buddy] {
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: CLI.executable)
    }
    return (plutil, buddy)
  }

  @Test func linksNamedAsTheToolsRunTheirModes() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let (plutil, buddy) = try Self.links(files)
    let info = try files.copy("info_aris_Info.plist", as: "Info.plist")
    let replaced = try CLI.runProcess(
      ["-replace", "CFBundleVersion", "-string", "77", info], program: plutil)
    #expect(replaced.status == 0 && replaced.stderr.isEmpty)
    let printed = try CLI.runProcess(["-c", "Print :CFBundleVersion", info], program: buddy)
    #expect(printed.status == 0 && printed.stdout == "77\n")
    let missing = try CLI.runProcess(["-c", "Print :Nope", info], program: buddy)
    #expect(missing.status == 1 && missing.stderr == "Print: Entry, \":Nope\", Does Not Exist\n")
    let lint = try CLI.runProcess([info], program: plutil)
    #expect(lint.stdout == "\(info): OK\n")
    // Only the whole last component counts: `myplutil` is plistctl.
    let other = files.directory.url.appendingPathComponent("myplutil")
    try FileManager.default.createSymbolicLink(at: other, withDestinationURL: CLI.executable)
    #expect(try CLI.runProcess(["--version"], program: other).stdout.hasPrefix("plistctl "))
    // `plistctl plutil` is the same program.
    let same = try CLI.runProcess(["plutil", "-extract", "CFBundleVersion", "raw", info])
    #expect(same.stdout == "77\n")
  }

  /// fastlane's resign.sh reads a decoded provisioning profile from a pipe:
  /// `PlistBuddy -c 'Print :Entitlements:application-identifier' /dev/stdin <<< "$(…)"`;
  /// scripts also call the tool as `PListBuddy` or `plistbuddy` (a Mac's disk ignores case).
  @Test func aPipeIsReadAndTheNameIsTakenInAnyCase() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let link = files.directory.url.appendingPathComponent("PListBuddy")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: CLI.executable)
    let profile =
      Array(
        "<plist><dict><key>Entitlements</key><dict><key>application-identifier</key>"
          .utf8) + Array("<string>ABCDE12345.com.example.app</string></dict></dict></plist>".utf8)
    let result = try CLI.runProcess(
      ["-c", "Print :Entitlements:application-identifier", "/dev/stdin"], stdin: profile,
      program: link)
    #expect(result.status == 0 && result.stdout == "ABCDE12345.com.example.app\n")
    #expect(result.stderr.isEmpty)
    let plutil = try CLI.runProcess(
      ["plutil", "-extract", "Entitlements.application-identifier", "raw", "-"], stdin: profile)
    #expect(plutil.stdout == "ABCDE12345.com.example.app\n")
  }

  /// A file's text reaches a terminal escaped from every way plutil prints (a plist written
  /// to standard output included); a pipe gets it byte for byte.
  @Test func plutilsOutputToATerminalIsEscaped() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    try files.directory.write(
      "h.plist",
      "<plist><dict><key>k</key><string>a\u{1B}]52;c;ZXZpbA==\u{7}b</string></dict></plist>")
    let path = files.path("h.plist")
    let box = try Sandbox()
    defer { box.remove() }
    for arguments in [
      ["plutil", "-convert", "xml1", "-o", "-", path], ["plutil", "-extract", "k", "raw", path],
      ["plutil", "-p", path], ["buddy", "-x", "-c", "Print :k", path],
      ["buddy", "-c", "Print", path],
    ] {
      let shown = try CloudHostileOutputTests.onTerminal(box, arguments)
        .replacingOccurrences(of: "\r\n", with: "\n")
      #expect(
        CloudHostileOutputTests.rawControls(shown).isEmpty,
        "\(arguments): \(shown.debugDescription)")
      #expect(shown.contains("\\U001b]52;c;ZXZpbA==\\U0007b"), "\(arguments)")
    }
    let piped = try CLI.runProcess(["plutil", "-convert", "xml1", "-o", "-", path])
    #expect(piped.stdout.contains("a\u{1B}]52;c;ZXZpbA==\u{7}b"))
  }

  /// A `-c` run whose standard output is closed still runs and saves, and says it failed.
  @Test func aClosedStandardOutputDoesNotLoseTheChanges() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let info = try files.copy("info_aris_Info.plist", as: "Info.plist")
    let result = try CLI.runProcess(
      [
        "-c",
        "exec \"$0\" buddy -c 'Print :CFBundleVersion' -c 'Set :CFBundleVersion 8' \"$1\" >&-",
        CLI.executable.path, info,
      ], program: try ExternalTool.require("sh", package: "dash"))
    #expect(result.status == 1)
    #expect(!result.stderr.contains("Error Reading File"))
    #expect(try files.plistlib("Info.plist")["CFBundleVersion"] == "8")
  }

  /// The shell skips a line of a mebibyte or more whole: its tail never runs as a command.
  @Test func theShellSkipsAnOverlongLine() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let path = files.path("s.plist")
    let long = "Add :K string " + String(repeating: "a", count: 1 << 20) + " Add :Tail string x"
    let result = try CLI.runProcess(
      ["buddy", path], stdin: Array((long + "\nAdd :After string y\nSave\n").utf8))
    #expect(result.status == 0)
    #expect(result.stderr == "a command of 1 MiB or more was skipped\n")
    #expect(try files.plistlib("s.plist") == ["After": "y"])
  }

  /// PlistBuddy prints dates in local time, and reads its own form back.
  @Test func datesAreLocalTime() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    try files.directory.write(
      "d.plist", "<plist><dict><key>d</key><date>2024-01-01T00:00:00Z</date></dict></plist>")
    let path = files.path("d.plist")
    let utc = try CLI.runProcess(["buddy", "-c", "Print :d", path], environment: ["TZ": "UTC"])
    #expect(utc.stdout == "Mon Jan 01 00:00:00 UTC 2024\n")
    let tokyo = try CLI.runProcess(
      ["buddy", "-c", "Print :d", path], environment: ["TZ": "Asia/Tokyo"])
    #expect(tokyo.stdout == "Mon Jan 01 09:00:00 JST 2024\n")
    let set = try CLI.runProcess(
      ["buddy", "-c", "Set :d Tue Jan 02 09:30:00 JST 2024", path],
      environment: ["TZ": "Asia/Tokyo"])
    #expect(set.status == 0 && set.stdout.isEmpty)
    let raw = try CLI.runProcess(["plutil", "-extract", "d", "raw", path])
    #expect(raw.stdout == "2024-01-02T00:30:00Z\n")
  }

  /// A run killed just before it renames its new file into place leaves the old file whole
  /// and no temporary file; the next run does the change.
  @Test(arguments: [
    ["plutil", "-replace", "CFBundleVersion", "-string", "99"],
    ["buddy", "-c", "Set :CFBundleVersion 99"],
    ["buddy", "-c", "Add :A string a", "-c", "Save", "-c", "Set :CFBundleVersion 99"],
  ])
  func aKillBeforeTheRenameLosesNothing(_ arguments: [String]) throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let info = try files.copy("info_aris_Info.plist", as: "Info.plist")
    let before = try files.directory.read("Info.plist")
    let box = try Sandbox()
    defer { box.remove() }
    let writer = try HardeningCommandTests.Program(
      box, program: CLI.executable, arguments + [info],
      environment: ["PLISTCTL_TEST_PAUSE": "before-rename"], collectingErrors: true)
    writer.waitForText("paused at before-rename", seconds: 10)
    kill(writer.process.processIdentifier, SIGKILL)
    #expect(writer.waitForExit(seconds: 10))
    #expect(try files.directory.read("Info.plist") == before)
    // A killed writer's temporary file is the next writer's to replace.
    let again = try CLI.runProcess(arguments + [info])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try files.plistlib("Info.plist")["CFBundleVersion"] == "99")
    let left = try FileManager.default.contentsOfDirectory(atPath: files.directory.url.path)
    #expect(left.filter { $0.contains("plistctl-new") } == [])
  }

  /// The shell in a terminal: a prompt, answers, a hostile string shown escaped, Save.
  @Test func theShellInATerminal() async throws {
    _ = try ExternalTool.require("tmux", package: "tmux")
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let (_, buddy) = try Self.links(files)
    try files.directory.write(
      "t.plist",
      "<plist><dict><key>Version</key><string>1</string><key>Title</key>"
        + "<string>a\u{1B}]0;pwned\u{7}b</string></dict></plist>")
    let path = files.path("t.plist")
    let tmux = try await Tmux.start(buddy, [path])
    defer { tmux.kill() }
    _ = try await tmux.waitForLine(startingWith: "Command:")
    try tmux.type("Set :Version 2")
    try tmux.sendKeys("Enter")
    try tmux.type("Print :Title")
    try tmux.sendKeys("Enter")
    _ = try await tmux.waitForLine(startingWith: "a\\U001b]0;pwned\\U0007b")
    try tmux.type("Save")
    try tmux.sendKeys("Enter")
    try await tmux.waitForLine("Saving...")
    try tmux.type("Exit")
    try tmux.sendKeys("Enter")
    #expect(try await tmux.waitForExit() == 0)
    // plistlib refuses the control characters XML 1.0 leaves out (as CF writes them, raw).
    let saved = try PropertyList.decode(try files.directory.read("t.plist")).value
    #expect(saved["Version"] == "2" && saved["Title"] == "a\u{1B}]0;pwned\u{7}b")
  }
}
