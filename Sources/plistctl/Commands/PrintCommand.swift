import PlistCore

/// `print FILE`: the value in `defaults read`'s layout.
struct PrintCommand: Command {
  static let spec = CommandSpec(
    name: "print", synopsis: "print [--max-size SIZE] FILE",
    summary: "show any plist as `defaults read` shows values",
    options: [.maximumSize], positionals: ["FILE"],
    examples: """
      print Info.plist\tin defaults' layout
      """)

  let path: String
  let maximumSize: Int?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    path = arguments.positionals[0]
    maximumSize = try OptionSpec.maximumSize(in: arguments, topic: Self.spec.name)
  }

  func run(in context: CommandContext) throws {
    let context = context.limited(to: maximumSize)
    try context.print(PropertyList.describe(try context.readPropertyList(path)))
  }
}
