import PlistCore

/// `lint FILE...`: `FILE: OK` on standard output for each file that parses; for one that does
/// not, its error (with the position) on standard error. Fails if any file fails.
struct LintCommand: Command {
  static let name = "lint"
  let paths: [String]

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    paths = Array(cursor.remaining)
    guard !paths.isEmpty else { throw UsageError("missing FILE", topic: Self.name) }
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    var failures = 0
    for path in paths {
      do {
        _ = try context.readPropertyList(path: path)
        try context.print("\(path == "-" ? FileAccess.standardInputName : path): OK")
      } catch {
        failures += 1
        context.writeError("plistctl: \(error.message)\n")
      }
    }
    // Each failure has had its own line; the status says the rest.
    if failures > 0 { throw CommandFailure(alreadyReported: .dataError) }
  }
}
