/// What a command declares about itself, once: its names, its arguments and options, and
/// its help. The parser, the usage lines, `help`, and the tests that keep the man page and
/// the shell completions complete all read it from here.
struct CommandSpec: Sendable {
  /// The verb.
  let name: String
  /// Other verbs for the same command (`remove` for `delete`).
  var aliases: [String] = []
  /// The one-line usage, after `plistctl `.
  let synopsis: String
  /// What the command does, in a few words, for the overview.
  let summary: String
  /// Forms of the command with their own summaries, for the overview (`read DOMAIN KEY`);
  /// empty when the synopsis and summary say it all.
  var forms: [(usage: String, summary: String)] = []
  /// The options it takes.
  var options: [OptionSpec] = []
  /// The names of the positional arguments, the required ones first (`["DOMAIN", "KEY"]`).
  let positionals: [String]
  /// How many positional arguments are required.
  var required: Int? = nil
  /// Whether the last positional may repeat (`lint FILE...`).
  var repeatsLast = false
  /// Whether options may only come before the first positional: `write`'s values (`-int`,
  /// `--x`) are never options.
  var optionsFirst = false
  /// Example invocations for `help COMMAND`, each with a comment.
  var examples: [(command: String, comment: String)] = []

  /// Every verb the command answers to.
  var verbs: [String] { [name] + aliases }
  /// How many positionals must be given.
  var minimumPositionals: Int { required ?? positionals.count }
  /// How many may be given (nil: no limit).
  var maximumPositionals: Int? { repeatsLast ? nil : positionals.count }
}

/// One option of a command: `--name`, perhaps with a one-letter alias and a value.
struct OptionSpec: Sendable {
  /// The long name, without dashes.
  let name: String
  /// A one-letter alias, without the dash (`o` for `-o`).
  var short: Character? = nil
  /// The value's placeholder (`FILE`), or nil for a flag.
  var value: String? = nil
  /// What it does.
  let help: String

  /// The option as help shows it: `-o, --output FILE`.
  var label: String {
    let long = "--\(name)" + (value.map { " \($0)" } ?? "")
    return short.map { "-\($0), \(long)" } ?? long
  }
}
