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
