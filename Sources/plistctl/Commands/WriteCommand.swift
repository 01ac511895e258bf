import PlistCore

/// `write [--deep] DOMAIN KEY VALUE…` sets a key (or a `:key:path`); `write DOMAIN 'PLIST'`
/// replaces the whole domain. Options come first: what follows KEY is all value. A domain with
/// a Settings schema refuses values it does not allow, unless `--force`.
struct WriteCommand: Command {
  static let spec = CommandSpec(
    name: "write", synopsis: "write [--deep] [--force] DOMAIN KEY VALUE  |  write DOMAIN 'PLIST'",
    summary: "set a key, or replace the domain with a dictionary",
    forms: """
      write DOMAIN KEY VALUE\tset a key
      write DOMAIN 'PLIST'\treplace the domain with a dictionary
      """,
    options: [
      OptionSpec(name: "deep", help: "-dict-add merges nested dictionaries too"),
      OptionSpec(name: "force", help: "write a value the domain's Settings schema refuses"),
    ],
    positionals: ["DOMAIN", "KEY or a dictionary to replace the domain with", "VALUE"],
    required: 2, repeatsLast: true, optionsFirst: true,
    examples: """
      write com.example.pigeon HPMapType -int 1\tan integer
      write com.example.pigeon :HPLocation:lat -float 52.5\ta nested value
      write com.example.pigeon Recent -json '[{"id": 7}]'\ttyped JSON
      """)

  let domainArgument: String?
  let key: String
  let values: [String]
  let deepMerge: Bool
  let force: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
    key = arguments.positionals[1]
    values = Array(arguments.positionals.dropFirst(2))
    deepMerge = arguments.has("deep")
    force = arguments.has("force")
  }

  var keyArguments: [String] { [key] }

  func run(in context: CommandContext) throws {
    let domain = try context.domain(domainArgument ?? "")
    let store = try context.store()
    var schema: SettingsSchema?
    if !force, case .named(let name) = domain.kind { schema = try context.schema(forDomain: name) }
    if values.isEmpty {
      return try store.replace(domain, with: try WriteArguments.replacement(key), checkedBy: schema)
    }
    let operation = try WriteArguments.parse(values, deepMerge: deepMerge)
    try store.write(operation, at: KeyArgument.path(key), in: domain, checkedBy: schema)
  }
}
