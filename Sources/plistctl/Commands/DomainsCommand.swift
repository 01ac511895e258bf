import PlistCore

/// `domains [--json | --lines]`: the domain names, sorted, without the global one —
/// comma-separated on one line as `defaults` prints them, as a JSON array, or one per line.
struct DomainsCommand: Command {
  static let spec = CommandSpec(
    name: "domains", synopsis: "domains [--json | --lines]",
    summary: "list the domains (--json, --lines: one per line)",
    options: [
      OptionSpec(name: "json", help: "a JSON array"),
      OptionSpec(name: "lines", help: "one name per line"),
    ],
    positionals: [],
    examples: """
      domains --lines\tone domain per line, for scripts
      """)

  let json: Bool
  let lines: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    json = arguments.has("json")
    lines = arguments.has("lines")
    if json && lines {
      throw UsageError("give only one of --json and --lines", topic: Self.spec.name)
    }
  }

  func run(in context: CommandContext) throws {
    let names = try context.store().domainNames()
    if json { return try context.emit(.array(names.map(PlistValue.string)), as: .plist(.json)) }
    if lines && !names.isEmpty { return try context.print(names.joined(separator: "\n")) }
    if !lines { try context.print(names.joined(separator: ", ")) }
  }
}
