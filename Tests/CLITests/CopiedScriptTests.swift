import Foundation
import PlistCore
import Testing

/// `defaults` lines copied from a Mac (issue 11): they write where Linux apps read, or are
/// refused with a line that says what to do, and nothing is written anywhere else.
@Suite("Copied macOS scripts")
struct CopiedScriptTests {
  /// `.GlobalPreferences` wrote `./.GlobalPreferences.plist` in the current directory.
  @Test func theGlobalPreferencesFileNameIsTheGlobalDomain() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let here = box.directory.url.appendingPathComponent("cwd")
    try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
    let result = try CLI.runProcess(
      ["write", ".GlobalPreferences", "AppleLanguages", "-array", "en-GB"],
      environment: box.environment, directory: here)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(box.exists(box.file(".GlobalPreferences")))
    #expect(try FileManager.default.contentsOfDirectory(atPath: here.path).isEmpty)
    #expect(try box.ok("read", "-g", "AppleLanguages") == "(\n    \"en-GB\"\n)\n")
  }

  @Test(arguments: [
    "~/Library/Preferences/com.example.pigeon", "~/Library/Preferences/com.example.pigeon.plist",
  ])
  func theMacPreferencesFolderIsTheNamedDomain(_ argument: String) throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", argument, "HPMapType", "-int", "1")
    let expanded = box.directory.url.path + argument.dropFirst()
    _ = try box.ok("write", expanded, "HPZoom", "-int", "3")
    #expect(
      try box.ok("read", "com.example.pigeon") == "{\n    HPMapType = 1;\n    HPZoom = 3;\n}\n")
    #expect(!box.exists(box.directory.path("Library")))
  }

  @Test func dashAppIsRefusedAndExplained() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let result = try box.run("write", "-app", "Skim", "SKAutosave", "-bool", "true")
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "plistctl: invalid domain name '-app': -app finds an application bundle in macOS "
          + "defaults, which has no meaning on Linux; give the app's domain name instead"))
    #expect(try box.ok("domains") == "\n")
    let other = try box.run("write", "-x", "k", "v")
    #expect(other.stderr.hasPrefix("plistctl: invalid domain name '-x': it starts with '-'"))
  }

  @Test func aForgottenValueIsSaidToBeMissing() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let result = try box.run("write", "com.example.pigeon", "HPMapType")
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix("plistctl: missing the value to write for key HPMapType\n"))
    #expect(!box.exists(box.file("com.example.pigeon")))
    // A literal that is not a dictionary is still defaults' refusal.
    let array = try box.run("write", "com.example.pigeon", "(a, b)")
    #expect(array.stderr.hasPrefix("plistctl: Rep argument is not a dictionary."))
  }
}
