import Foundation
import PlistCore
import TestSupport
import Testing

@testable import plistctl

/// `read DOMAIN KEY` straight from the process's arguments (`OneKeyRead`) against the general
/// way (`Plistctl.run`): the same output, message and status for every kind of domain, file,
/// value and failure, and the general way for any other arguments.
@Suite struct OneKeyReadTests {
  /// A sandbox with one domain of every kind of file and value a read meets.
  static func sandbox() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.ok("write", "com.example.values", "text", "-string", "Hello, wörld")
    _ = try box.ok("write", "com.example.values", "number", "-int", "42")
    _ = try box.ok("write", "com.example.values", "real", "-float", "2.5")
    _ = try box.ok("write", "com.example.values", "flag", "-bool", "yes")
    _ = try box.ok("write", "com.example.values", "when", "-date", "2024-02-29 12:00:00 +0000")
    _ = try box.ok("write", "com.example.values", "blob", "-data", "00ff10")
    _ = try box.ok("write", "com.example.values", "list", "-array", "a", "b")
    _ = try box.ok("write", "com.example.values", "table", "-dict", "k", "v")
    _ = try box.ok("write", "com.example.values", "a:b", "colon")
    _ = try box.ok("write", "com.example.values", "with space", "spaced")
    _ = try box.ok("write", "NSGlobalDomain", "AppleLocale", "en_GB")
    let values = try box.bytes("com.example.values")
    let tree = try PropertyList.decode(values, as: .xml)
    try Self.put(PropertyList.encode(tree, as: .binary), box.file("com.example.binary"))
    try Self.put(PropertyList.encode(tree, as: .json), box.file("com.example.json"))
    try Self.put(Array("{ key = value; }".utf8), box.file("com.example.openstep"))
    try Self.put(PropertyList.encode(["a", "b"], as: .xml), box.file("com.example.list"))
    try Self.put(
      PropertyList.encode(["CF$UID": 3], as: .xml), box.file("com.example.uid"))
    try Self.put(Array("<?xml version=\"1.0\"?><plist><dict><key>".utf8), box.file("com.broken"))
    try Self.put([], box.file("com.example.empty"))
    try FileManager.default.createDirectory(
      atPath: box.file("com.example.directory"), withIntermediateDirectories: true)
    #expect(mkfifo(box.file("com.example.fifo"), 0o600) == 0)
    try Self.put(values, box.directory.path("elsewhere.plist"))
    // Files an app saved a while ago: a broken or empty one is not waited for.
    for name in ["com.broken", "com.example.empty"] {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: box.file(name))
    }
    return box
  }

  static func put(_ bytes: [UInt8], _ path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  @Test func everyReadOfOneKeyIsTheGeneralWays() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let keys = ["text", "number", "real", "flag", "when", "blob", "list", "table", "a:b"]
    var cases: [(domain: String, key: String, environment: [String: String])] = []
    for key in keys + ["with space", "missing", "CF$UID"] {
      cases.append(("com.example.values", key, [:]))
    }
    for domain in ["com.example.binary", "com.example.json"] {
      for key in keys + ["missing"] { cases.append((domain, key, [:])) }
    }
    let home = box.directory.url.path
    for domain in [
      "com.example.openstep", "com.example.list", "com.example.uid", "com.broken",
      "com.example.empty", "com.example.directory", "com.example.fifo", "com.example.none",
      "NSGlobalDomain", "Apple Global Domain", home + "/elsewhere.plist", home + "/elsewhere",
      "~/elsewhere.plist", home + "/missing.plist",
      home + "/Library/Preferences/com.example.values",
      "..", ".", "a\tb", "com.example.values/../com.example.values",
    ] {
      cases.append((domain, "key", [:]))
      cases.append((domain, "text", [:]))
    }
    cases.append(("com.example.values", "text", ["PLISTCTL_MAX_SIZE": "10"]))
    cases.append(("com.example.values", "text", ["PLISTCTL_MAX_SIZE": "ten"]))
    cases.append(("com.example.values", "text", ["XDG_CONFIG_HOME": "relative"]))
    cases.append(("~/elsewhere.plist", "text", ["HOME": ""]))
    var statuses: Set<Int32> = []
    for (domain, key, extra) in cases {
      let environment = box.environment.merging(extra) { $1 }
      let arguments = ["read", domain, key]
      guard let quick = CLI.runOneKeyRead(arguments, environment: environment) else {
        Issue.record("\(arguments) went the general way")
        continue
      }
      let general = try CLI.run(arguments, environment: environment)
      statuses.insert(general.status)
      #expect(quick.status == general.status, "\(arguments) \(extra)")
      #expect(quick.stdoutBytes == general.stdoutBytes, "\(arguments) \(extra)")
      #expect(quick.stderr == general.stderr, "\(arguments) \(extra)")
    }
    // The cases meet what they are for: values, and each kind of failure.
    #expect(statuses == [0, 1, 2, 64])
    let date = try #require(
      CLI.runOneKeyRead(["read", "com.example.binary", "when"], environment: box.environment))
    #expect(date.stdout == "2024-02-29 12:00:00 +0000\n")
    let broken = try #require(
      CLI.runOneKeyRead(["read", "com.broken", "key"], environment: box.environment))
    #expect(broken.stderr.hasPrefix("plistctl: ") && broken.stderr.contains("com.broken"))
  }

  /// Anything but `read`, a domain and a plain key, in ASCII and without a leading `-`, goes
  /// the general way.
  @Test(arguments: [
    ["read", "-g", "AppleLocale"], ["read", "com.example.values", ":table:k"],
    ["read", "com.example.values", "--json"], ["read", "--", "com.example.values"],
    ["READ", "com.example.values", "text"], ["read", "com.example.values"],
    ["read", "com.example.values", "text", "extra"], ["read", "dömain", "text"],
    ["read", "com.example.values", "wörld"], ["read", "", "text"],
    ["read", "com.example.values", ""], ["-currentHost", "read", "com.example.values"],
    ["reads", "com.example.values", "text"], ["rea", "com.example.values", "text"],
  ])
  func otherArgumentsGoTheGeneralWay(_ arguments: [String]) {
    #expect(CLI.runOneKeyRead(arguments) == nil)
  }

  /// As a separate process: `main` takes this way, with the general way's bytes and status.
  @Test func theBinaryReadsOneKeyAsTheGeneralWayDoes() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    for key in ["blob", "missing"] {
      let process = try box.runProcess("read", "com.example.values", key)
      let general = try box.run("read", "com.example.values", key)
      #expect(process.status == general.status)
      #expect(process.stdoutBytes == general.stdoutBytes)
      #expect(process.stderr == general.stderr)
    }
  }
}
