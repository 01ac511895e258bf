import PlistCore

/// `lint FILE...`: `FILE: OK` on standard output for each file that parses; for one that does
/// not, its error (with the position) on standard error. Fails if any file fails.
struct LintCommand: Command {
  static let spec = CommandSpec(
    name: "lint", synopsis: "lint [--max-size SIZE] FILE...",
    summary: "check that each file parses (\"FILE: OK\")",
    options: [.maximumSize], positionals: ["FILE"], repeatsLast: true,
    examples: """
      lint *.plist\tone line per file; exit 2 if any fails
      """)

  let paths: [String]
  let maximumSize: Int?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    paths = arguments.positionals
    maximumSize = try OptionSpec.maximumSize(in: arguments, topic: Self.spec.name)
  }

  func run(in context: CommandContext) throws {
    let context = context.limited(to: maximumSize)
    var failures = 0
    for path in paths {
      do {
        _ = try context.readPropertyList(path)
        try context.print("\(CommandContext.sourceName(path)): OK")
      } catch {
        failures += 1
        context.report("\(error)")
      }
    }
    // Each failure has had its own line; the status says the rest.
    if failures > 0 { throw CommandFailure.alreadyReported(.dataError) }
  }
}
