import PlistCore

/// `domains [--json | --lines]`: the domain names, sorted, without the global one —
/// comma-separated on one line as `defaults` prints them, as a JSON array, or one per line —
/// then the domains inside Flatpak and Snap containers, marked with theirs (`name
/// (flatpak:ID)`; in JSON, an object with `domain` and `container`).
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
    // Sandboxed apps' domains follow the host's, marked with their container (unless
    // `--container` chose one store: then its domains are the list).
    let contained = context.chosenContainer == nil ? context.containerDomains() : []
    if json {
      let entries =
        names.map(PlistValue.string)
        + contained.map { entry in
          PlistValue.dictionary([
            "domain": .string(entry.name), "container": .string(entry.container.description),
          ])
        }
      return try context.emit(.array(entries), as: .plist(.json))
    }
    // A container's file names are its app's: shown, never obeyed, on a terminal.
    let all = (names + contained.map { "\($0.name) (\($0.container))" }).map(TerminalText.escaped)
    if lines && !all.isEmpty { return try context.print(all.joined(separator: "\n")) }
    if !lines { try context.print(all.joined(separator: ", ")) }
  }
}
