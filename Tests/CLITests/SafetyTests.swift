import Foundation
import TestSupport
import Testing

/// Bad input and hostile conditions: each gives a clear error and changes nothing.
@Suite("Safety")
struct SafetyTests {
  static let garbage = "<plist><dict><key>a</key><string>x</dict></plist>"

  @Test func anUnparsableDomainIsNeverOverwrittenOrDeleted() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "k", "v")
    try Data(Self.garbage.utf8).write(to: URL(fileURLWithPath: box.file("d")))
    for arguments in [
      ["write", "d", "k2", "v"], ["delete", "d"], ["delete", "d", "a"], ["read", "d"],
      ["rename", "d", "a", "b"], ["import", "d", box.file("d")],
    ] {
      let result = try box.run(arguments: arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(
        result.stderr
          == "plistctl: \(box.file("d")): xml: line 1, column 35: </dict> does not close the <string> opened at line 1, column 26\n",
        "\(arguments)")
      #expect(String(decoding: try box.bytes("d"), as: UTF8.self) == Self.garbage)
    }
  }

  @Test func anUnreadableDomainIsAReadError() throws {
    let box = try Sandbox()
    defer { box.remove() }
    try FileManager.default.createDirectory(
      atPath: box.file("d"), withIntermediateDirectories: true)
    let result = try box.run("read", "d")
    #expect(result.status == 2)
    #expect(result.stderr == "plistctl: cannot read \(box.file("d")): Is a directory\n")
  }

  @Test func aReadOnlyDirectoryRefusesTheWriteAndKeepsTheData() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "k", "v")
    let before = try box.bytes("d")
    var arguments = ["write", "d", "k", "changed"]
    if getuid() == 0 {
      // Root ignores permission bits: run as nobody, in a directory nobody owns.
      try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: box.root)
      try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: box.file("d"))
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: box.directory.url.path)
      arguments =
        ["--reuid=65534", "--regid=65534", "--clear-groups", CLI.executable.path] + arguments
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: box.root)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: box.root)
    }
    let program =
      getuid() == 0 ? try ExternalTool.require("setpriv", package: "util-linux") : CLI.executable
    let result = try CLI.runProcess(arguments, environment: box.environment, program: program)
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "plistctl: Could not write domain d: cannot create \(box.root): Permission denied"))
    #expect(try box.bytes("d") == before)
  }

  @Test func aFullDiskRefusesTheWriteAndKeepsTheData() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "k", "v")
    let before = try box.bytes("d")
    let big = String(repeating: "x", count: 4000)
    // ulimit -f makes writes past 512 bytes fail with EFBIG (SIGXFSZ ignored).
    let script = "trap '' XFSZ; ulimit -f 1; exec \"$0\" write d big -string \(big)"
    let result = try CLI.runProcess(
      ["-c", script, CLI.executable.path], environment: box.environment,
      program: URL(fileURLWithPath: "/bin/sh"))
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "plistctl: Could not write domain d: cannot write \(box.root)/d.plist: File too large"))
    #expect(try box.bytes("d") == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: box.root) == ["d.plist"])
  }

  @Test func aSymlinkedDomainIsUpdatedThroughTheLink() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let dotfiles = box.directory.path("dotfiles")
    try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: box.root, withIntermediateDirectories: true)
    try Data("<plist><dict><key>a</key><string>1</string></dict></plist>".utf8)
      .write(to: URL(fileURLWithPath: dotfiles + "/d.plist"))
    try FileManager.default.createSymbolicLink(
      atPath: box.file("d"), withDestinationPath: "../dotfiles/d.plist")
    _ = try box.ok("write", "d", "b", "2")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: box.file("d"))
        == "../dotfiles/d.plist")
    #expect(try box.ok("read", "d") == "{\n    a = 1;\n    b = 2;\n}\n")
    #expect(try String(contentsOfFile: dotfiles + "/d.plist", encoding: .utf8).hasPrefix("<?xml"))
  }

  @Test func openStepAndJSONDomainFilesAreReadButNotRewritten() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let path = box.directory.path("legacy.plist")
    try Data("{ a = 1; }".utf8).write(to: URL(fileURLWithPath: path))
    #expect(try box.ok("read", path, "a") == "1\n")
    let refused = try box.run("write", path, "b", "2")
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "plistctl: \(path) is an OpenStep file; domains are written as XML or binary: convert it first (plistctl convert xml \(path) --in-place)\n"
    )
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{ a = 1; }")
  }

  @Test func aBinaryDomainStaysBinary() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "a", "1")
    _ = try box.ok("convert", "binary", "--in-place", box.file("d"))
    _ = try box.ok("write", "d", "b", "-int", "2")
    #expect(try box.bytes("d").starts(with: Array("bplist00".utf8)))
    #expect(try box.ok("read", "d", "b") == "2\n")
  }

  @Test(arguments: [
    ("", "invalid domain name '': it is empty"),
    (
      String(repeating: "a", count: 251),
      "invalid domain name '\(String(repeating: "a", count: 251))': it is longer than 250 bytes"
    ),
  ])
  func invalidDomainNamesAreUsageErrors(_ name: String, _ message: String) throws {
    let box = try Sandbox()
    defer { box.remove() }
    let result = try box.run("write", name, "k", "v")
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("plistctl: \(message)\n"))
    #expect(!box.exists(box.root))
  }

  @Test func domainNamesCannotLeaveTheRoot() throws {
    let box = try Sandbox()
    defer { box.remove() }
    // Everything with a slash is a path the user names; -host names cannot hold one.
    for host in ["..", "a/b", ".x"] {
      #expect(try box.run("-host", host, "write", "d", "k", "v").status == 64)
    }
    #expect(!box.exists(box.root))
  }

  /// An environment failure, not bad usage: one line, exit 2, no usage hint.
  @Test func withoutHomeOrXDGThereIsNoRoot() throws {
    let result = try CLI.run(
      ["read", "d"], environment: ["HOME": "", "XDG_CONFIG_HOME": "relative"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "plistctl: cannot find the preferences directory: set HOME or XDG_CONFIG_HOME\n")
  }
}
