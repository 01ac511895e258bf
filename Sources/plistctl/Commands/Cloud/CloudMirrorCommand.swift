import PlistCore

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
