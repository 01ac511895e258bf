import PlistCore

/// `export [--format F | --json | --xml] DOMAIN PATH|-`: as Apple's `defaults`, XML to standard
/// output for `-` and binary to a file (written atomically), unless a format is given.
struct ExportCommand: Command {
  static let name = "export"
  let domain: String
  let destination: String
  let format: OutputFormat?

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    let options = try Options(
      &cursor, flags: OutputFormat.optionFlags, valued: OutputFormat.optionValues, topic: Self.name)
    try options.expectPositional(2, 2, "DOMAIN and PATH (or -)", topic: Self.name)
    domain = options.positional[0]
    destination = options.positional[1]
    format = try OutputFormat(options, topic: Self.name)
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let domain = try context.domain(self.domain)
    let contents = PlistValue.dictionary(try context.load(domain, from: try context.store()))
    if destination == "-" { return try context.emit(contents, as: format ?? .plist(.xml)) }
    guard case .plist(let fileFormat) = format ?? .plist(.binary) else {
      throw CommandFailure(
        "the defaults layout is for reading; export a file as xml, binary, openstep or json",
        status: .usage)
    }
    do { try FileAccess.writeAtomically(contents, as: fileFormat, to: destination) } catch {
      throw error.asFailure
    }
  }
}
