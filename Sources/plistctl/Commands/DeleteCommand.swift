import PlistCore

/// `delete DOMAIN [KEY]` (alias `remove`): removes a key, or the whole domain.
struct DeleteCommand: Command {
  static let name = "delete"
  static let aliases = ["remove"]
  let domain: String
  let key: String?

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    (domain, key) = try cursor.domainAndOptionalKey(topic: Self.name)
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let domain = try context.domain(self.domain)
    let store = try context.store()
    let notFound = "Domain (\(domain.displayName)) not found. Defaults have not been changed."
    guard let key else {
      let removed: Bool
      do { removed = try store.remove(domain) } catch { throw error.asFailure }
      if !removed { throw CommandFailure(notFound) }
      return
    }
    // A missing domain must not create the store's directory, which update would.
    guard store.exists(domain) else { throw CommandFailure(notFound) }
    do throws(PlistError) {
      let path = PlistPath(key: key)
      try store.update(domain) { (dictionary) throws(PlistError) in
        guard !dictionary.isEmpty else { throw .notFound(notFound) }
        guard try dictionary.remove(at: path) else {
          throw .notFound(
            "The domain/default pair of (\(domain.displayName), \(key)) does not exist. "
              + "Defaults have not been changed.")
        }
      }
    } catch {
      throw WriteCommand.writeFailure(error, domain)
    }
  }
}
