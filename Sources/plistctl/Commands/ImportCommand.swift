import PlistCore

/// `import [--replace] DOMAIN PATH|-`: merges a dictionary (XML, binary, OpenStep or JSON;
/// a file or standard input) into the domain, keeping keys it does not have — or, with
/// `--replace`, makes it the domain's whole contents.
struct ImportCommand: Command {
  static let spec = CommandSpec(
    name: "import", synopsis: "import [--replace] DOMAIN PATH|-",
    summary: "merge a plist (XML, binary, OpenStep or JSON) into DOMAIN",
    options: [OptionSpec(name: "replace", help: "make it the whole domain instead")],
    positionals: ["DOMAIN", "PATH (or -)"],
    examples: """
      import com.example.pigeon settings.json\tmerge a JSON file's keys
      import --replace com.example.pigeon - < saved.plist\trestore a saved domain
      """)

  let domainArgument: String?
  let source: String
  let replace: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
    source = arguments.positionals[1]
    replace = arguments.has("replace")
  }

  func run(in context: CommandContext) throws {
    let domain = try context.domain(domainArgument ?? "")
    let store = try context.store()
    let value = try context.readPropertyList(source)
    try store.merge(
      value, from: CommandContext.sourceName(source), into: domain, replacing: replace)
  }
}
