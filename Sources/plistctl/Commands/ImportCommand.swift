import PlistCore

/// `import DOMAIN PATH|-`: merges a dictionary (XML, binary, OpenStep or JSON; a file or
/// standard input) into the domain; keys not in it are kept.
struct ImportCommand: Command {
  static let name = "import"
  let domain: String
  let source: String

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    domain = try cursor.required("DOMAIN", topic: Self.name)
    source = try cursor.required("PATH or -", topic: Self.name)
    try cursor.expectEnd(topic: Self.name)
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
    do {
      try store.update(domain) { (dictionary) throws(PlistError) in
        for (key, value) in additions { dictionary[key] = value }
      }
    } catch {
      throw WriteCommand.writeFailure(error, domain)
    }
  }
}
