import PlistCore

/// `rename DOMAIN OLD NEW`: moves a value to a new key.
struct RenameCommand: Command {
  static let name = "rename"
  let domain: String
  let oldKey: String
  let newKey: String

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    domain = try cursor.required("DOMAIN", topic: Self.name)
    oldKey = try cursor.required("OLD_KEY", topic: Self.name)
    newKey = try cursor.required("NEW_KEY", topic: Self.name)
    try cursor.expectEnd(topic: Self.name)
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let domain = try context.domain(self.domain)
    let (oldKey, newPath) = (self.oldKey, PlistPath(key: newKey))
    let oldPath = PlistPath(key: oldKey)
    let store = try context.store()
    do {
      try store.update(domain) { (dictionary) throws(PlistError) in
        guard let value = try dictionary.value(at: oldPath) else {
          throw .notFound(
            "Key \(oldKey) does not exist in domain \(domain.displayName); leaving defaults unchanged"
          )
        }
        try dictionary.remove(at: oldPath)
        try dictionary.set(value, at: newPath)
      }
    } catch {
      throw WriteCommand.writeFailure(error, domain)
    }
  }
}
