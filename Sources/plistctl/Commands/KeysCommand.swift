import PlistCore

/// `keys DOMAIN [KEY]`: the keys of a domain (or of the dictionary at KEY), one per line —
/// for scripts and shell completion.
struct KeysCommand: Command {
  static let name = "keys"
  let domain: String
  let key: String?

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    (domain, key) = try cursor.domainAndOptionalKey(topic: Self.name)
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let domain = try context.domain(self.domain)
    let contents = try context.load(domain, from: try context.store())
    var dictionary = contents
    if let key {
      guard
        case .dictionary(let nested) = try ReadCommand.value(in: contents, domain: domain, key: key)
      else { throw CommandFailure("Value for key \(key) is not a dictionary") }
      dictionary = nested
    }
    if !dictionary.isEmpty { try context.print(dictionary.keys.joined(separator: "\n")) }
  }
}
