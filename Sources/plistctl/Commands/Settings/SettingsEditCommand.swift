import PlistCore

/// `settings edit [--lang L] DOMAIN`: the interactive Settings app in the terminal.
struct SettingsEditCommand: Command {
  static let spec = CommandSpec(
    name: "settings edit", synopsis: "settings edit [--lang L] DOMAIN",
    summary: "an interactive Settings app in the terminal; changes are written at once",
    options: [
      OptionSpec(name: "lang", value: "L", help: "the bundle's language (else LANGUAGE, LANG)")
    ], positionals: ["DOMAIN"],
    examples: """
      settings edit com.example.pigeon\t↑↓ move, ⏎ change, esc back, / search, ? keys, q quit
      """)

  let domainArgument: String?
  let lang: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
    lang = arguments.values["lang"]
  }

  func run(in context: CommandContext) throws {
    let name = try SettingsDomain.name(domainArgument, in: context, topic: Self.spec.name)
    let schema = try context.requiredSchema(forDomain: name, lang: lang)
    let defaults = try context.defaults(name, topic: Self.spec.name, schema: schema)
    do {
      try SettingsEditorSession.run(
        schema: schema, defaults: defaults, title: name, term: context.environment["TERM"])
    } catch let error as TerminalError {
      context.report(
        "settings edit needs a terminal that can place the cursor (\(error)); "
          + "plistctl settings show \(name) prints the settings as text")
      throw CommandFailure.alreadyReported(.failure)
    }
  }
}
