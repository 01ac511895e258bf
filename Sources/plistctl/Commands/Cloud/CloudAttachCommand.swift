import PlistCore

/// `cloud attach STORE (--git URL | --folder PATH)`: attach a store on this machine and sync
/// it for the first time; printing the values it brought (`initialSync`, or `accountChange`
/// when the store was attached elsewhere before).
struct CloudAttachCommand: Command {
  static let spec = CommandSpec(
    name: "cloud attach", synopsis: "cloud attach STORE (--git URL | --folder PATH)",
    summary: "attach a cloud store carried by a git remote or a replicated folder",
    options: [
      OptionSpec(name: "git", value: "URL", help: "a git remote (plistctl keeps a private clone)"),
      OptionSpec(name: "folder", value: "PATH", help: "a folder Syncthing, Nextcloud… replicate"),
    ],
    positionals: ["STORE"],
    examples: """
      cloud attach pigeon --git git@example.com:me/prefs.git\tthrough a git remote
      cloud attach pigeon --folder ~/Sync/prefs\tthrough a Syncthing folder
      """)

  let store: String
  let location: CloudLocation

  init(_ arguments: ParsedArguments) throws(UsageError) {
    store = arguments.positionals[0]
    switch (arguments.values["git"], arguments.values["folder"]) {
    case (let url?, nil): location = .git(url)
    case (nil, let folder?): location = .folder(CurrentProcess.absolutePath(folder))
    default: throw UsageError("give one of --git URL or --folder PATH", topic: Self.spec.name)
    }
  }

  func run(in context: CommandContext) throws {
    let (_, report) = try CloudStore.attach(
      store, to: location, directories: context.cloudDirectories())
    for change in report.changes {
      try context.printCloudChange(change, store: store, json: false)
    }
    if let reason = report.offlineReason {
      context.report("\(store) is attached, but not synced yet: \(reason)")
    }
  }
}

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

/// `cloud merge-file BASE OURS THEIRS`: merges two versions of one replica's file by the
/// store's rule into OURS, with git's merge-driver arguments (a person's tool for copies
/// made by hand; syncs merge copies themselves and register no driver).
struct CloudMergeFileCommand: Command {
  static let spec = CommandSpec(
    name: "cloud merge-file", synopsis: "cloud merge-file BASE OURS THEIRS",
    summary: "merge two versions of a replica's file into OURS (git's merge-driver arguments)",
    positionals: ["BASE", "OURS", "THEIRS"],
    examples: """
      cloud merge-file /dev/null mine.plist copy.plist\tmine.plist gets every key's winner
      """,
    completions: ["BASE": .file, "OURS": .file, "THEIRS": .file])

  let ours: String
  let theirs: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    ours = arguments.positionals[1]
    theirs = arguments.positionals[2]
  }

  func run(in context: CommandContext) throws {
    let mine = try ReplicaState(FileAccess.readPropertyList(path: ours).value, source: ours)
    let other = try ReplicaState(FileAccess.readPropertyList(path: theirs).value, source: theirs)
    let merged = CloudMerge.mergeVersions(mine, other)
    try FileAccess.writeAtomically(merged.propertyList, as: .xml, to: ours, mode: 0o644)
  }
}
