import PlistCore

/// `cloud status [--json] STORE`: replicas seen, last sync, pending changes, quota use, and
/// what needs attention.
struct CloudStatusCommand: Command {
  static let spec = CommandSpec(
    name: "cloud status", synopsis: "cloud status [--json] STORE",
    summary: "replicas seen, last sync, pending changes, quota use",
    options: [OptionSpec(name: "json", help: "as a JSON object")],
    positionals: ["STORE"],
    examples: """
      cloud status pigeon\treplicas, last sync, pending, quota use
      """)

  let store: String
  let json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    store = arguments.positionals[0]
    json = arguments.has("json")
  }

  func run(in context: CommandContext) throws {
    let mirror = try context.cloudMirror(named: store)
    let status = try mirror.store.status()
    let mirrors = mirror.keys
    if json {
      return try context.emit(CloudStatusText.object(status, mirrors: mirrors), as: .plist(.json))
    }
    // The lines quote other machines' keys, file names and errors: escaped, whole.
    for line in CloudStatusText.lines(status, store: store, mirrors: mirrors) {
      try context.print(TerminalText.escaped(line))
    }
  }
}
