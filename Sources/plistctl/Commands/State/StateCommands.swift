import PlistCore

// `plistctl state`: the display state apps preserved (StateRestoration) — which apps have
// some, what it holds, and clearing it so that an app starts fresh. An archive is read as a
// file from outside: its text is escaped before it reaches a terminal.

extension CommandContext {
  /// The host's state directory: `$XDG_STATE_HOME` when absolute, else `~/.local/state`.
  func stateHome() throws(StateError) -> String {
    guard
      let home = StateFiles.stateHome(
        xdgStateHome: environment["XDG_STATE_HOME"], home: environment["HOME"])
    else { throw .noStateDirectory }
    return home
  }

  /// The state directories to look in: the host's, then each sandboxed app's container's
  /// (Flatpak sets the app's `XDG_STATE_HOME` into it; Snap its `HOME`); only the one
  /// `--container` chose, when it chose one.
  func stateHomes() throws -> [(directory: String, container: Container?)] {
    let home = environment["HOME"] ?? ""
    if let chosen = chosenContainer {
      let container = try Self.container(named: chosen)
      guard let directory = container.stateDirectory(home: home) else {
        return [(try stateHome(), nil)]
      }
      return [(directory, container)]
    }
    var homes: [(directory: String, container: Container?)] = [(try stateHome(), nil)]
    if !home.isEmpty {
      for container in Container.installed(home: home) {
        if let directory = container.stateDirectory(home: home) {
          homes.append((directory, container))
        }
      }
    }
    return homes
  }

  /// An app's state files: the host's when it has an archive (never looked past), else the
  /// one container's that has (several: refused with the places, as for a domain), else
  /// the host's; with `--container`, that container's.
  func stateFiles(_ domain: String) throws -> StateFiles {
    let candidates = try stateHomes().map { home in
      (files: try StateFiles(domain: domain, stateHome: home.directory), container: home.container)
    }
    let first = candidates[0].files
    if chosenContainer != nil || first.hasArchive { return first }
    let holding = candidates.dropFirst().filter { $0.files.hasArchive }
    if holding.count > 1 {
      throw CommandFailure.inSeveralContainers(
        domain, holding.compactMap { $0.container?.description })
    }
    return holding.first?.files ?? first
  }
}

/// The domains with preserved state, for the shell's completion of APP.
let stateDomainCompletion = ArgumentCompletion.custom { request in
  try request.context.stateHomes().flatMap { home in
    StateFiles.list(stateHome: home.directory).map { summary in
      CompletionCandidate(word: summary.domain, help: home.container?.description ?? "")
    }
  }
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
    // The host's apps, then sandboxed apps' (marked with their container).
    var summaries: [(summary: StateSummary, container: Container?)] = []
    for home in try context.stateHomes() {
      summaries += StateFiles.list(stateHome: home.directory).map { ($0, home.container) }
    }
    let now = Platform.currentSecond()
    if json {
      return try context.emit(.array(summaries.map(Self.entry)), as: .plist(.json))
    }
    var lines: [String] = []
    let names = summaries.map { entry in
      entry.summary.domain + (entry.container.map { " (\($0))" } ?? "")
    }
    let width = names.map(\.count).max() ?? 0
    for (index, (summary, _)) in summaries.enumerated() {
      let name = names[index].padding(to: width)
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

  private static func entry(_ listed: (summary: StateSummary, container: Container?)) -> PlistValue
  {
    let summary = listed.summary
    var entry: PlistDictionary = [
      "domain": .string(summary.domain), "size": .integer(PlistInteger(summary.size)),
      "modified": .date(PlistDate(secondsSince1970: Double(summary.modified))),
    ]
    if let container = listed.container { entry["container"] = .string(container.description) }
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
