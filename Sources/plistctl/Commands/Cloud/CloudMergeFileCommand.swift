import PlistCore

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
