import PlistCore

/// `rename DOMAIN OLD NEW`: moves a value to a new key (checked by the domain's Settings
/// schema at the new key, unless `--force`).
struct RenameCommand: Command {
  static let spec = CommandSpec(
    name: "rename", synopsis: "rename [--force] DOMAIN OLD_KEY NEW_KEY", summary: "rename a key",
    forms: """
      rename DOMAIN OLD NEW\trename a key
      """,
    options: [
      OptionSpec(name: "force", help: "move a value the Settings schema refuses at the new key")
    ],
    positionals: ["DOMAIN", "OLD_KEY", "NEW_KEY"],
    examples: """
      rename com.example.pigeon HPMapType MapType\tthe value moves to MapType
      """)

  let domainArgument: String?
  let oldKey: String
  let newKey: String
  let force: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
    oldKey = arguments.positionals[1]
    newKey = arguments.positionals[2]
    force = arguments.has("force")
  }

  var keyArguments: [String] { [oldKey, newKey] }

  func run(in context: CommandContext) throws {
    let domain = try context.domain(domainArgument ?? "")
    var schema: SettingsSchema?
    if !force, case .named(let name) = domain.kind { schema = try context.schema(forDomain: name) }
    try context.store().moveValue(
      from: KeyArgument.path(oldKey), to: KeyArgument.path(newKey), in: domain, checkedBy: schema)
  }
}
