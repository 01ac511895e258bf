import PlistCore

/// `cloud remove STORE KEY…`: remove keys, at once.
struct CloudRemoveCommand: Command {
  static let spec = CommandSpec(
    name: "cloud remove", synopsis: "cloud remove STORE KEY...",
    summary: "remove keys from a cloud store (everywhere, at the next syncs)",
    positionals: ["STORE", "KEY"], repeatsLast: true,
    examples: """
      cloud remove pigeon HPLocation\tgone on every machine after their next sync
      cloud remove pigeon NewKey\tset elsewhere, not synced here: removed too (with a note)
      """,
    completions: ["KEY": .cloudKey])

  let store: String
  let keys: [String]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    store = arguments.positionals[0]
    keys = Array(arguments.positionals.dropFirst())
  }

  var keyArguments: [String] { keys }

  /// Records a removal of every key, known here or not: a key another machine set since the
  /// last sync is unknown here, yet this removal, made later, must win over that write.
  func run(in context: CommandContext) throws {
    let cloud = try context.cloudStore(store)
    let values = try cloud.values()
    try cloud.write(Dictionary(uniqueKeysWithValues: Set(keys).map { ($0, nil) }))
    for key in Set(keys).sorted() where values[key] == nil {
      context.report(
        "the key \(key) was not known here; its removal is recorded and wins over older "
          + "writes elsewhere")
    }
  }
}
