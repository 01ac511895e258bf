import PlistCore

/// What a command declares about itself, once: its names, its arguments and options, and
/// its help. The parser, the usage lines, `help`, and the tests that keep the man page and
/// the shell completions complete all read it from here.
struct CommandSpec: Sendable {
  /// The verb.
  let name: String
  /// Other verbs for the same command (`remove` for `delete`).
  let aliases: [String]
  /// The one-line usage, after `plistctl `.
  let synopsis: String
  /// What the command does, in a few words, for the overview.
  let summary: String
  /// Forms of the command with their own summaries, for the overview: one per line, usage
  /// and summary separated by a tab; empty when the synopsis and summary say it all. (Help
  /// text is kept in plain string literals, which cost nothing until help is printed: the
  /// parser reads this spec on every run.)
  let forms: String
  /// The options it takes, made when they are asked for: most runs give none, and an array
  /// of options is a type the runtime builds on first use (9 k instructions of a `read`).
  var options: [OptionSpec] { makeOptions() }
  private let makeOptions: @Sendable () -> [OptionSpec]
  /// The names of the positional arguments, the required ones first (`["DOMAIN", "KEY"]`).
  let positionals: [String]
  /// How many positional arguments are required.
  let required: Int?
  /// Whether the last positional may repeat (`lint FILE...`).
  let repeatsLast: Bool
  /// Whether options may only come before the first positional: `write`'s values (`-int`,
  /// `--x`) are never options.
  let optionsFirst: Bool
  /// Example invocations for `help COMMAND`: one per line, the command and a comment
  /// separated by a tab.
  let examples: String
  /// How the shell completes positionals whose placeholder does not imply it
  /// (`ArgumentCompletion.implied(by:)`), by placeholder: `["KEY": .settingsKey]`.
  let completions: [String: ArgumentCompletion]

  /// A spec; the arguments are the properties of the same names.
  init(
    name: String, aliases: [String] = [], synopsis: String, summary: String, forms: String = "",
    options: @autoclosure @escaping @Sendable () -> [OptionSpec] = [], positionals: [String],
    required: Int? = nil, repeatsLast: Bool = false, optionsFirst: Bool = false,
    examples: String = "", completions: [String: ArgumentCompletion] = [:]
  ) {
    self.name = name
    self.aliases = aliases
    self.synopsis = synopsis
    self.summary = summary
    self.forms = forms
    self.makeOptions = options
    self.positionals = positionals
    self.required = required
    self.repeatsLast = repeatsLast
    self.optionsFirst = optionsFirst
    self.examples = examples
    self.completions = completions
  }

  /// The forms as (usage, summary) pairs.
  var formLines: [(String, String)] { Self.pairs(forms) }
  /// The examples as (command, comment) pairs.
  var exampleLines: [(String, String)] { Self.pairs(examples) }

  private static func pairs(_ text: String) -> [(String, String)] {
    text.split(separator: "\n").map { line in
      let parts = line.split(separator: "\t", maxSplits: 1)
      return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }
  }

  /// How the shell completes the positional with this placeholder.
  func completion(for placeholder: String) -> ArgumentCompletion {
    completions[placeholder] ?? .implied(by: placeholder)
  }

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
  /// How the shell completes its value, when its placeholder does not imply it.
  var completion: ArgumentCompletion? = nil

  /// `--max-size SIZE`, for the commands that read a FILE.
  static let maximumSize = OptionSpec(
    name: "max-size", value: "SIZE",
    help: "read at most SIZE bytes (K, M, G; 256M unless PLISTCTL_MAX_SIZE says)")

  /// `--max-size`'s value in bytes, nil when absent.
  static func maximumSize(in arguments: ParsedArguments, topic: String) throws(UsageError) -> Int? {
    guard let text = arguments.values[maximumSize.name] else { return nil }
    guard let size = FileLimits.size(text) else {
      throw UsageError("--max-size needs a size such as 64M, not '\(text)'", topic: topic)
    }
    return size
  }

  /// The option as help shows it: `-o, --output FILE`.
  var label: String {
    let long = "--\(name)" + (value.map { " \($0)" } ?? "")
    return short.map { "-\($0), \(long)" } ?? long
  }
}
