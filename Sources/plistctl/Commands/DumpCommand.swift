import PlistCore

/// `dump [--non-default] [--format F | --json | --xml] DOMAIN`: the domain's values; with
/// `--non-default`, only those that differ from its Settings schema's factory defaults —
/// what is worth keeping in a dotfiles repository.
struct DumpCommand: Command {
  static let spec = CommandSpec(
    name: "dump", synopsis: "dump [--non-default] [--format F | --json | --xml] DOMAIN",
    summary: "a domain's values; --non-default: only those differing from the schema's defaults",
    options: OutputFormat.options + [
      OptionSpec(name: "non-default", help: "leave out values equal to the factory default")
    ], positionals: ["DOMAIN"],
    examples: """
      dump --non-default --xml com.example.pigeon > pigeon.plist\tonly what the user changed
      """)

  let domainArgument: String?
  let format: OutputFormat
  let nonDefault: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
    format = try OutputFormat(arguments, topic: Self.spec.name) ?? .defaults
    nonDefault = arguments.has("non-default")
  }

  func run(in context: CommandContext) throws {
    let domain = try context.domain(domainArgument ?? "")
    var contents = try context.store().dictionary(of: domain)
    if nonDefault, case .named(let name) = domain.kind,
      let schema = try context.schema(forDomain: name)
    {
      contents = schema.differingFromFactoryDefaults(contents)
    }
    try context.emit(.dictionary(contents), as: format)
  }
}
