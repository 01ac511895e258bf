import PlistCore

/// `read [--format F | --json | --xml] [DOMAIN [KEY]]`: every domain, one domain, or one
/// value (KEY may be a `:key:path`), as `defaults read` prints them or in a plist format;
/// with `--effective`, what an app with that domain sees along its search list, and with
/// `--show-source`, which layer each value comes from.
struct ReadCommand: Command {
  static let spec = CommandSpec(
    name: "read",
    synopsis: "read [--effective [--show-source]] [--format F | --json | --xml] [DOMAIN [KEY]]",
    summary: "print every domain, one domain, or one value",
    forms: """
      read\tevery domain
      read DOMAIN\tone domain
      read DOMAIN KEY\tone value
      read --effective DOMAIN [KEY]\twhat an app with that domain sees (global domain included)
      """,
    options: OutputFormat.options + [
      OptionSpec(name: "effective", help: "the values along the app's search list"),
      OptionSpec(name: "show-source", help: "with --effective: the layer of each value"),
    ], positionals: ["DOMAIN", "KEY"], required: 0,
    examples: """
      read com.example.pigeon HPMapType\tone value, as defaults prints it
      read --json com.example.pigeon\tthe whole domain as JSON
      read --effective --show-source com.example.pigeon\teach value the app sees, and its layer
      """)

  let domainArgument: String?
  let key: String?
  let format: OutputFormat
  let effective: Bool
  let showSource: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positional(0)
    key = arguments.positional(1)
    format = try OutputFormat(arguments, topic: Self.spec.name) ?? .defaults
    showSource = arguments.has("show-source")
    effective = arguments.has("effective") || showSource
    if effective && domainArgument == nil {
      throw UsageError("--effective needs a DOMAIN", topic: Self.spec.name)
    }
  }

  var keyArguments: [String] { key.map { [$0] } ?? [] }

  func run(in context: CommandContext) throws {
    if effective, let domainArgument {
      return try EffectiveView(
        defaults: try context.defaults(domainArgument, topic: Self.spec.name),
        domainName: domainArgument
      ).print(key: key, format: format, showSource: showSource, in: context)
    }
    guard let domainArgument else {
      return try context.emit(
        .dictionary(DomainLabels.dictionary(try context.store().allDomains())), as: format)
    }
    guard let key else {
      let store = try context.store()
      let domain = try context.domain(domainArgument)
      return try context.emit(.dictionary(try store.dictionary(of: domain)), as: format)
    }
    try Self.printValue(of: key, inDomain: domainArgument, as: format, in: context)
  }

  /// `read DOMAIN KEY`, also run straight from the process's arguments (`OneKeyRead`).
  static func printValue(
    of key: String, inDomain domainArgument: String, as format: OutputFormat,
    in context: CommandContext
  ) throws {
    let store = try context.store()
    let domain = try context.domain(domainArgument)
    try context.emit(try KeyArgument.value(key, in: domain, of: store), as: format)
  }
}
