import PlistCore

/// `writable [--json] DOMAIN KEY` (gsettings' verb): prints `true` and exits 0 when the user
/// may change KEY; prints `false` and exits 1 when the administrator forces or locks it,
/// naming the file on standard error.
struct WritableCommand: Command {
  static let spec = CommandSpec(
    name: "writable", synopsis: "writable [--json] DOMAIN KEY",
    summary: "exit 0 if the user may change a key, 1 if the administrator forces or locks it",
    options: [OptionSpec(name: "json", help: "one JSON object")],
    positionals: ["DOMAIN", "KEY"],
    examples: """
      writable com.example.pigeon Kiosk\ttrue, or false and the managed file
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
    let domain = try context.domain(domainArgument ?? "")
    let store = try context.managedStore()
    let top = KeyArgument.path(key).components.first ?? key
    let source = store.forcedKeys(in: domain)[top]
    for place in [domain, .global] {
      if let managed = store.managedDomain(place) { context.warn(about: managed.problems) }
    }
    if json {
      var object: PlistDictionary = ["writable": .boolean(source == nil)]
      if let source { object["source"] = .string(source) }
      try context.emit(.dictionary(object), as: .plist(.json))
    } else {
      try context.print(source == nil ? "true" : "false")
    }
    guard let source else { return }
    if !json {
      context.report(
        "\(top) in \(domain.displayName) is managed by the administrator (\(source))")
    }
    throw CommandFailure.alreadyReported(.failure)
  }
}
