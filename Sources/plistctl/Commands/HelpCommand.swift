/// `help [COMMAND]`: the overview, or one command's usage line, on standard output.
struct HelpCommand: Command {
  static let name = "help"
  let topic: String?

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    topic = cursor.next()?.lowercased()
    try cursor.expectEnd(topic: Self.name)
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    guard let topic else { return try context.print(Usage.overview) }
    guard let line = Usage.lines.first(where: { $0.command == topic }) else {
      throw CommandFailure("no help for unknown command '\(topic)'", status: .usage)
    }
    try context.print("usage: plistctl \(line.synopsis)")
  }
}
