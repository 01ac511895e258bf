/// `help [COMMAND]`: the overview, or one command's help, on standard output.
struct HelpCommand: Command {
  static let spec = CommandSpec(
    name: "help", synopsis: "help [COMMAND]", summary: "this text, or one command's help",
    positionals: ["COMMAND", "SUBCOMMAND"], required: 0,
    examples: """
      help write\twrite's usage, options and examples
      """)

  let topic: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    topic = arguments.positionals.isEmpty ? nil : arguments.positionals.joined(separator: " ")
  }

  func run(in context: CommandContext) throws {
    guard let topic else { return try context.print(Usage.overview) }
    if let page = Usage.help(forMode: topic) { return try context.writeOutput(page) }
    if Plistctl.commandGroups.contains(topic.lowercased()) {
      return try context.print(Usage.help(forGroup: topic.lowercased()))
    }
    guard let command = Plistctl.command(named: topic) else {
      let unknown = Plistctl.unknownCommand(topic, topic: Self.spec.name)
      throw UsageError("no help for " + unknown.message, topic: unknown.topic)
    }
    try context.print(Usage.help(for: command.spec))
  }
}
