import PlistCore

/// `settings show [--lang L] [--show-secrets] DOMAIN`: the panes of the domain's Settings
/// bundle as text, with the values the app sees.
struct SettingsShowCommand: Command {
  static let spec = CommandSpec(
    name: "settings show", synopsis: "settings show [--lang L] [--show-secrets] DOMAIN",
    summary: "the domain's Settings panes as text, with each value the app sees",
    options: [
      OptionSpec(name: "lang", value: "L", help: "the bundle's language (else LANGUAGE, LANG)"),
      OptionSpec(name: "show-secrets", help: "show secure text fields instead of dots"),
    ], positionals: ["DOMAIN"],
    examples: """
      settings show --lang de com.example.pigeon\tthe German texts of the bundle
      """)

  let domainArgument: String?
  let lang: String?
  let showSecrets: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
    lang = arguments.values["lang"]
    showSecrets = arguments.has("show-secrets")
  }

  func run(in context: CommandContext) throws {
    let name = try SettingsDomain.name(domainArgument, in: context, topic: Self.spec.name)
    let schema = try context.requiredSchema(forDomain: name, lang: lang)
    let defaults = try context.defaults(name, topic: Self.spec.name, schema: schema)
    let managed = Set(schema.keys.map(\.key).filter(defaults.objectIsForced(forKey:)))
    let lines = SettingsText.lines(
      of: schema, title: name, showSecrets: showSecrets, managed: managed
    ) { key in
      defaults.lookup(key).map { ($0.value, $0.layer == .schema) }
    }
    try context.print(lines.joined(separator: "\n"))
  }
}
