import PlistCore

/// `cloud sync [--json] [STORE]`: exchange with the engine now (every store when none is
/// named), the mirrored defaults keys in step; print the changes it brought. Exit 0 when in
/// sync (`synchronize()`'s Bool), 1 when the engine could not be reached.
struct CloudSyncCommand: Command {
  static let spec = CommandSpec(
    name: "cloud sync", synopsis: "cloud sync [--json] [STORE]",
    summary: "sync now; exit 0 when in sync, printing the changes it brought",
    options: [OptionSpec(name: "json", help: "one JSON object per change")],
    positionals: ["STORE"], required: 0,
    examples: """
      cloud sync\tevery attached store
      cloud sync --json pigeon\tthe changes as JSON lines; exit 1 when offline
      """)

  let store: String?
  let json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    store = arguments.positional(0)
    json = arguments.has("json")
  }

  func run(in context: CommandContext) throws {
    let attachments: [String: CloudAttachments.Attachment?] =
      try store.map { [$0: nil] }
      ?? CloudAttachments(directories: context.cloudDirectories()).all()
    var failure: CommandFailure?
    for (name, attachment) in attachments.sorted(by: { $0.key < $1.key }) {
      let report = try context.cloudMirror(named: name, as: attachment).sync()
      for change in report.changes {
        try context.printCloudChange(change, store: name, json: json)
      }
      context.reportRefusals(report.refused, store: name)
      context.reportNotBrought(report, store: name)
      if let reason = report.offlineReason, !report.inSync {
        failure = failure ?? .notInSync(store: name, reason: reason)
      }
    }
    if let failure { throw failure }
  }
}
