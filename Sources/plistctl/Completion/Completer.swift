import PlistCore

/// Shell completion, from the commands' specs: the words typed so far in, the candidates for
/// the word being typed out. The scripts in `completions/` ask it through `plistctl
/// __complete`, so every command, option and argument kind is completed the same way in
/// bash, zsh and fish, and a new command is completed as soon as its spec exists.
enum Completer {
  /// What the shell should offer.
  struct Result: Equatable {
    /// The candidates that start with the word being typed.
    var candidates: [CompletionCandidate] = []
    /// Whether the shell should offer file names too.
    var files = false
  }

  /// The candidates for the last of `words` (the words after `plistctl`, unquoted; the last
  /// one is being typed and may be empty).
  static func complete(_ words: [String], context: CommandContext) -> Result {
    var words = words[...]
    let prefix = words.popLast() ?? ""
    var context = context
    var hostGiven = true
    switch words.first {
    case "-currentHost":
      words.removeFirst()
      context.host = .current
    case "-host":
      words.removeFirst()
      guard let name = words.popFirst() else { return Result() }  // a host name
      context.host = .named(name)
    default: hostGiven = false
    }
    var containerGiven = false
    if words.first == "--container" {
      words.removeFirst()
      guard let chosen = words.popFirst() else {
        return filtered(Result(candidates: containers(context)), by: prefix)
      }
      containerGiven = true
      context.chosenContainer = chosen
      context.containerRoot = try? context.containerRoot(forDomainArgument: nil, chosen: chosen)
    }
    guard let verb = words.popFirst() else {
      var candidates = Plistctl.firstWords.map {
        CompletionCandidate(word: $0, help: help(for: $0))
      }
      if !hostGiven {
        candidates.append(
          CompletionCandidate(word: "-currentHost", help: "this host's ByHost files"))
        candidates.append(CompletionCandidate(word: "-host", help: "a host's ByHost files"))
      }
      if !containerGiven {
        candidates.append(
          CompletionCandidate(word: "--container", help: "a sandboxed app's container"))
      }
      candidates.append(CompletionCandidate(word: "--help", help: "every command"))
      candidates.append(CompletionCandidate(word: "--version", help: "the version"))
      return filtered(Result(candidates: candidates), by: prefix)
    }
    if ToolMode.command(verb) != nil {
      return filtered(
        ToolModeCompletion.complete(mode: verb, Array(words), prefix: prefix), by: prefix)
    }
    var name = verb
    if Plistctl.commandGroups.contains(verb.lowercased()) {
      guard let sub = words.popFirst() else {
        return filtered(Result(candidates: subcommands(of: verb.lowercased())), by: prefix)
      }
      name = verb + " " + sub
    }
    guard let command = Plistctl.command(named: name) else { return Result() }
    return filtered(
      arguments(Array(words), prefix: prefix, spec: command.spec, context: context), by: prefix)
  }

  /// `--container`'s values: `host`, and the containers in the home.
  private static func containers(_ context: CommandContext) -> [CompletionCandidate] {
    let home = context.environment["HOME"] ?? ""
    let found = home.isEmpty ? [] : Container.installed(home: home)
    return [CompletionCandidate(word: "host", help: "the host's own preferences")]
      + found.map { CompletionCandidate(word: $0.description, help: "a sandboxed app's") }
  }

  /// The candidates for a command's arguments: an option's value, options, or the next
  /// positional, by the spec.
  private static func arguments(
    _ words: [String], prefix: String, spec: CommandSpec, context: CommandContext
  ) -> Result {
    let typed = Typed(words, by: spec)
    var context = context
    // A domain typed that only its app's container has: its keys are the container's.
    if context.chosenContainer == nil, let index = spec.positionals.firstIndex(of: "DOMAIN"),
      index < typed.positionals.count,
      let root = try? context.containerRoot(
        forDomainArgument: typed.positionals[index], chosen: nil)
    {
      context.containerRoot = root
    }
    let request = { (prefix: String) in
      CompletionRequest(
        context: context, spec: spec, positionals: typed.positionals, prefix: prefix)
    }
    if let option = typed.pending { return value(of: option, for: request(prefix)) }
    if !typed.optionsEnded && prefix.hasPrefix("--"), let equals = prefix.firstIndex(of: "="),
      let option = option(named: String(prefix[..<equals]), in: spec)
    {
      // `--format=js`: the value, after the option.
      var result = value(of: option, for: request(String(prefix[prefix.index(after: equals)...])))
      let head = String(prefix[...equals])
      result.candidates = result.candidates.map { CompletionCandidate(word: head + $0.word) }
      return result
    }
    var result = Result()
    if !typed.optionsEnded && prefix.hasPrefix("-") {
      for option in spec.options {
        result.candidates.append(CompletionCandidate(word: "--" + option.name, help: option.help))
        if let short = option.short {
          result.candidates.append(CompletionCandidate(word: "-\(short)", help: option.help))
        }
      }
    }
    if let placeholder = placeholder(at: typed.positionals.count, in: spec) {
      let (words, files) = spec.completion(for: placeholder).candidates(for: request(prefix))
      result.candidates += words
      result.files = files
    }
    return result
  }

  /// The words after the verb, read as the parser reads them.
  private struct Typed {
    /// The positionals.
    var positionals: [String] = []
    /// Whether `--`, or the first positional of a command that takes options only before
    /// it, has ended the options.
    var optionsEnded = false
    /// An option whose value is the word being typed.
    var pending: OptionSpec?

    init(_ words: [String], by spec: CommandSpec) {
      for word in words {
        if pending != nil {
          pending = nil
        } else if optionsEnded {
          positionals.append(word)
        } else if word == "--" {
          optionsEnded = true
        } else if let option = Completer.option(named: word, in: spec) {
          if option.value != nil && !word.contains("=") { pending = option }
        } else {
          positionals.append(word)
          optionsEnded = spec.optionsFirst
        }
      }
    }
  }

  /// The candidates for an option's value.
  private static func value(of option: OptionSpec, for request: CompletionRequest) -> Result {
    let completion = option.completion ?? .implied(by: option.value ?? "")
    let (words, files) = completion.candidates(for: request)
    return Result(candidates: words, files: files)
  }

  /// The placeholder of the positional at `index`, the last one again when it repeats.
  private static func placeholder(at index: Int, in spec: CommandSpec) -> String? {
    if index < spec.positionals.count { return spec.positionals[index] }
    return spec.repeatsLast ? spec.positionals.last : nil
  }

  /// The option a word names, as the parser reads it: `--name`, `--name=…`, or `-x`.
  private static func option(named word: String, in spec: CommandSpec) -> OptionSpec? {
    if word.hasPrefix("--") {
      let name = word.dropFirst(2).prefix { $0 != "=" }
      return spec.options.first { $0.name == name }
    }
    guard word.count == 2, word.first == "-", let letter = word.last else { return nil }
    return spec.options.first { $0.short == letter }
  }

  /// The candidates that start with what has been typed, each word once.
  private static func filtered(_ result: Result, by prefix: String) -> Result {
    var seen: Set<String> = []
    var kept = result
    kept.candidates = result.candidates.filter { candidate in
      candidate.word.hasPrefix(prefix) && seen.insert(candidate.word).inserted
    }
    return kept
  }

  // MARK: - Commands

  /// A first word's summary: the command's, or a group's subcommands.
  static func help(for word: String) -> String {
    if let summary = Usage.modes.first(where: { $0.word == word })?.summary { return summary }
    if Plistctl.commandGroups.contains(word) {
      return Plistctl.subcommands(of: word).joined(separator: ", ")
    }
    return Plistctl.command(named: word)?.spec.summary ?? ""
  }

  /// A group's subcommands, with their summaries.
  static func subcommands(of group: String) -> [CompletionCandidate] {
    Plistctl.subcommands(of: group).map { sub in
      CompletionCandidate(
        word: sub, help: Plistctl.command(named: group + " " + sub)?.spec.summary ?? "")
    }
  }
}
