import PlistCore

/// `domains [--json | --lines]`: the domain names, sorted, without the global one —
/// comma-separated on one line as `defaults` prints them, as a JSON array, or one per line.
struct DomainsCommand: Command {
  static let name = "domains"
  let json: Bool
  let lines: Bool

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    let options = try Options(&cursor, flags: ["json", "lines"], topic: Self.name)
    try options.expectPositional(0, 0, "", topic: Self.name)
    json = options.flags.contains("json")
    lines = options.flags.contains("lines")
    if json && lines { throw UsageError("give only one of --json and --lines", topic: Self.name) }
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let store = try context.store()
    let names: [String]
    do { names = try store.domainNames() } catch { throw error.asFailure }
    if json { return try context.emit(.array(names.map(PlistValue.string)), as: .plist(.json)) }
    if lines && !names.isEmpty { return try context.print(names.joined(separator: "\n")) }
    if !lines { try context.print(names.joined(separator: ", ")) }
  }
}
