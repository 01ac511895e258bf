import Foundation
import Testing

@testable import plistctl

/// Shell completion as the scripts ask for it (`plistctl __complete`), in process: what is
/// offered for each kind of argument, from the specs, and how bash gets it quoted.
@Suite("Completion")
struct CompletionTests {
  /// The candidate words for the words after `plistctl` (the last one being typed), and
  /// whether file names are asked for.
  static func complete(_ words: String..., in box: Sandbox) throws -> (
    words: [String], files: Bool
  ) {
    let result = try box.run(arguments: ["__complete", "words"] + words)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let candidates = lines.dropFirst().map { String($0.prefix { $0 != "\t" }) }
    return (candidates, lines.first?.hasPrefix("files") == true)
  }

  static func words(_ words: String..., in box: Sandbox) throws -> [String] {
    let result = try box.run(arguments: ["__complete", "words"] + words)
    return result.stdout.split(separator: "\n").dropFirst().map {
      String($0.prefix { $0 != "\t" })
    }
  }

  static func sandbox() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.ok("write", "com.example.one", "Quit When Finished", "-bool", "yes")
    _ = try box.ok("write", "com.example.one", ":HPLocation:lat", "-float", "52.5")
    _ = try box.ok("write", "com.example.one", ":Recent", "-array", "a", "b")
    _ = try box.ok("write", "org.two", "k", "1")
    _ = try box.ok("-currentHost", "write", "host.only", "k", "1")
    return box
  }

  // MARK: - Commands, from the specs

  @Test func everyCommandAndEveryOptionOfItsSpecIsOffered() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let first = try Self.words("", in: box)
    for command in Plistctl.commands {
      let words = command.spec.name.split(separator: " ").map(String.init)
      #expect(first.contains(words[0]), "\(words[0])")
      if words.count == 2 {
        #expect(try Self.words(words[0], "", in: box).contains(words[1]), "\(words)")
      }
      let options = try Self.words(arguments: words + ["-"], in: box)
      for option in command.spec.options {
        #expect(options.contains("--" + option.name), "\(command.spec.name) --\(option.name)")
      }
    }
    for word in ["-currentHost", "-host", "--help", "--version"] { #expect(first.contains(word)) }
    #expect(!first.contains(ShellCompletion.verb))
    #expect(try Self.words("-currentHost", "", in: box).contains("-host") == false)
  }

  static func words(arguments: [String], in box: Sandbox) throws -> [String] {
    let result = try box.run(arguments: ["__complete", "words"] + arguments)
    return result.stdout.split(separator: "\n").dropFirst().map {
      String($0.prefix { $0 != "\t" })
    }
  }

  @Test func commandsByPrefixWithTheirSummaries() throws {
    let box = try Sandbox()
    defer { box.remove() }
    #expect(try Self.words("re", in: box) == ["read", "read-type", "rename", "remove", "reset"])
    #expect(try Self.words("settings", "d", in: box) == ["defaults", "detach", "describe"])
    #expect(try Self.words("help", "sett", in: box) == ["settings"])
    #expect(try Self.words("help", "settings", "sh", in: box) == ["show"])
    let lines = try box.ok("__complete", "words", "wri").split(separator: "\n")
    #expect(lines.contains("write\t\(WriteCommand.spec.summary)"))
    #expect(lines.contains("writable\t\(WritableCommand.spec.summary)"))
    #expect(try Self.words("frobnicate", "", in: box).isEmpty)
  }

  // MARK: - Domains and keys

  @Test func domainsForTheHostAndTheGlobalDomainsNames() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let global = ["-g", "-globalDomain", "NSGlobalDomain"]
    #expect(try Self.words("read", "", in: box) == ["com.example.one", "org.two"] + global)
    #expect(try Self.words("delete", "com.", in: box) == ["com.example.one"])
    #expect(try Self.words("-currentHost", "read", "", in: box) == ["host.only"] + global)
    #expect(try Self.words("-host", "", in: box).isEmpty)
    #expect(try Self.complete("read", "./dir/x", in: box) == ([], true))
    #expect(try Self.words("settings", "show", "org", in: box) == ["org.two"])
  }

  @Test func keysWithTheirTypesAndKeyPathsInsideValues() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    #expect(
      try Self.words("read", "com.example.one", "", in: box) == [
        "HPLocation", "Quit When Finished", "Recent",
      ])
    let typed = try box.ok("__complete", "words", "read-type", "com.example.one", "Q")
    #expect(typed.hasSuffix("Quit When Finished\tboolean\n"))
    #expect(
      try Self.words("read", "com.example.one", ":HPLocation:", in: box) == [":HPLocation:lat"])
    #expect(
      try Self.words("delete", "com.example.one", ":Recent:", in: box) == [
        ":Recent:0", ":Recent:1",
      ])
    #expect(try Self.words("write", "com.example.one", ":H", in: box) == [":HPLocation"])
    #expect(try Self.words("read", "-g", "", in: box).isEmpty)
    #expect(try Self.words("read", "no.such.domain", "", in: box).isEmpty)
    #expect(try Self.words("rename", "com.example.one", "Recent", "", in: box).isEmpty)
    #expect(try Self.words("find", "", in: box).isEmpty)
  }

  @Test func settingsKeysTheirChoicesAndBundles() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    _ = try box.ok("settings", "attach", "org.two", SettingsFixtures.path("pigeon"))
    let declared = try Self.words("settings", "describe", "org.two", "HP", in: box)
    #expect(
      declared.contains("HPMapType") && declared.contains("HPZoom") && !declared.contains("k"))
    // reset and write: the domain's keys, then those only its bundle declares.
    let keys = try Self.words("reset", "org.two", "", in: box)
    #expect(keys.first == "k" && keys.contains("HPMapType"))
    let choices = try box.ok("__complete", "words", "write", "org.two", "HPMapType", "-int", "")
    #expect(
      choices.split(separator: "\n").dropFirst() == ["0\tStandard", "1\tSatellite", "2\tHybrid"])
    #expect(
      try Self.words("write", "org.two", "HPUnits", "", in: box).prefix(2) == [
        "metric", "imperial",
      ])
    #expect(
      try Self.words("write", "org.two", "HPShowTraffic", "-bool", "", in: box) == [
        "true", "false", "yes", "no",
      ])
    #expect(try Self.words("write", "org.two", "k", "-a", in: box) == ["-array", "-array-add"])
    #expect(try Self.complete("settings", "attach", "org.two", "", in: box) == ([], true))
    #expect(try Self.complete("settings", "lint", "", in: box) == ([], true))
  }

  // MARK: - Options and their values

  @Test func optionsAndTheirValues() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    #expect(try Self.words("domains", "--", in: box) == ["--json", "--lines"])
    #expect(try Self.words("read", "--format", "j", in: box) == ["json"])
    #expect(try Self.words("export", "--format=b", in: box) == ["--format=binary"])
    #expect(try Self.words("convert", "b", in: box) == ["binary", "binary1"])
    #expect(try Self.complete("convert", "-o", "", in: box) == ([], true))
    #expect(try Self.complete("import", "org.two", "", in: box) == ([], true))
    // write takes options only before DOMAIN; after it, `-` starts a value flag.
    #expect(try Self.words("write", "--", in: box) == ["--deep", "--force"])
    #expect(!(try Self.words("write", "org.two", "k", "--", in: box).contains("--deep")))
    #expect(try Self.words("read", "-", in: box).contains("-g"))
  }

  // MARK: - bash

  @Test(arguments: [
    ("Quit When Finished", "Qu", "Qu", "Quit\\ When\\ Finished"),
    ("Quit When Finished", "\"Qu", "\"Qu", "\"Quit When Finished\""),
    ("it's", "'i", "'i", "'it'\\''s'"),
    ("a$b`c", "\"a", "\"a", "\"a\\$b\\`c\""),
    (":HPLocation:lat", ":HPLocation:l", "l", "lat"),
    (":HPLocation", ":HP", "HP", "HPLocation"),
    (":HPLocation:lat", ":HPLocation:", ":", ":lat"),
    ("~x(1)", "~", "~", "\\~x\\(1\\)"),
  ])
  func bashInsertsEachCandidateQuoted(
    _ candidate: String, _ typed: String, _ word: String, _ inserted: String
  ) {
    #expect(ShellCompletion.bashWord(candidate, typed: typed, replacing: word) == inserted)
  }

  @Test func bashCannotTakeControlCharacters() {
    #expect(ShellCompletion.bashWord("a\nb", typed: "a", replacing: "a") == nil)
  }

  @Test(arguments: [
    ("plistctl read d Qu", ["plistctl", "read", "d", "Qu"], "Qu"),
    ("plistctl read d ", ["plistctl", "read", "d", ""], ""),
    ("plistctl read 'a b' \"Quit W", ["plistctl", "read", "a b", "Quit W"], "\"Quit W"),
    ("plistctl read a\\ b Quit\\ W", ["plistctl", "read", "a b", "Quit W"], "Quit\\ W"),
    ("plistctl write d \"a\\\"b\\c\"", ["plistctl", "write", "d", "a\"b\\c"], "\"a\\\"b\\c\""),
    ("plistctl  ", ["plistctl", ""], ""),
  ])
  func theLineIsSplitAsTheShellSplitsIt(_ line: String, _ words: [String], _ typed: String) {
    let split = ShellWords(line)
    #expect(split.words == words)
    #expect(split.typed == typed)
  }

  @Test func bashModeQuotesAndTrims() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let quoted = try box.ok("__complete", "bash", "Qu", "plistctl read com.example.one Qu")
    #expect(quoted == "words\tQu\nQuit\\ When\\ Finished\n")
    let path = try box.ok("__complete", "bash", "l", "plistctl read com.example.one :HPLocation:l")
    #expect(path == "words\t:HPLocation:l\nlat\n")
    #expect(try box.ok("__complete", "bash", "", "plistctl lint ") == "files\t\n")
  }

  @Test func aBadRequestIsAUsageError() throws {
    let box = try Sandbox()
    defer { box.remove() }
    #expect(try box.run("__complete").status == 64)
    #expect(try box.run("__complete", "bash", "x").status == 64)
  }
}
