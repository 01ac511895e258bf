import Testing

@testable import plistctl

/// Help for every command, with examples that are real invocations, and the nearest command
/// or option suggested for a typo: all from the commands' specs.
@Suite("Help and suggestions")
struct HelpTests {
  // MARK: - Help

  /// `help COMMAND` and `COMMAND --help` print the same page: the usage line, and examples.
  @Test func everyCommandHasAHelpPageWithExamples() throws {
    let box = try Sandbox()
    defer { box.remove() }
    for command in Plistctl.commands {
      let spec = command.spec
      let words = spec.name.split(separator: " ").map(String.init)
      let page = try box.ok(arguments: ["help"] + words)
      #expect(page.hasPrefix("usage: plistctl \(spec.synopsis)\n"), "\(spec.name)")
      #expect(page.contains("\nExamples:\n  plistctl "), "\(spec.name) has no examples")
      #expect(try box.ok(arguments: words + ["--help"]) == page, "\(spec.name)")
    }
  }

  /// Each example is read by the parser as its own command, from the same spec the usage
  /// line comes from: an example cannot name an option or a form the command lacks.
  @Test func everyExampleParsesAsItsCommand() throws {
    for command in Plistctl.commands {
      let spec = command.spec
      for (example, comment) in spec.exampleLines {
        #expect(!comment.isEmpty, "\(example): no comment")
        var words = ShellWords(example).words[...]
        // `> file`, `| cmd`: the shell's, not the command's.
        if let end = words.firstIndex(where: { [">", "|", "<"].contains($0) }) {
          words = words[..<end]
        }
        let verb = spec.name.split(separator: " ").count
        #expect(
          Plistctl.command(named: words.prefix(verb).joined(separator: " ")).map { $0 == command }
            == true, "\(example) is not an example of \(spec.name)")
        do {
          let parsed = try ArgumentParser.parse(words.dropFirst(verb), for: spec)
          _ = try command.init(parsed)
        } catch {
          Issue.record("\(example): \(error.message)")
        }
      }
    }
  }

  // MARK: - Suggestions

  @Test(arguments: [
    ("wrtie", "write"), ("raed", "read"), ("READ-TPYE", "read-type"), ("delte", "delete"),
    ("dmoains", "domains"), ("sett", "settings"), ("describe", "settings describe"),
    ("expotr", "export"), ("lnit", "lint"),
  ])
  func aMistypedCommandGetsTheNearestSuggested(_ typed: String, _ suggested: String) throws {
    let box = try Sandbox()
    defer { box.remove() }
    let result = try box.run(typed, "x")
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "plistctl: unknown command '\(typed)'; did you mean '\(suggested)'?\n"), "\(result.stderr)")
  }

  @Test func nothingIsSuggestedForAWordFarFromEveryCommand() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let result = try box.run("frobnicate")
    #expect(result.stderr.hasPrefix("plistctl: unknown command 'frobnicate'\n"))
    #expect(Suggestion.nearest(to: "rd", among: ["read"]) == nil)
    #expect(Suggestion.nearest(to: "x", among: ["xml"]) == nil)
  }

  @Test func subcommandsOptionsAndHelpTopicsGetSuggestionsToo() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let sub = try box.run("settings", "shw", "d")
    #expect(sub.status == 64)
    #expect(
      sub.stderr.hasPrefix(
        "plistctl: unknown command 'settings shw'; did you mean 'settings show'? The settings "
          + "subcommands are lint, defaults, attach, detach, describe, show, edit\n"
          + "usage: plistctl settings SUBCOMMAND ... (see 'plistctl help settings')\n"))
    let option = try box.run("read", "--jsno", "d")
    #expect(option.stderr.hasPrefix("plistctl: unknown option '--jsno'; did you mean '--json'?\n"))
    let help = try box.run("help", "wrtie")
    #expect(
      help.stderr.hasPrefix(
        "plistctl: no help for unknown command 'wrtie'; did you mean 'write'?\n"))
    let helpSub = try box.run("help", "settings", "attahc")
    #expect(
      helpSub.stderr.hasPrefix(
        "plistctl: no help for unknown command 'settings attahc'; did you mean 'settings attach'?\n"
      ))
  }

  @Test func editDistanceCountsASwapAsOneEdit() {
    #expect(Suggestion.editDistance(Array("wrtie"), Array("write")) == 1)
    #expect(Suggestion.editDistance(Array("read"), Array("read")) == 0)
    #expect(Suggestion.editDistance(Array(""), Array("abc")) == 3)
    #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
  }
}
