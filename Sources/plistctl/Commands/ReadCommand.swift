import PlistCore

/// `read [--format F | --json | --xml] [DOMAIN [KEY]]`: every domain, one domain, or one
/// value (KEY may be a `:key:path`), as `defaults read` prints them or in a plist format.
struct ReadCommand: Command {
  static let spec = CommandSpec(
    name: "read", synopsis: "read [--format F | --json | --xml] [DOMAIN [KEY]]",
    summary: "print every domain, one domain, or one value",
    forms: """
      read\tevery domain
      read DOMAIN\tone domain
      read DOMAIN KEY\tone value
      """,
    options: OutputFormat.options, positionals: ["DOMAIN", "KEY"], required: 0,
    examples: """
      read com.example.pigeon HPMapType\tone value, as defaults prints it
      read --json com.example.pigeon\tthe whole domain as JSON
      """)

  let domainArgument: String?
  let key: String?
  let format: OutputFormat

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positional(0)
    key = arguments.positional(1)
    format = try OutputFormat(arguments, topic: Self.spec.name) ?? .defaults
  }

  var keyArguments: [String] { key.map { [$0] } ?? [] }

  func run(in context: CommandContext) throws {
    let store = try context.store()
    guard let domainArgument else {
      return try context.emit(
        .dictionary(DomainLabels.dictionary(try store.allDomains())), as: format)
    }
    let domain = try context.domain(domainArgument)
    guard let key else {
      return try context.emit(.dictionary(try store.dictionary(of: domain)), as: format)
    }
    try context.emit(try store.value(at: KeyArgument.path(key), in: domain), as: format)
  }
}
