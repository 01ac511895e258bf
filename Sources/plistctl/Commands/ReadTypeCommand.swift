import PlistCore

/// `read-type DOMAIN KEY`: `Type is integer` and the like.
struct ReadTypeCommand: Command {
  static let spec = CommandSpec(
    name: "read-type", synopsis: "read-type DOMAIN KEY", summary: "the value's type",
    positionals: ["DOMAIN", "KEY"],
    examples: """
      read-type com.example.pigeon HPMapType\tType is integer
      """)

  let domainArgument: String?
  let key: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
    key = arguments.positionals[1]
  }

  var keyArguments: [String] { [key] }

  func run(in context: CommandContext) throws {
    let domain = try context.domain(domainArgument ?? "")
    let value = try KeyArgument.value(key, in: domain, of: try context.store())
    try context.print("Type is \(value.type.name)")
  }
}
