import PlistCore

/// `settings lint [--json] BUNDLE`: every finding in a Settings bundle, one line each with
/// the file and key path; `BUNDLE: OK` when there are none.
struct SettingsLintCommand: Command {
  static let spec = CommandSpec(
    name: "settings lint", synopsis: "settings lint [--json] BUNDLE",
    summary: "check a Settings.bundle (or a lone Root.plist): one line per finding",
    options: [OptionSpec(name: "json", help: "the findings as one JSON array")],
    positionals: ["BUNDLE"],
    examples: """
      settings lint Settings.bundle\tBUNDLE: OK, or one line per finding; exit 1 then
      """)

  let bundle: String
  let json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    bundle = arguments.positionals[0]
    json = arguments.has("json")
  }

  func run(in context: CommandContext) throws {
    let schema = try SettingsSchema(bundlePath: bundle)
    let findings = SettingsLint.findings(for: schema)
    var directory = schema.bundle.path
    while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    if json {
      try context.emit(
        .array(
          findings.map { finding in
            var entry: PlistDictionary = [
              "file": .string(prefix + finding.file), "keyPath": .string(finding.keyPath),
              "message": .string(finding.problem.description),
            ]
            if let key = finding.key { entry["key"] = .string(key) }
            return .dictionary(entry)
          }), as: .plist(.json))
    } else if findings.isEmpty {
      try context.print(TerminalText.escaped("\(bundle): OK"))
    } else {
      // A bundle is untrusted text: a title with a line break or an escape sequence stays
      // on its finding's one line, shown, not obeyed.
      for finding in findings {
        try context.print(TerminalText.escaped(prefix + finding.description))
      }
    }
    if !findings.isEmpty { throw CommandFailure.alreadyReported(.failure) }
  }
}
