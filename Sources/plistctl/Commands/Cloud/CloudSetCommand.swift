import PlistCore

/// `cloud set STORE KEY VALUE…`: set a key, with `write`'s value grammar.
struct CloudSetCommand: Command {
  static let spec = CommandSpec(
    name: "cloud set", synopsis: "cloud set STORE KEY VALUE",
    summary: "set a key in a cloud store (write's value grammar: -int 1, -dict …)",
    positionals: ["STORE", "KEY", "VALUE"], repeatsLast: true, optionsFirst: true,
    examples: """
      cloud set pigeon HPMapType -int 1\tan integer
      cloud set pigeon HPLocation -dict lat -float 52.5 lon -float 13.4\tseveral values, atomically
      """,
    completions: ["KEY": .cloudKey])

  let store: String
  let key: String
  let values: [String]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    store = arguments.positionals[0]
    key = arguments.positionals[1]
    values = Array(arguments.positionals.dropFirst(2))
  }

  var keyArguments: [String] { [key] }

  func run(in context: CommandContext) throws {
    let operation = try WriteArguments.parse(values)
    try context.cloudStore(store).apply(operation, forKey: key)
  }
}
