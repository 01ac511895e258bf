import PlistCore

/// `print FILE`: the value in `defaults read`'s layout.
struct PrintCommand: Command {
  static let spec = CommandSpec(
    name: "print", synopsis: "print FILE",
    summary: "show any plist as `defaults read` shows values",
    positionals: ["FILE"],
    examples: """
      print Info.plist\tin defaults' layout
      """)

  let path: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    path = arguments.positionals[0]
  }

  func run(in context: CommandContext) throws {
    try context.print(PropertyList.describe(try context.readPropertyList(path)))
  }
}
