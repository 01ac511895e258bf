import PlistCore

/// `settings attach DOMAIN BUNDLE`: give a domain a schema, remembered in plistctl's own
/// record (never in the app's domain file).
struct SettingsAttachCommand: Command {
  static let spec = CommandSpec(
    name: "settings attach", synopsis: "settings attach DOMAIN BUNDLE",
    summary: "give a domain a Settings bundle: its defaults, validation, show and edit",
    positionals: ["DOMAIN", "BUNDLE"],
    examples: """
      settings attach com.example.pigeon ./Settings.bundle\tread --effective shows its defaults
      """)

  let domainArgument: String?
  let bundle: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
    bundle = arguments.positionals[1]
  }

  func run(in context: CommandContext) throws {
    let name = try SettingsDomain.name(domainArgument, in: context, topic: Self.spec.name)
    try context.settingsAttachments().attach(bundle, toDomain: name)
  }
}
