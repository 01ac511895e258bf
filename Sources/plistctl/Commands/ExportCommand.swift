import PlistCore

/// `export DOMAIN PATH|-`: XML to standard output for `-`, binary to a file (atomically), as
/// Apple's `defaults` does.
struct ExportCommand: Command {
  static let name = "export"
  let domain: String
  let destination: String

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    domain = try cursor.required("DOMAIN", topic: Self.name)
    destination = try cursor.required("PATH or -", topic: Self.name)
    try cursor.expectEnd(topic: Self.name)
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let domain = try context.domain(self.domain)
    let contents = try context.load(domain, from: try context.store())
    do {
      if destination == "-" {
        try context.writeValue(.dictionary(contents), .xml, PropertyList.WriteOptions())
      } else {
        try FileAccess.writeAtomically(.dictionary(contents), as: .binary, to: destination)
      }
    } catch {
      throw error.asFailure
    }
  }
}
