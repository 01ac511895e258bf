import PlistCore

/// `rename DOMAIN OLD NEW`: moves a value to a new key.
struct RenameCommand: Command {
  static let spec = CommandSpec(
    name: "rename", synopsis: "rename DOMAIN OLD_KEY NEW_KEY", summary: "rename a key",
    forms: """
      rename DOMAIN OLD NEW\trename a key
      """,
    positionals: ["DOMAIN", "OLD_KEY", "NEW_KEY"],
    examples: """
      rename com.example.pigeon HPMapType MapType\tthe value moves to MapType
      """)

  let domainArgument: String?
  let oldKey: String
  let newKey: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
    oldKey = arguments.positionals[1]
    newKey = arguments.positionals[2]
  }

  var keyArguments: [String] { [oldKey, newKey] }

  func run(in context: CommandContext) throws {
    let domain = try context.domain(domainArgument ?? "")
    try context.store().moveValue(
      from: KeyArgument.path(oldKey), to: KeyArgument.path(newKey), in: domain)
  }
}
