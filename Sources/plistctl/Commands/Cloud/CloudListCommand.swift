import PlistCore

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
