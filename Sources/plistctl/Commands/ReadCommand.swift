import PlistCore

/// `read [DOMAIN [KEY]]`: every domain, one domain, or one value, as `defaults read` prints
/// them.
struct ReadCommand: Command {
  static let name = "read"
  let domain: String?
  let key: String?

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    domain = cursor.next()
    key = cursor.next()
    try cursor.expectEnd(topic: Self.name)
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let store = try context.store()
    guard let domainArgument = domain else {
      return try context.print(PropertyList.describe(.dictionary(try Self.allDomains(store))))
    }
    let domain = try context.domain(domainArgument)
    let contents = try context.load(domain, from: store)
    guard let key else {
      return try context.print(PropertyList.describe(.dictionary(contents)))
    }
    guard let value = contents[key] else { throw Self.missing(domain, key) }
    try context.print(PropertyList.describe(value))
  }

  /// Every domain by name, the global one as `Apple Global Domain`, as `defaults read` shows.
  static func allDomains(_ store: DomainStore) throws(CommandFailure) -> PlistDictionary {
    var all = PlistDictionary()
    do {
      for name in try store.domainNames() {
        guard let domain = try? Domain(named: name), let contents = try store.load(domain) else {
          continue
        }
        all[name] = .dictionary(contents.dictionary)
      }
      if let global = try store.load(.global) {
        all["Apple Global Domain"] = .dictionary(global.dictionary)
      }
    } catch {
      throw error.asFailure
    }
    return all
  }

  static func missing(_ domain: Domain, _ key: String) -> CommandFailure {
    CommandFailure("The domain/default pair of (\(domain.displayName), \(key)) does not exist")
  }
}

extension CommandContext {
  /// A domain's dictionary; a missing or empty domain is `defaults`' "does not exist".
  func load(_ domain: Domain, from store: DomainStore) throws(CommandFailure) -> PlistDictionary {
    let contents: DomainStore.Contents?
    do { contents = try store.load(domain) } catch { throw error.asFailure }
    guard let dictionary = contents?.dictionary, !dictionary.isEmpty else {
      throw CommandFailure("Domain \(domain.displayName) does not exist")
    }
    return dictionary
  }
}
