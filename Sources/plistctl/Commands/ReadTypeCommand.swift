import PlistCore

/// `read-type DOMAIN KEY`: `Type is integer` and the like.
struct ReadTypeCommand: Command {
  static let name = "read-type"
  let domain: String
  let key: String

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    domain = try cursor.required("DOMAIN", topic: Self.name)
    key = try cursor.required("KEY", topic: Self.name)
    try cursor.expectEnd(topic: Self.name)
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let domain = try context.domain(self.domain)
    let contents = try context.load(domain, from: try context.store())
    let value = try ReadCommand.value(in: contents, domain: domain, key: key)
    try context.print("Type is \(value.typeName)")
  }
}
