import PlistCore

/// `domains`: the domain names, sorted, comma-separated on one line, without the global one.
struct DomainsCommand: Command {
  static let name = "domains"

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    try cursor.expectEnd(topic: Self.name)
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let store = try context.store()
    let names: [String]
    do { names = try store.domainNames() } catch { throw error.asFailure }
    try context.print(names.joined(separator: ", "))
  }
}
