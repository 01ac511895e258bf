import PlistCore
import Testing

/// How PlistBuddy's command lines are split, as scripts write them.
@Suite("PlistBuddy command lines")
struct BuddyCommandLineTests {
  func words(_ line: String) throws -> [String] {
    try BuddyCommandLine(line).words.map(\.text)
  }

  @Test func wordsAndTheCommand() throws {
    let set = try BuddyCommandLine("Set :CFBundleVersion 42")
    #expect(set.command == "Set")
    #expect(set.words.map(\.text) == [":CFBundleVersion", "42"])
    // Resign scripts write the entry against the command word.
    let glued = try BuddyCommandLine("Print:Entitlements:application-identifier")
    #expect(glued.command == "Print")
    #expect(glued.word(0) == ":Entitlements:application-identifier")
    #expect(try BuddyCommandLine(" Print").command == "")
  }

  @Test func quotedPartsKeepSpacesAndJoin() throws {
    #expect(
      try words("print 'Palo Alto Networks':GlobalProtect:x") == [
        "Palo Alto Networks:GlobalProtect:x"
      ])
    #expect(try words("Set :\"AutoUpdate\" true") == [":AutoUpdate", "true"])
    #expect(throws: BuddyCommandLine.UnclosedQuotes()) { try BuddyCommandLine("Set :a \"open") }
  }

  @Test func theValueIsTheRestOfTheLine() throws {
    let plain = try BuddyCommandLine("Add :Key string hello  world ")
    #expect(plain.value(from: 2) == "hello  world")
    #expect(try BuddyCommandLine("Add :Key string 'hello world'").value(from: 2) == "hello world")
    #expect(try BuddyCommandLine("Set :Version \"1.2.3\"").value(from: 1) == "1.2.3")
    #expect(
      try BuddyCommandLine("Set :Note line\\none\\ttab\\\\").value(from: 1) == "line\none\ttab\\")
    #expect(try BuddyCommandLine("Add :Empty string").value(from: 2) == "")
  }

  @Test(arguments: [
    (":a:b", ["a", "b"], true), (":", [], true), ("", [], false), (":Arr:", ["Arr", ""], true),
    (":foo\\:bar", ["foo:bar"], true), ("a:0", ["a", "0"], false),
  ])
  func entries(_ text: String, _ components: [String], _ absolute: Bool) {
    let entry = BuddyEntry(text)
    #expect(entry.components == components)
    #expect(entry.isAbsolute == absolute)
  }

  @Test func relativeEntriesStartAtTheWorkingContainer() {
    #expect(BuddyEntry("a:0").resolved(in: ["root"]) == ["root", "a", "0"])
    #expect(BuddyEntry(":a").resolved(in: ["root"]) == ["a"])
  }
}
