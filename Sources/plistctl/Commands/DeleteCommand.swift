import PlistCore

/// `delete DOMAIN [KEY]` (alias `remove`): removes a key, or the whole domain.
struct DeleteCommand: DomainAndKeyCommand {
  static let spec = CommandSpec(
    name: "delete", aliases: ["remove"], synopsis: "delete DOMAIN [KEY]",
    summary: "delete a key, or the whole domain (alias: remove)",
    positionals: ["DOMAIN", "KEY"], required: 1,
    examples: """
      delete com.example.pigeon HPMapType\tone key
      delete com.example.pigeon\tthe whole domain
      """)

  let domainArgument: String?
  let key: String?

  func run(in context: CommandContext) throws {
    let domain = try context.domain(domainArgument ?? "")
    let store = try context.store()
    guard let key else { return try store.removeDomain(domain) }
    try store.removeValue(at: KeyArgument.path(key), from: domain)
  }
}
