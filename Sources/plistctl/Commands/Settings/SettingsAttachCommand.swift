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

/// A settings command's DOMAIN: an app's domain name (a schema describes an app, not a file
/// or the global domain).
enum SettingsDomain {
  static func name(_ argument: String?, in context: CommandContext, topic: String) throws
    -> String
  {
    let argument = argument ?? ""
    guard case .named(let name) = try context.domain(argument).kind else {
      throw UsageError("a Settings bundle describes an app: give a domain name", topic: topic)
    }
    return name
  }
}
