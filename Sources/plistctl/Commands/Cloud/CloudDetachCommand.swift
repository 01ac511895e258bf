import PlistCore

/// `cloud detach [--force] STORE`: forget a store on this machine.
struct CloudDetachCommand: Command {
  static let spec = CommandSpec(
    name: "cloud detach", synopsis: "cloud detach [--force] STORE",
    summary: "forget a cloud store on this machine (its values stay in the store)",
    options: [OptionSpec(name: "force", help: "even when changes made here cannot be sent")],
    positionals: ["STORE"],
    examples: """
      cloud detach pigeon\trefused while changes made here cannot be sent
      """)

  let store: String
  let force: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    store = arguments.positionals[0]
    force = arguments.has("force")
  }

  func run(in context: CommandContext) throws {
    try CloudStore.detach(store, directories: context.cloudDirectories(), force: force)
  }
}
