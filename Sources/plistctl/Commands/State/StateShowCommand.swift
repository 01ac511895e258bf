import PlistCore

/// `state show [--json] APP`: the preserved tree — identifiers, and each element's values.
struct StateShowCommand: Command {
  static let spec = CommandSpec(
    name: "state show", synopsis: "state show [--json] APP",
    summary: "print the tree of state an app preserved",
    options: [OptionSpec(name: "json", help: "the archive as one JSON object")],
    positionals: ["APP"],
    examples: """
      state show org.example.Wonderland\tsaved by, then each element indented under its parent
      """,
    completions: ["APP": stateDomainCompletion])

  let app: String
  let json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    app = arguments.positionals[0]
    json = arguments.has("json")
  }

  func run(in context: CommandContext) throws {
    let files = try context.stateFiles(app)
    guard let archive = try files.read() else { throw StateCommandFailure.nothingPreserved(app) }
    if json { return try context.emit(StateText.json(archive, domain: app), as: .plist(.json)) }
    try context.print(
      StateText.tree(archive, domain: app).map(TerminalText.escaped).joined(separator: "\n"))
  }
}
