import PlistCore

/// `settings detach DOMAIN`: forget a domain's attached bundle.
struct SettingsDetachCommand: Command {
  static let spec = CommandSpec(
    name: "settings detach", synopsis: "settings detach DOMAIN",
    summary: "forget the Settings bundle attached to a domain", positionals: ["DOMAIN"],
    examples: """
      settings detach com.example.pigeon\twrite no longer checks, read --effective no defaults
      """)

  let domainArgument: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
  }

  func run(in context: CommandContext) throws {
    let name = try SettingsDomain.name(domainArgument, in: context, topic: Self.spec.name)
    guard try context.settingsAttachments().detach(domain: name) else {
      throw UsageError("no Settings bundle is attached to \(name)", topic: Self.spec.name)
    }
  }
}
