import PlistCore

/// `where [--json] DOMAIN KEY`: every layer of the app's search list that holds KEY, with
/// its value and file, the one the app sees marked `*`.
struct WhereCommand: Command {
  static let spec = CommandSpec(
    name: "where", synopsis: "where [--json] DOMAIN KEY",
    summary: "every layer that holds a key, shadowed ones too, the winner marked",
    options: [OptionSpec(name: "json", help: "one JSON array of layers")],
    positionals: ["DOMAIN", "KEY"],
    examples: """
      where com.example.pigeon AppleLocale\tthe app's value, the global one behind it, …
      """)

  let domainArgument: String?
  let key: String
  let json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positional(0)
    key = arguments.positional(1) ?? ""
    json = arguments.has("json")
  }

  var keyArguments: [String] { [key] }

  func run(in context: CommandContext) throws {
    let name = domainArgument ?? ""
    try EffectiveView(
      defaults: try context.defaults(name, topic: Self.spec.name), domainName: name
    ).printLayers(of: key, json: json, in: context)
  }
}
