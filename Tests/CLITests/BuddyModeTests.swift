import Foundation
import PlistCore
import TestSupport
import Testing

/// `plistctl buddy …`: `-c` lines from release, resign and CI scripts on real files, checked
/// by exit status, both streams, and what python3's plistlib (and Foundation) read after.
@Suite("PlistBuddy mode")
struct BuddyModeTests {
  @Test func aVersionBumpSetsTheKeysAndPrintReadsThemBack() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let info = try files.copy("info_aris_Info.plist", as: "Info.plist")
    let before = try files.plistlib("Info.plist")
    let bump = try files.run(
      "buddy", "-c", "Set :CFBundleShortVersionString 2.0.1", "-c", "Set :CFBundleVersion 42", info)
    #expect(bump.status == 0 && bump.stdout.isEmpty && bump.stderr.isEmpty)
    var expected = try before.setting(
      "2.0.1", at: PlistPath(topLevelKey: "CFBundleShortVersionString"))
    expected = try expected.setting("42", at: PlistPath(topLevelKey: "CFBundleVersion"))
    #expect(try files.plistlib("Info.plist") == expected)
    #expect(try files.readAlike("Info.plist"))
    #expect(try files.format("Info.plist") == .xml)
    // The way scripts read a value into a variable, and the glued form resign scripts use.
    #expect(try files.run("buddy", "-c", "Print :CFBundleVersion", info).stdout == "42\n")
    #expect(
      try files.run("buddy", "-c", "Print:CFBundleShortVersionString", info).stdout == "2.0.1\n")
    let (object, _) = try files.foundation("Info.plist")
    #expect((object as? [String: Any])?["CFBundleVersion"] as? String == "42")
  }

  @Test func urlSchemesAndEntitlementsAreAdded() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let info = try files.copy("info_aris_Info.plist", as: "Info.plist")
    let schemes = PlistPath(":CFBundleURLTypes:0:CFBundleURLSchemes")!
    guard case .array(let items)? = try files.plistlib("Info.plist")[path: schemes] else {
      throw PlutilModeTests.Fail("no schemes in the fixture")
    }
    let add = try files.run(
      "buddy", "-c", "Add :CFBundleURLTypes:0:CFBundleURLSchemes: string newscheme", "-c",
      "Add :NSAppTransportSecurity:NSExceptionDomains:example.com:NSIncludesSubdomains bool YES",
      info)
    #expect(add.status == 0, "\(add.stderr)")
    let after = try files.plistlib("Info.plist")
    #expect(after[path: schemes] == .array(items + ["newscheme"]))
    #expect(
      after[
        path: PlistPath(
          ":NSAppTransportSecurity:NSExceptionDomains:example.com:NSIncludesSubdomains")!]
        == true)

    let entitlements = try files.copy("entitlements_aris.entitlements", as: "App.entitlements")
    let result = try files.run(
      "buddy", "-c", "Add :com.apple.security.app-sandbox bool true", "-c",
      "Add :keychain-access-groups:0 string '$(AppIdentifierPrefix)shared'", entitlements)
    #expect(result.status == 0)
    let changed = try files.plistlib("App.entitlements")
    #expect(changed["com.apple.security.app-sandbox"] == true)
    #expect(
      changed[path: PlistPath(":keychain-access-groups:0")!] == "$(AppIdentifierPrefix)shared")
    #expect(try files.readAlike("Info.plist") && files.readAlike("App.entitlements"))
  }

  @Test func exportOptionsAreWrittenToANewFileAsXML() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let path = files.path("ExportOptions.plist")
    let result = try files.run(
      "buddy", "-c", "Add :method string app-store", "-c", "Add :teamID string ABCDE12345", "-c",
      "Add :provisioningProfiles:com.example.app string 'App Store Profile'", "-c",
      "Add :uploadSymbols bool true", path)
    #expect(result.status == 0)
    #expect(result.stdout == "File Doesn't Exist, Will Create: \(path)\n")
    #expect(try files.format("ExportOptions.plist") == .xml)
    #expect(
      try files.plistlib("ExportOptions.plist") == [
        "method": "app-store", "teamID": "ABCDE12345", "uploadSymbols": true,
        "provisioningProfiles": ["com.example.app": "App Store Profile"],
      ])
    #expect(try files.readAlike("ExportOptions.plist"))
    // Printing a file that is not there makes nothing.
    let print = try files.run("buddy", "-c", "Print", files.path("none.plist"))
    #expect(
      print.stdout == "File Doesn't Exist, Will Create: \(files.path("none.plist"))\nDict {\n}\n")
    #expect(!FileManager.default.fileExists(atPath: files.path("none.plist")))
  }

  @Test func printWithAndWithoutXML() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    try files.directory.write(
      "p.plist",
      "<plist><dict><key>list</key><array><string>a</string><integer>2</integer></array>"
        + "<key>on</key><true/><key>ratio</key><real>0.25</real></dict></plist>")
    let path = files.path("p.plist")
    #expect(
      try files.run("buddy", "-c", "Print", path).stdout
        == "Dict {\n    list = Array {\n        a\n        2\n    }\n    on = true\n    ratio = 0.250000\n}\n"
    )
    let xml = try files.run("buddy", "-x", "-c", "Print :list", path).stdout
    #expect(try PropertyList.decode(Array(xml.utf8), as: .xml) == ["a", 2])
    #expect(try files.run("buddy", "-x", "-c", "Print :on", path).stdout.contains("<true/>"))
  }

  @Test func aFailingCommandFailsTheRunButTheOthersStillRunAndAreSaved() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let info = try files.copy("info_aris_Info.plist", as: "Info.plist")
    let result = try files.run(
      "buddy", "-c", "Add :Marker string before", "-c", "Set :NoSuchKey 1", "-c",
      "Print :NoSuchKey", "-c", "Add :Marker2 string after", info)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Set: Entry, \":NoSuchKey\", Does Not Exist\nPrint: Entry, \":NoSuchKey\", Does Not Exist\n"
    )
    let after = try files.plistlib("Info.plist")
    #expect(after["Marker"] == "before" && after["Marker2"] == "after")
    let unreadable = files.path("bad.plist")
    try files.directory.write("bad.plist", "<plist><dict><key>k</key></dict></plist>")
    let bad = try files.run("buddy", "-c", "Set :k 1", unreadable)
    #expect(bad.status == 1 && bad.stdout == "Error Reading File: \(unreadable)\n")
    #expect(bad.stderr.hasPrefix("xml: line 1"))
    #expect(
      String(decoding: try files.directory.read("bad.plist"), as: UTF8.self).hasSuffix("</plist>"))
  }

  @Test func aBinaryFileStaysBinary() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let path = try files.copy("info_awful_TUSafariActivity_binary.plist", as: "Info.plist")
    #expect(try files.run("buddy", "-c", "Set :CFBundleVersion 9", path).status == 0)
    #expect(try files.format("Info.plist") == .binary)
    #expect(try files.plistlib("Info.plist")["CFBundleVersion"] == "9")
    #expect(try files.foundation("Info.plist").1 == .binary)
    #expect(try files.readAlike("Info.plist"))
  }

  @Test func theShellReadsCommandsFromStandardInput() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let path = files.path("s.plist")
    let result = try files.run(
      "buddy", path, stdin: "Add :Name string first\nPrint :Name\nSave\nSet :Name second\nExit\n")
    #expect(
      result.stdout
        == "File Doesn't Exist, Will Create: \(path)\nCommand: Command: first\nCommand: Saving...\nCommand: Command: "
    )
    #expect(result.status == 0)
    // Exit does not save: the file has what Save wrote.
    #expect(try files.plistlib("s.plist") == ["Name": "first"])
  }

  /// A file in a folder that is not there: read as missing (PlistBuddy's notice), and a
  /// change that cannot be saved says why (a CI log of a mistyped path shows the real
  /// tool's notice).
  @Test func aFileInAMissingFolder() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let path = files.path("NoSuch.app/Info.plist")
    let print = try files.run("buddy", "-c", "print :CFBundleShortVersionString", path)
    #expect(print.status == 1)
    #expect(print.stdout == "File Doesn't Exist, Will Create: \(path)\n")
    #expect(print.stderr == "Print: Entry, \":CFBundleShortVersionString\", Does Not Exist\n")
    let add = try files.run("buddy", "-c", "Add :K string v", path)
    #expect(add.stdout == "File Doesn't Exist, Will Create: \(path)\n")
    #expect(add.stderr.hasPrefix("Error Saving File: ") && add.stderr.contains("NoSuch.app"))
    let plutil = try files.run("plutil", "-replace", "K", "-string", "v", path)
    #expect(plutil.status == 1)
    #expect(
      plutil.stderr
        == "\(path): The file “Info.plist” couldn’t be opened because there is no such file.\n")
  }

  @Test func usageAndHelp() throws {
    let none = try CLI.run(["buddy"])
    #expect(none.status == 1 && none.stdout.hasPrefix("Usage: PlistBuddy [-cxh] <file.plist>"))
    let help = try CLI.run(["buddy", "-h"])
    #expect(help.status == 1 && help.stdout.contains("Add <Entry> <Type> [<Value>]"))
    let two = try CLI.run(["buddy", "-c", "Print", "a.plist", "b.plist"])
    #expect(two.status == 1 && two.stdout == "Invalid Arguments\n\n")
  }
}
