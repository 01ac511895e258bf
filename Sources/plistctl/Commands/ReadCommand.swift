import PlistCore

/// `read [--format F | --json | --xml] [DOMAIN [KEY]]`: every domain, one domain, or one
/// value (KEY may be a `:key:path`), as `defaults read` prints them or in a plist format.
struct ReadCommand: Command {
  static let name = "read"
  let domain: String?
  let key: String?
  let format: OutputFormat

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    let options = try Options(
      &cursor, flags: OutputFormat.optionFlags, valued: OutputFormat.optionValues, topic: Self.name)
    try options.expectPositional(0, 2, "", topic: Self.name)
    domain = options.positional.first
    key = options.positional.dropFirst().first
    format = try OutputFormat(options, topic: Self.name) ?? .defaults
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let store = try context.store()
    guard let domainArgument = domain else {
      return try context.emit(.dictionary(try Self.allDomains(store)), as: format)
    }
    let domain = try context.domain(domainArgument)
    let contents = try context.load(domain, from: store)
    guard let key else { return try context.emit(.dictionary(contents), as: format) }
    try context.emit(try Self.value(in: contents, domain: domain, key: key), as: format)
  }

  /// The value at KEY (a plain key or a `:path`), or `defaults`' "does not exist".
  static func value(in contents: PlistDictionary, domain: Domain, key: String)
    throws(CommandFailure) -> PlistValue
  {
    let value: PlistValue?
    do { value = try contents.value(at: PlistPath(key: key)) } catch { throw error.asFailure }
    guard let value else { throw missing(domain, key) }
    return value
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
