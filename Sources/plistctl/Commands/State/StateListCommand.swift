import PlistCore

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
