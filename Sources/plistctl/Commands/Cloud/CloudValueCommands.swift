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

/// `cloud list [STORE]`: the attached stores, or a store's keys.
struct CloudListCommand: Command {
  static let spec = CommandSpec(
    name: "cloud list", synopsis: "cloud list [STORE]",
    summary: "the attached cloud stores and where they live, or a store's keys",
    positionals: ["STORE"], required: 0,
    examples: """
      cloud list\tevery store, tab, where it lives
      cloud list pigeon\tits keys, one per line
      """)

  let store: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    store = arguments.positional(0)
  }

  func run(in context: CommandContext) throws {
    if let store {
      // Other machines' keys: escaped, one line each whatever they hold.
      for key in try context.cloudStore(store).values().keys.sorted() {
        try context.print(TerminalText.escaped(key))
      }
      return
    }
    let stores = try CloudAttachments(directories: context.cloudDirectories()).all()
    for (name, attachment) in stores.sorted(by: { $0.key < $1.key }) {
      try context.print("\(name)\t\(attachment.location)")
    }
  }
}
