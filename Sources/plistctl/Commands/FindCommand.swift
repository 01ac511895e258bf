import PlistCore

/// `find [--json] WORD`: every key whose domain name, key, or string content contains WORD,
/// ignoring case, printed per domain as `defaults find` does, or as one JSON object of
/// domains to their matching keys.
struct FindCommand: Command {
  static let spec = CommandSpec(
    name: "find", synopsis: "find [--json] WORD",
    summary: "keys whose domain, name or text contains WORD (--json)",
    options: [OptionSpec(name: "json", help: "one JSON object of domains to matching keys")],
    positionals: ["WORD"],
    examples: """
      find pigeon\tevery matching key, per domain
      """)

  let word: String
  let json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    word = arguments.positionals[0]
    json = arguments.has("json")
  }

  func run(in context: CommandContext) throws {
    let found = DomainLabels.dictionary(try context.store().find(word))
    if found.isEmpty { throw CommandFailure.nothingFound(word) }
    if json { return try context.emit(.dictionary(found), as: .plist(.json)) }
    for (name, keys) in found {
      guard case .dictionary(let selected) = keys else { continue }
      let description = PropertyList.describe(keys)
      try context.print("Found \(selected.count) keys in domain '\(name)': \(description)")
    }
  }
}
