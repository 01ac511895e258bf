import PlistCore

/// The command line's entry point: pick the command, parse its arguments by its spec, run
/// it, and turn any error into one line on standard error and an exit status.
enum Plistctl {
  static let version = "1.0.0"

  /// Every command, in the order help lists them.
  static var commands: [any Command.Type] {
    var all: [any Command.Type] = []
    _ = firstCommand { command in
      all.append(command)
      return false
    }
    return all
  }

  /// The first command, in help's order, that `matches` accepts. The commands are a parameter
  /// pack here rather than an array: an array of command types is a type the runtime builds
  /// on first use, 9 k instructions of every run.
  static func firstCommand(where matches: (any Command.Type) -> Bool) -> (any Command.Type)? {
    first(
      where: matches, ReadCommand.self, ReadTypeCommand.self, WriteCommand.self,
      RenameCommand.self, DeleteCommand.self, DomainsCommand.self, FindCommand.self,
      ExportCommand.self, ImportCommand.self, WatchCommand.self, WhereCommand.self,
      ManagedCommand.self, WritableCommand.self,
      KeysCommand.self, ConvertCommand.self, LintCommand.self, PrintCommand.self,
      ResetCommand.self, DumpCommand.self, SettingsLintCommand.self,
      SettingsDefaultsCommand.self, SettingsAttachCommand.self, SettingsDetachCommand.self,
      SettingsDescribeCommand.self, SettingsShowCommand.self, SettingsEditCommand.self,
      CloudAttachCommand.self, CloudDetachCommand.self, CloudSetCommand.self,
      CloudGetCommand.self, CloudRemoveCommand.self, CloudListCommand.self,
      CloudSyncCommand.self, CloudWatchCommand.self, CloudMirrorCommand.self,
      CloudStatusCommand.self, CloudMergeFileCommand.self, StateListCommand.self,
      StateShowCommand.self, StateClearCommand.self, HelpCommand.self)
  }

  /// The first of `types` that `matches` accepts, in their order.
  private static func first<each C: Command>(
    where matches: (any Command.Type) -> Bool, _ types: repeat (each C).Type
  ) -> (any Command.Type)? {
    for type in repeat each types {
      if matches(type) { return type }
    }
    return nil
  }

  /// The word before a subcommand (`settings lint`).
  static let commandGroups = ["settings", "cloud", "state"]

  /// The subcommand a group runs when given none (`state` lists), if it has one.
  static func defaultSubcommand(of group: String) -> String? {
    group == "state" ? "list" : nil
  }

  /// The command a verb names (verbs are case-insensitive, as in `defaults`).
  static func command(named verb: String) -> (any Command.Type)? {
    let name = verb.lowercased()
    return firstCommand { $0.spec.verbs.contains(name) }
  }

  /// Runs one invocation from the arguments as the kernel passed them (`RawArguments`):
  /// arguments that cannot be read, or that are not UTF-8, are refused with one line.
  static func run(rawArguments: [[UInt8]]?, context: CommandContext) -> ExitStatus {
    guard let rawArguments else {
      context.report(Platform.unreadableArgumentsCause())
      return .dataError
    }
    do {
      return run(arguments: try RawArguments.strings(rawArguments), context: context)
    } catch {
      context.report(error.message)
      return .usage
    }
  }

  /// Runs one invocation; the single place where errors become messages and statuses.
  static func run(arguments: [String], context: CommandContext) -> ExitStatus {
    if let first = arguments.first, let mode = ToolMode.command(first) {
      return mode(Array(arguments.dropFirst()), context)
    }
    var situation = Messages.Situation(command: "")
    do {
      try dispatch(arguments[...], context: context, situation: &situation)
      return .success
    } catch {
      return failed(error, in: situation, context: context)
    }
  }

  /// Reports an error a command threw, as one line (and a usage hint for bad usage).
  static func failed(_ error: any Error, in situation: Messages.Situation, context: CommandContext)
    -> ExitStatus
  {
    let (text, status) = Messages.render(error, in: situation)
    if !text.isEmpty { context.report(text) }
    if status == .usage {
      let topic = (error as? UsageError)?.topic ?? situation.command
      context.writeError(Usage.hint(for: topic.isEmpty ? nil : topic) + "\n")
    }
    return status
  }

  private static func dispatch(
    _ arguments: ArraySlice<String>, context: CommandContext,
    situation: inout Messages.Situation
  ) throws {
    if arguments.first == ShellCompletion.verb {
      return try ShellCompletion.run(arguments.dropFirst(), context: context)
    }
    var words = arguments
    var context = context
    var container: String?
    // `-currentHost`/`-host NAME` and `--container C` come before the verb, in either order.
    for _ in 0..<2 {
      if let host = try hostOption(&words) { context.host = host }
      if let chosen = try CommandContext.containerOption(&words) { container = chosen }
    }
    guard let verb = words.popFirst() else { throw UsageError("no command given") }
    switch verb {
    case "--help", "-h": return try context.print(Usage.overview)
    case "--version": return try context.print("plistctl \(version)")
    default: break
    }
    let name = try commandName(verb, &words)
    guard let type = command(named: name) else { throw unknownCommand(name) }
    situation.command = type.spec.name
    if words.first == "--help" || words.first == "-h" {
      return try context.print(Usage.help(for: type.spec))
    }
    let command = try type.init(ArgumentParser.parse(words, for: type.spec))
    situation.note(
      domainArgument: command.domainArgument, keys: command.keyArguments, in: context)
    context.chosenContainer = container
    if let root = try context.containerRoot(
      forDomainArgument: command.domainArgument, chosen: container)
    {
      context.containerRoot = root
    }
    try command.run(in: context)
  }

  /// The verb, with its subcommand for a group (`settings show`); a group without one, or
  /// with one it does not have, is a usage error naming the subcommands it has.
  static func commandName(_ verb: String, _ words: inout ArraySlice<String>) throws -> String {
    let group = verb.lowercased()
    guard commandGroups.contains(group) else { return verb }
    let list = subcommands(of: group).joined(separator: ", ")
    guard let sub = words.first, !sub.hasPrefix("-") else {
      if let implied = defaultSubcommand(of: group) { return group + " " + implied }
      throw UsageError("\(group) needs a subcommand: " + list, topic: group)
    }
    words.removeFirst()
    let name = group + " " + sub
    guard command(named: name) != nil else {
      let unknown = unknownCommand(name).message
      let sentence = unknown.hasSuffix("?") ? " The" : "; the"
      throw UsageError(unknown + sentence + " \(group) subcommands are " + list, topic: group)
    }
    return name
  }

  /// The words that may start a command: every verb, and each group's name.
  static var firstWords: [String] {
    var words = Usage.modes.map(\.word)
    for command in commands {
      for verb in command.spec.verbs {
        let first = String(verb.prefix { $0 != " " })
        if !words.contains(first) { words.append(first) }
      }
    }
    return words
  }

  /// An unknown command, with the one it is probably a typo of (`wrtie`: `write`; `settings
  /// shw`: `settings show`), or the group it belongs to (`describe`: `settings describe`).
  static func unknownCommand(_ name: String, topic: String? = nil) -> UsageError {
    let words = name.lowercased().split(separator: " ").map(String.init)
    var guess: String?
    if words.count == 2, commandGroups.contains(words[0]) {
      guess = Suggestion.nearest(to: words[1], among: subcommands(of: words[0]))
        .map { "\(words[0]) \($0)" }
    } else if words.count == 1 {
      let group = commandGroups.first { subcommands(of: $0).contains(words[0]) }
      guess = group.map { "\($0) \(words[0])" } ?? Suggestion.nearest(to: name, among: firstWords)
    }
    return UsageError(
      "unknown command '\(name)'" + (guess.map { "; did you mean '\($0)'?" } ?? ""), topic: topic)
  }

  /// The subcommands of a group (`lint`, `defaults`, …), in the order help lists them.
  static func subcommands(of group: String) -> [String] {
    var names: [String] = []
    for command in commands where command.spec.name.hasPrefix(group + " ") {
      names.append(String(command.spec.name.dropFirst(group.count + 1)))
    }
    return names
  }

  /// As in `defaults`, `-currentHost` or `-host NAME` may only come first.
  private static func hostOption(_ words: inout ArraySlice<String>) throws(UsageError)
    -> DomainStore.Host?
  {
    switch words.first {
    case "-currentHost":
      words.removeFirst()
      return .current
    case "-host":
      words.removeFirst()
      guard let name = words.popFirst() else { throw UsageError("missing a host name after -host") }
      return .named(name)
    default:
      return nil
    }
  }
}

/// One subcommand: it declares itself in a spec, is built from the parsed arguments, and
/// runs against a context, calling one library operation and printing the result.
protocol Command: Sendable {
  static var spec: CommandSpec { get }
  /// Builds the command; checks what the spec cannot say (a format name, conflicting options).
  init(_ arguments: ParsedArguments) throws(UsageError)
  /// The DOMAIN argument as typed, for messages.
  var domainArgument: String? { get }
  /// The KEY arguments as typed, for messages.
  var keyArguments: [String] { get }
  func run(in context: CommandContext) throws
}

extension Command {
  var domainArgument: String? { nil }
  var keyArguments: [String] { [] }
}

/// A command whose arguments are `DOMAIN [KEY]` (delete, keys, watch): its init and its KEY
/// for messages come from here.
protocol DomainAndKeyCommand: Command {
  var key: String? { get }
  init(domainArgument: String?, key: String?)
}

extension DomainAndKeyCommand {
  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.init(domainArgument: arguments.positional(0), key: arguments.positional(1))
  }

  var keyArguments: [String] { key.map { [$0] } ?? [] }
}
