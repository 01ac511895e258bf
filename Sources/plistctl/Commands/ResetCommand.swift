import PlistCore

/// `reset DOMAIN KEY...` / `reset --all DOMAIN`: removes user values so that the factory
/// defaults of the domain's Settings schema show through; `--all` resets every key the
/// schema lets the user edit.
struct ResetCommand: Command {
  static let spec = CommandSpec(
    name: "reset", synopsis: "reset DOMAIN KEY...  |  reset --all DOMAIN",
    summary: "remove user values so the Settings schema's defaults show through",
    options: [OptionSpec(name: "all", help: "every key the domain's Settings schema declares")],
    positionals: ["DOMAIN", "KEY"], required: 1, repeatsLast: true,
    examples: """
      reset com.example.pigeon HPMapType\tthe map type is the factory default again
      reset --all com.example.pigeon\tevery setting back to its default
      """)

  let domainArgument: String?
  let keys: [String]
  let all: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
    keys = Array(arguments.positionals.dropFirst())
    all = arguments.has("all")
    if all == !keys.isEmpty {
      throw UsageError("give the KEYs to reset, or --all", topic: Self.spec.name)
    }
  }

  var keyArguments: [String] { keys }

  func run(in context: CommandContext) throws {
    let domain = try context.domain(domainArgument ?? "")
    var keys = self.keys
    if all {
      let name = try SettingsDomain.name(domainArgument, in: context, topic: Self.spec.name)
      let schema: SettingsSchema
      do {
        schema = try context.requiredSchema(forDomain: name, lang: nil)
      } catch CommandFailure.noSettingsBundle(let name) {
        // --all means "every key of the schema": without one, the option does not apply.
        throw UsageError(Messages.noSettingsBundle(name), topic: Self.spec.name)
      }
      keys = schema.keys.filter(\.isEditable).map(\.key)
    }
    try context.store().reset(keys, in: domain)
  }
}
