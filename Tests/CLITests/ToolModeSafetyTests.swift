import Foundation
import PlistCore
import TestSupport
import Testing

/// What plistctl promises everywhere holds in the plutil and PlistBuddy modes: a rewritten
/// file keeps its owner, mode and link; nothing past the size cap is read; hostile files
/// get one line and an exit status, never a crash, and are never written over.
@Suite("plutil and PlistBuddy modes' safety")
struct ToolModeSafetyTests {
  @Test func aRewriteKeepsOwnerModeAndLink() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let target = try files.copy("info_aris_Info.plist", as: "Info.plist")
    #expect(chmod(target, 0o640) == 0)
    let asRoot = getuid() == 0
    if asRoot { #expect(chown(target, 65534, 65534) == 0) }
    let link = files.path("Link.plist")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(
      try files.run("plutil", "-replace", "CFBundleVersion", "-string", "5", link).status == 0)
    #expect(try files.run("buddy", "-c", "Set :CFBundleShortVersionString 5.0", link).status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: target)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    if asRoot { #expect((attributes[.ownerAccountID] as? Int) == 65534) }
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target,
      "the link is still a link to the file")
    let after = try files.plistlib("Info.plist")
    #expect(after["CFBundleVersion"] == "5" && after["CFBundleShortVersionString"] == "5.0")
  }

  @Test func nothingPastTheSizeCapIsRead() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let path = try files.copy("info_aris_Info.plist", as: "Info.plist")
    let before = try files.directory.read("Info.plist")
    let limit = ["PLISTCTL_MAX_SIZE": "1K"]
    let plutil = try CLI.run(
      ["plutil", "-replace", "CFBundleVersion", "-string", "5", path], environment: limit)
    #expect(plutil.status == 1 && plutil.stderr.split(separator: "\n").count == 1)
    #expect(plutil.stderr.hasPrefix("\(path): "))
    let buddy = try CLI.run(["buddy", "-c", "Set :CFBundleVersion 5", path], environment: limit)
    #expect(buddy.status == 1 && buddy.stdout == "Error Reading File: \(path)\n")
    #expect(try files.directory.read("Info.plist") == before)
  }

  /// Every malformed and fuzzed file of the corpus, through every reading and writing verb:
  /// an exit status of 0 or 1, a line on standard error for a failure, and a file that does
  /// not parse left as it was.
  @Test func hostileFilesGetALineAndStayAsTheyWere() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let names = try FileManager.default.contentsOfDirectory(atPath: ToolModeFixtures.corpus.path)
      .filter { $0.hasPrefix("fuzz_") }
    #expect(names.count >= 10)
    for name in names {
      let path = try files.copy(name, as: "input")
      let before = try files.directory.read("input")
      let parses = (try? PropertyList.decode(before)) != nil
      for arguments in [
        ["plutil", "-p", path], ["plutil", "-lint", path],
        ["plutil", "-extract", "a", "raw", path],
        ["plutil", "-convert", "json", "-o", "-", path], ["buddy", "-c", "Print", path],
        ["plutil", "-replace", "a", "-string", "b", path], ["buddy", "-c", "Set :a b", path],
      ] {
        let result = try CLI.run(arguments)
        #expect(result.status == 0 || result.status == 1, "\(name): \(arguments)")
        if result.status == 1 { #expect(!result.stderr.isEmpty, "\(name): \(arguments)") }
        if !parses {
          #expect(try files.directory.read("input") == before, "\(name): \(arguments)")
        }
      }
    }
  }

  /// Nesting as deep as the readers allow prints without running out of stack.
  @Test func deepNestingPrints() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let depth = PropertyList.maximumDepth - 2
    let xml =
      "<plist>" + String(repeating: "<array>", count: depth) + "<string>deep</string>"
      + String(repeating: "</array>", count: depth) + "</plist>"
    try files.directory.write("deep.plist", xml)
    let path = files.path("deep.plist")
    let pretty = try files.run("plutil", "-p", path)
    #expect(pretty.status == 0 && pretty.stdout.contains("\"deep\""))
    let print = try files.run("buddy", "-c", "Print", path)
    #expect(print.status == 0 && print.stdout.contains("deep"))
    #expect(try files.run("plutil", "-convert", "swift", "-o", "-", path).status == 0)
  }
}
