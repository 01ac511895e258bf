import PlistCore

/// `settings describe DOMAIN KEY`: what the schema says about a key, and its value.
struct SettingsDescribeCommand: Command {
  static let spec = CommandSpec(
    name: "settings describe", synopsis: "settings describe DOMAIN KEY",
    summary: "a key's type, range or choices, default, title and current value",
    positionals: ["DOMAIN", "KEY"],
    examples: """
      settings describe com.example.pigeon HPMapType\tone of 0 (Standard), 1 (Satellite), …
      """,
    completions: ["KEY": .settingsKey])

  let domainArgument: String?
  let key: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
    key = arguments.positionals[1]
  }

  var keyArguments: [String] { [key] }

  func run(in context: CommandContext) throws {
    let name = try SettingsDomain.name(domainArgument, in: context, topic: Self.spec.name)
    let schema = try context.requiredSchema(forDomain: name, lang: nil)
    guard let entry = schema[key] else { throw CommandFailure.notInSchema(key, domain: name) }
    let defaults = try context.defaults(name, topic: Self.spec.name, schema: schema)
    // Every text here comes from the bundle or the domain: each is escaped
    // (`TerminalText`), and the lines and the tab between a choice and its title are the
    // only controls printed.
    let shown = TerminalText.escaped
    var lines = ["key: \(shown(key))"]
    if let title = entry.title, !title.isEmpty { lines.append("title: \(shown(title))") }
    lines.append("element: \(shown(entry.specifier.kind.typeName)) in \(shown(entry.file))")
    if let group = entry.group, !group.isEmpty { lines.append("group: \(shown(group))") }
    switch entry.constraint {
    case .choice(let choices):
      lines.append("allowed: one of")
      for (choice, label) in zip(choices, entry.choiceTitles) {
        lines.append("  \(shown(choice.value.writeArgument))\t\(shown(label))")
      }
    case .any: lines.append("allowed: any value" + (entry.isEditable ? "" : " (read-only)"))
    default:
      if let allowed = entry.constraint.allowedValues {
        lines.append("allowed: \(shown("\(allowed)"))")
      }
    }
    func argument(_ value: PlistValue) -> String {
      shown(entry.isSecure ? schema.display(value, for: entry) : value.writeArgument)
    }
    if let value = entry.defaultValue { lines.append("default: \(argument(value))") }
    if entry.isSecure { lines.append("secure: yes") }
    if let (value, layer) = defaults.lookup(key) {
      lines.append("value: \(argument(value)) (\(layer))")
    } else {
      lines.append("value: not set")
    }
    try context.print(lines.joined(separator: "\n"))
  }
}
