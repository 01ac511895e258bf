import PlistCore

/// `managed [--json] DOMAIN`: what the administrator forces, locks and sets once for a
/// domain, each key with the file it comes from, and the managed files that were ignored.
struct ManagedCommand: Command {
  static let spec = CommandSpec(
    name: "managed", synopsis: "managed [--json] DOMAIN",
    summary: "what the administrator forces, locks or sets once, and from which file",
    options: [OptionSpec(name: "json", help: "one JSON object")],
    positionals: ["DOMAIN"],
    examples: """
      managed com.example.pigeon\tforced, locked and set-once keys with their files
      managed -g\tthe global domain's
      """)

  let domainArgument: String?
  let json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positional(0)
    json = arguments.has("json")
  }

  func run(in context: CommandContext) throws {
    let argument = domainArgument ?? ""
    let domain = try context.domain(argument)
    guard case .named = domain.kind else {
      if domain == .global { return try show(.global, in: context) }
      throw UsageError(
        "managed preferences are a domain's: give a domain name, not '\(argument)'",
        topic: Self.spec.name)
    }
    try show(domain, in: context)
  }

  private func show(_ domain: Domain, in context: CommandContext) throws {
    let store = try context.managedStore()
    guard let managed = store.managedDomain(domain) else {
      throw CommandFailure.nothingManaged(domain.displayName)
    }
    context.warn(about: managed.problems)
    let applied = store.appliedSetOnceValues(managed)
    if json { return try context.emit(Self.json(managed, applied: applied), as: .plist(.json)) }
    guard !managed.isEmpty else { throw CommandFailure.nothingManaged(domain.displayName) }
    let width = managed.entries.map { $0.kind.description.count }.max() ?? 0
    for entry in managed.entries {
      let kind = entry.kind.description
      var line = kind + String(repeating: " ", count: width - kind.count) + "  "
      line += TerminalText.escaped(entry.key)
      if let value = entry.value {
        line += " = " + EffectiveView.oneLine(value)
        if entry.kind == .setOnce {
          line += applied[entry.key] == value ? " (applied)" : " (not applied yet)"
        }
      }
      try context.print(line + "  (" + TerminalText.escaped(entry.source) + ")")
    }
  }

  /// `{"domain", "forced": {KEY: {"value", "source"}}, "locked": {KEY: {"source"}},
  /// "setOnce": {KEY: {"value", "source", "applied"}}, "ignored": [{"path", "reason"}]}`.
  static func json(_ managed: ManagedDomain, applied: PlistDictionary) -> PlistValue {
    var groups: [ManagedKind: PlistDictionary] = [:]
    for entry in managed.entries {
      var row: PlistDictionary = ["source": .string(entry.source)]
      if let value = entry.value { row["value"] = value }
      if entry.kind == .setOnce { row["applied"] = .boolean(applied[entry.key] == entry.value) }
      groups[entry.kind, default: PlistDictionary()][entry.key] = .dictionary(row)
    }
    let ignored = managed.problems.map { problem -> PlistValue in
      ["path": .string(problem.path), "reason": .string(problem.description)]
    }
    return [
      "domain": .string(managed.name), "forced": .dictionary(groups[.forced] ?? [:]),
      "locked": .dictionary(groups[.locked] ?? [:]),
      "setOnce": .dictionary(groups[.setOnce] ?? [:]), "ignored": .array(ignored),
    ]
  }
}
