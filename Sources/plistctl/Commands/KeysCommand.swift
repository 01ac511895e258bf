import PlistCore

/// `keys DOMAIN [KEY]`: the keys of a domain (or of the dictionary at KEY), one per line —
/// for scripts and shell completion.
struct KeysCommand: DomainAndKeyCommand {
  static let spec = CommandSpec(
    name: "keys", synopsis: "keys DOMAIN [KEY]",
    summary: "the keys of a domain or a dictionary, one per line",
    positionals: ["DOMAIN", "KEY"], required: 1,
    examples: """
      keys com.example.pigeon :HPLocation\tthe keys of a nested dictionary
      """)

  let domainArgument: String?
  let key: String?

  func run(in context: CommandContext) throws {
    let domain = try context.domain(domainArgument ?? "")
    let store = try context.store()
    var dictionary = try store.dictionary(of: domain)
    if let key {
      let path = KeyArgument.path(key)
      let value = try store.value(at: path, in: domain)
      guard case .dictionary(let nested) = value else {
        throw PlistError.typeMismatch(at: path, expected: .dictionary, found: value.type)
      }
      dictionary = nested
    }
    if !dictionary.isEmpty { try context.print(dictionary.keys.joined(separator: "\n")) }
  }
}
