/// A command's arguments after parsing: positionals in order, flags, and option values.
struct ParsedArguments: Equatable {
  var positionals: [String] = []
  var flags: Set<String> = []
  var values: [String: String] = [:]

  /// Whether a flag was given.
  func has(_ flag: String) -> Bool { flags.contains(flag) }
  /// The positional at `index`, if given.
  func positional(_ index: Int) -> String? {
    index < positionals.count ? positionals[index] : nil
  }
}

/// The one argument parser: reads a command's arguments by its `CommandSpec`. `--name`,
/// `--name=value`, `--name value` and declared one-letter aliases (`-o FILE`) are options;
/// `--` ends them; any other word, `-g` and `-5` included, is positional — `defaults`' grammar
/// has values and domains that start with a dash.
enum ArgumentParser {
  /// Parses the words after the verb.
  ///
  /// - Throws: `UsageError` for an unknown option, a missing option value, or too few or too
  ///   many positionals.
  static func parse(_ words: ArraySlice<String>, for spec: CommandSpec) throws(UsageError)
    -> ParsedArguments
  {
    var parsed = ParsedArguments()
    var rest = words
    var optionsEnded = false
    while let word = rest.popFirst() {
      if optionsEnded || (spec.optionsFirst && !parsed.positionals.isEmpty) {
        parsed.positionals.append(word)
      } else if word == "--" {
        optionsEnded = true
      } else if let option = try option(named: word, in: spec) {
        try take(option, word: word, from: &rest, into: &parsed, spec: spec)
      } else {
        parsed.positionals.append(word)
      }
    }
    try check(parsed.positionals, against: spec)
    return parsed
  }

  /// The option a word names; nil for a positional; an error for an unknown `--name`.
  private static func option(named word: String, in spec: CommandSpec) throws(UsageError)
    -> OptionSpec?
  {
    if word.hasPrefix("--") && word.count > 2 {
      let name = word.dropFirst(2).prefix { $0 != "=" }
      if let option = spec.options.first(where: { $0.name == name }) { return option }
      let names = spec.options.map { "--" + $0.name }
      throw UsageError(
        "unknown option '\(word)'" + Suggestion.clause(for: "--" + name, among: names),
        topic: spec.name)
    }
    guard word.count == 2, word.first == "-", let letter = word.last else { return nil }
    return spec.options.first { $0.short == letter }
  }

  private static func take(
    _ option: OptionSpec, word: String, from rest: inout ArraySlice<String>,
    into parsed: inout ParsedArguments, spec: CommandSpec
  ) throws(UsageError) {
    let inline = word.firstIndex(of: "=").map { String(word[word.index(after: $0)...]) }
    guard option.value != nil else {
      if inline != nil { throw UsageError("unknown option '\(word)'", topic: spec.name) }
      parsed.flags.insert(option.name)
      return
    }
    guard let value = inline ?? rest.popFirst() else {
      throw UsageError("missing a value after \(word)", topic: spec.name)
    }
    parsed.values[option.name] = value
  }

  private static func check(_ positionals: [String], against spec: CommandSpec)
    throws(UsageError)
  {
    if positionals.count < spec.minimumPositionals {
      throw UsageError("missing \(spec.positionals[positionals.count])", topic: spec.name)
    }
    if let maximum = spec.maximumPositionals, positionals.count > maximum {
      throw UsageError("unexpected argument '\(positionals[maximum])'", topic: spec.name)
    }
  }
}
