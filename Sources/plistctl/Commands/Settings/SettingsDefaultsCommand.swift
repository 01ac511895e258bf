import PlistCore

/// `settings defaults [--format F | --json | --xml] BUNDLE`: the factory defaults a bundle
/// declares, ready for `import` or `register(defaults:)`.
struct SettingsDefaultsCommand: Command {
  static let spec = CommandSpec(
    name: "settings defaults", synopsis: "settings defaults [--format F | --json | --xml] BUNDLE",
    summary: "the factory defaults a Settings bundle declares, child panes included",
    options: OutputFormat.options, positionals: ["BUNDLE"],
    examples: """
      settings defaults --xml Settings.bundle > Defaults.plist\tfor register(defaults:)
      """)

  let bundle: String
  let format: OutputFormat

  init(_ arguments: ParsedArguments) throws(UsageError) {
    bundle = arguments.positionals[0]
    format = try OutputFormat(arguments, topic: Self.spec.name) ?? .defaults
  }

  func run(in context: CommandContext) throws {
    let schema = try SettingsSchema(bundlePath: bundle)
    try context.emit(.dictionary(schema.factoryDefaults), as: format)
  }
}
