import PlistCore

/// `state clear APP`: removes an app's preserved state; its next launch starts fresh.
struct StateClearCommand: Command {
  static let spec = CommandSpec(
    name: "state clear", synopsis: "state clear APP",
    summary: "remove an app's preserved state (it starts fresh)",
    positionals: ["APP"],
    examples: """
      state clear org.example.Wonderland\tthe app opens on its first screen next time
      """,
    completions: ["APP": stateDomainCompletion])

  let app: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    app = arguments.positionals[0]
  }

  func run(in context: CommandContext) throws {
    guard try context.stateFiles(app).remove() else {
      throw StateCommandFailure.nothingPreserved(app)
    }
  }
}
