import PlistCore

/// `import [--replace] DOMAIN PATH|-`: merges a dictionary (XML, binary, OpenStep or JSON;
/// a file or standard input) into the domain, keeping keys it does not have — or, with
/// `--replace`, makes it the domain's whole contents. A domain's Settings schema checks the
/// imported values first, unless `--force`.
struct ImportCommand: Command {
  static let spec = CommandSpec(
    name: "import", synopsis: "import [--replace] [--force] [--max-size SIZE] DOMAIN PATH|-",
    summary: "merge a plist (XML, binary, OpenStep or JSON) into DOMAIN",
    options: [
      OptionSpec(name: "replace", help: "make it the whole domain instead"),
      OptionSpec(name: "force", help: "import values the domain's Settings schema refuses"),
      .maximumSize,
    ],
    positionals: ["DOMAIN", "PATH (or -)"],
    examples: """
      import com.example.pigeon settings.json\tmerge a JSON file's keys
      import --replace com.example.pigeon - < saved.plist\trestore a saved domain
      """)

  let domainArgument: String?
  let source: String
  let replace: Bool
  let force: Bool
  let maximumSize: Int?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
    source = arguments.positionals[1]
    replace = arguments.has("replace")
    force = arguments.has("force")
    maximumSize = try OptionSpec.maximumSize(in: arguments, topic: Self.spec.name)
  }

  func run(in context: CommandContext) throws {
    let context = context.limited(to: maximumSize)
    let domain = try context.domain(domainArgument ?? "")
    let store = try context.store()
    let value = try context.readPropertyList(source)
    // The imported keys replace the domain's, so checking them first is checking the result.
    if !force, case .named(let name) = domain.kind, case .dictionary(let additions) = value {
      try context.schema(forDomain: name)?.validate(additions)
    }
    try store.merge(
      value, from: CommandContext.sourceName(source), into: domain, replacing: replace)
  }
}
