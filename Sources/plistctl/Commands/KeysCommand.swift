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
    // One read of the domain: the whole dictionary, or the value at KEY.
    let path = key.map(KeyArgument.path) ?? .root
    let value =
      key == nil
      ? .dictionary(try store.dictionary(of: domain)) : try store.value(at: path, in: domain)
    guard case .dictionary(let dictionary) = value else {
      throw PlistError.typeMismatch(at: path, expected: .dictionary, found: value.type)
    }
    // One key a line, whatever a key holds: a line break or an escape sequence in one is
    // shown escaped (`TerminalText`), never obeyed.
    if !dictionary.isEmpty {
      try context.print(dictionary.keys.map(TerminalText.escaped).joined(separator: "\n"))
    }
  }
}
