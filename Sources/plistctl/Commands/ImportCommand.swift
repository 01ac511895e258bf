import PlistCore

/// `import [--replace] DOMAIN PATH|-`: merges a dictionary (XML, binary, OpenStep or JSON;
/// a file or standard input) into the domain, keeping keys it does not have — or, with
/// `--replace`, makes it the domain's whole contents.
struct ImportCommand: Command {
  static let name = "import"
  let domain: String
  let source: String
  let replace: Bool

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    let options = try Options(&cursor, flags: ["replace"], topic: Self.name)
    try options.expectPositional(2, 2, "DOMAIN and PATH (or -)", topic: Self.name)
    domain = options.positional[0]
    source = options.positional[1]
    replace = options.flags.contains("replace")
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let domain = try context.domain(self.domain)
    let store = try context.store()
    let value = try context.readPropertyList(path: source).value
    guard case .dictionary(let additions) = value else {
      throw CommandFailure(
        "Property list in \(source == "-" ? FileAccess.standardInputName : source) is "
          + "\(value.typeDescription), not a dictionary. Defaults have not been changed.")
    }
    let replace = self.replace
    do {
      try store.update(domain) { (dictionary) throws(PlistError) in
        if replace { dictionary = PlistDictionary() }
        for (key, value) in additions { dictionary[key] = value }
      }
    } catch {
      throw WriteCommand.writeFailure(error, domain)
    }
  }
}
