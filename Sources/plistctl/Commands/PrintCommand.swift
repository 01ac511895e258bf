import PlistCore

/// `print FILE`: the value in `defaults read`'s layout.
struct PrintCommand: Command {
  static let name = "print"
  let path: String

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    path = try cursor.required("FILE", topic: Self.name)
    try cursor.expectEnd(topic: Self.name)
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let value = try context.readPropertyList(path: path).value
    try context.print(PropertyList.describe(value))
  }
}
