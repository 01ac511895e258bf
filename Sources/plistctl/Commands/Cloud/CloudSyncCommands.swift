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

/// `cloud mirror STORE DOMAIN KEY…` (or `--stop STORE DOMAIN`): keep keys of a defaults domain
/// and the store in step both ways, at every sync and watch from now on.
struct CloudMirrorCommand: Command {
  static let spec = CommandSpec(
    name: "cloud mirror", synopsis: "cloud mirror [--stop] STORE DOMAIN [KEY...]",
    summary: "keep keys of a defaults domain and a cloud store in step, both ways",
    options: [OptionSpec(name: "stop", help: "stop mirroring the domain")],
    positionals: ["STORE", "DOMAIN", "KEY"], required: 2, repeatsLast: true,
    examples: """
      cloud mirror pigeon com.example.pigeon HPLocation HPMapType\tthe books' Pigeon pattern
      """)

  let store: String
  let domainArgument: String?
  let keys: [String]
  let stop: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    store = arguments.positionals[0]
    domainArgument = arguments.positionals[1]
    keys = Array(arguments.positionals.dropFirst(2))
    stop = arguments.has("stop")
    if stop != keys.isEmpty {
      throw UsageError(
        stop ? "--stop takes no keys" : "name the keys to mirror", topic: Self.spec.name)
    }
  }

  var keyArguments: [String] { keys }

  func run(in context: CommandContext) throws {
    guard case .named(let domain) = try context.domain(domainArgument ?? "").kind else {
      throw UsageError("cloud mirror needs an app domain's name", topic: Self.spec.name)
    }
    // (A store that is not attached is refused here.)
    try CloudAttachments(directories: context.cloudDirectories())
      .setMirror(store: store, domain: domain, keys: keys)
    // In step at once, on this machine: the store's values land, the domain's others go.
    let mirror = try context.cloudMirror(named: store)
    var refused: [PlistError] = []
    try mirror.applyStoreChanges(refused: &refused)
    context.reportRefusals(refused, store: store)
    try mirror.sendLocalChanges()
  }
}

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
