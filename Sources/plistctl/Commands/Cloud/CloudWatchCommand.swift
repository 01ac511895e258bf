import PlistCore

/// `cloud watch [--json] [--interval SECONDS] STORE`: stay running; sync when another
/// replica's file arrives, when a mirrored domain changes, and every interval; print each
/// external change as it lands.
struct CloudWatchCommand: Command {
  static let spec = CommandSpec(
    name: "cloud watch", synopsis: "cloud watch [--json] [--interval SECONDS] STORE",
    summary: "stay running, syncing, and print each external change as it lands",
    options: [
      OptionSpec(name: "json", help: "one JSON object per change (reason, code 0–3, keys)"),
      OptionSpec(
        name: "interval", value: "SECONDS",
        help: "sync this often too (default 60 for git, none for a folder)"),
    ],
    positionals: ["STORE"],
    examples: """
      cloud watch --json pigeon\tserverChange, initialSync, quotaViolation, accountChange
      """)

  let store: String
  let json: Bool
  let interval: Int64?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    store = arguments.positionals[0]
    json = arguments.has("json")
    if let text = arguments.values["interval"] {
      guard let seconds = Double(text), seconds > 0, seconds < 1e9 else {
        throw UsageError(
          "--interval needs a number of seconds, not '\(text)'", topic: Self.spec.name)
      }
      interval = Int64(seconds * 1000)
    } else {
      interval = nil
    }
  }

  func run(in context: CommandContext) throws {
    let mirror = try context.cloudMirror(named: store)
    let cloud = mirror.store
    let every: Int64?
    if case .git = cloud.transport.location { every = interval ?? 60_000 } else { every = interval }
    try sync(mirror, in: context)
    try cloud.watch(every: every, alsoWatching: mirror.watchedDirectories) {
      (wake) throws(PlistError) in
      switch wake {
      case .ownFile:
        for change in cloud.refreshedChanges() {
          try context.printCloudChange(change, store: store, json: json)
        }
        var refused: [PlistError] = []
        try mirror.applyStoreChanges(refused: &refused)
        context.reportRefusals(refused, store: store)
      case .otherReplicas, .otherDirectories, .interval:
        try sync(mirror, in: context)
      }
    }
  }

  private func sync(_ mirror: CloudMirror, in context: CommandContext) throws(PlistError) {
    let report: CloudStore.SyncReport
    do { report = try mirror.sync() } catch {
      // An engine out of reach or a broken file is reported; watching goes on.
      return context.report("\(error)")
    }
    for change in report.changes {
      try context.printCloudChange(change, store: store, json: json)
    }
    context.reportRefusals(report.refused, store: store)
    context.reportNotBrought(report, store: store)
  }
}
