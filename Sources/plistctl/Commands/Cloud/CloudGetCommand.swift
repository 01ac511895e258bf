import PlistCore

/// `cloud get [--format F | --json | --xml] STORE [KEY]`: a key's value, or every key's.
struct CloudGetCommand: Command {
  static let spec = CommandSpec(
    name: "cloud get", synopsis: "cloud get [--format F | --json | --xml] STORE [KEY]",
    summary: "print a key of a cloud store, or all of them",
    options: OutputFormat.options, positionals: ["STORE", "KEY"], required: 1,
    examples: """
      cloud get pigeon HPMapType\tone key, as defaults read prints it
      cloud get --json pigeon\tthe whole store as JSON
      """,
    completions: ["KEY": .cloudKey])

  let store: String
  let key: String?
  let format: OutputFormat

  init(_ arguments: ParsedArguments) throws(UsageError) {
    store = arguments.positionals[0]
    key = arguments.positional(1)
    format = try OutputFormat(arguments, topic: Self.spec.name) ?? .defaults
  }

  var keyArguments: [String] { key.map { [$0] } ?? [] }

  func run(in context: CommandContext) throws {
    let values = try context.cloudStore(store).values()
    guard let key else { return try context.emit(.dictionary(PlistDictionary(values)), as: format) }
    guard let value = values[key] else { throw CommandFailure.notInCloudStore(key, store: store) }
    try context.emit(value, as: format)
  }
}
