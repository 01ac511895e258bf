import PlistCore

// `plistctl state`: the display state apps preserved (StateRestoration) — which apps have
// some, what it holds, and clearing it so that an app starts fresh. An archive is read as a
// file from outside: its text is escaped before it reaches a terminal.

extension CommandContext {
  /// The state directory: `$XDG_STATE_HOME` when absolute, else `~/.local/state`.
  func stateHome() throws(StateError) -> String {
    guard
      let home = StateFiles.stateHome(
        xdgStateHome: environment["XDG_STATE_HOME"], home: environment["HOME"])
    else { throw .noStateDirectory }
    return home
  }

  /// An app's state files in the state directory.
  func stateFiles(_ domain: String) throws(StateError) -> StateFiles {
    try StateFiles(domain: domain, stateHome: stateHome())
  }
}

/// The domains with preserved state, for the shell's completion of APP.
let stateDomainCompletion = ArgumentCompletion.custom { request in
  let home = try request.context.stateHome()
  return StateFiles.list(stateHome: home).map { CompletionCandidate(word: $0.domain) }
}

/// `state list [--json]` (or `state` alone): each app with preserved state, its size, age and the version
/// that saved it.
struct StateListCommand: Command {
  static let spec = CommandSpec(
    name: "state list", synopsis: "state list [--json]",
    summary: "apps with preserved state: size, age, version (or: state)",
    options: [OptionSpec(name: "json", help: "a JSON array of objects")],
    positionals: [],
    examples: """
      state list\torg.example.Wonderland  301 bytes  saved 2 min ago by version 1.0
      """)

  let json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    json = arguments.has("json")
  }

  func run(in context: CommandContext) throws {
    let summaries = StateFiles.list(stateHome: try context.stateHome())
    let now = Platform.currentSecond()
    if json {
      return try context.emit(.array(summaries.map(Self.entry)), as: .plist(.json))
    }
    var lines: [String] = []
    let width = summaries.map(\.domain.count).max() ?? 0
    for summary in summaries {
      let name = summary.domain.padding(to: width)
      let size = StateText.size(summary.size)
      switch summary.archive {
      case .success(let archive):
        lines.append(
          "\(name)  \(size)  saved \(StateText.age(seconds: now - summary.modified)) ago"
            + " by version \(archive.savedBy)")
      case .failure(let error):
        lines.append("\(name)  \(size)  unreadable: \(StateText.problem(error))")
      }
    }
    if !lines.isEmpty { try context.print(lines.map(TerminalText.escaped).joined(separator: "\n")) }
  }

  private static func entry(_ summary: StateSummary) -> PlistValue {
    var entry: PlistDictionary = [
      "domain": .string(summary.domain), "size": .integer(PlistInteger(summary.size)),
      "modified": .date(PlistDate(secondsSince1970: Double(summary.modified))),
    ]
    switch summary.archive {
    case .success(let archive):
      entry["savedBy"] = .string(archive.savedBy)
      entry["savedAt"] = .date(archive.savedAt)
    case .failure(let error):
      entry["problem"] = .string(StateText.problem(error))
    }
    return .dictionary(entry)
  }
}

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
  var domainArgument: String? { app }

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
  var domainArgument: String? { app }

  init(_ arguments: ParsedArguments) throws(UsageError) {
    app = arguments.positionals[0]
  }

  func run(in context: CommandContext) throws {
    guard try context.stateFiles(app).remove() else {
      throw StateCommandFailure.nothingPreserved(app)
    }
  }
}

/// A `state` command's failure that is not the library's.
enum StateCommandFailure: Error {
  /// The app has no preserved state.
  case nothingPreserved(String)
}
