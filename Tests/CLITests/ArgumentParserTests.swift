import Testing

@testable import plistctl

/// The one argument parser, by spec: options anywhere (or only first, for write), values
/// that look like options, `--`, counts.
@Suite("Argument parser")
struct ArgumentParserTests {
  static let spec = CommandSpec(
    name: "t", synopsis: "t [-o F] [--flag] A [B]", summary: "a test command",
    options: [
      OptionSpec(name: "output", short: "o", value: "F", help: "a file"),
      OptionSpec(name: "flag", help: "a flag"),
    ],
    positionals: ["A", "B"], required: 1)

  static func parse(_ words: [String], _ spec: CommandSpec = spec) throws(UsageError)
    -> ParsedArguments
  {
    try ArgumentParser.parse(words[...], for: spec)
  }

  @Test func optionsAnywhereInEveryForm() throws {
    for words in [
      ["-o", "x", "a", "--flag"], ["a", "--output", "x", "--flag"], ["--output=x", "--flag", "a"],
    ] {
      let parsed = try Self.parse(words)
      #expect(parsed.positionals == ["a"] && parsed.values["output"] == "x" && parsed.has("flag"))
    }
  }

  @Test func dashWordsThatAreNotOptionsArePositional() throws {
    #expect(try Self.parse(["-g", "-5"]).positionals == ["-g", "-5"])
    #expect(try Self.parse(["--", "--flag"]).positionals == ["--flag"])
  }

  @Test(arguments: [
    (["--nope", "a"], "unknown option '--nope'"), (["--flag=1", "a"], "unknown option '--flag=1'"),
    (["a", "-o"], "missing a value after -o"), ([], "missing A"),
    (["a", "b", "c"], "unexpected argument 'c'"),
  ])
  func refusals(_ words: [String], _ message: String) {
    #expect(throws: UsageError(message, topic: "t")) { try Self.parse(words) }
  }

  @Test func writeTakesOptionsOnlyBeforeItsFirstPositional() throws {
    let parsed = try Self.parse(
      ["--deep", "d", "k", "-dict-add", "--deep", "--x"], WriteCommand.spec)
    #expect(parsed.has("deep"))
    #expect(parsed.positionals == ["d", "k", "-dict-add", "--deep", "--x"])
  }

  @Test func everyCommandHasAUniqueVerbAndAHelpPage() {
    let verbs = Plistctl.commands.flatMap { $0.spec.verbs }
    #expect(Set(verbs).count == verbs.count)
    for command in Plistctl.commands {
      #expect(Usage.help(for: command.spec).hasPrefix("usage: plistctl \(command.spec.synopsis)"))
      #expect(Usage.overview.contains(command.spec.name))
    }
  }
}
