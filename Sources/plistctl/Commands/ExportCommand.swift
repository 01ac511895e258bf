import PlistCore

/// `export [--format F | --json | --xml] DOMAIN PATH|-`: as Apple's `defaults`, XML to standard
/// output for `-` and binary to a file (written atomically), unless a format is given.
struct ExportCommand: Command {
  static let spec = CommandSpec(
    name: "export", synopsis: "export [--format F | --json | --xml] DOMAIN PATH|-",
    summary: "XML to standard output for -, binary to PATH",
    forms: """
      export DOMAIN PATH|-\tXML to standard output for -, binary to PATH
      """,
    options: OutputFormat.options, positionals: ["DOMAIN", "PATH (or -)"],
    examples: """
      export com.example.pigeon - | xmllint --format -\tXML to another tool
      export --json com.example.pigeon pigeon.json\ta JSON file
      """)

  let domainArgument: String?
  let destination: String
  let format: OutputFormat?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positionals[0]
    destination = arguments.positionals[1]
    format = try OutputFormat(arguments, topic: Self.spec.name)
    if format == .defaults && destination != "-" {
      throw UsageError(
        "the defaults layout is for reading; export a file as xml, binary, openstep or json",
        topic: Self.spec.name)
    }
  }

  func run(in context: CommandContext) throws {
    let domain = try context.domain(domainArgument ?? "")
    let contents = PlistValue.dictionary(try context.store().dictionary(of: domain))
    if destination == "-" { return try context.emit(contents, as: format ?? .plist(.xml)) }
    guard case .plist(let fileFormat) = format ?? .plist(.binary) else { return }
    try FileAccess.writeAtomically(
      contents, as: fileFormat, to: destination, intoSpecialOutputs: true)
  }
}
