import PlistCore

/// `convert FORMAT FILE [-o OUT | --in-place] [--compact]`: plutil's `-convert`.
struct ConvertCommand: Command {
  static let spec = CommandSpec(
    name: "convert",
    synopsis: "convert FORMAT FILE [-o OUT | --in-place] [--compact] [--max-size SIZE]",
    summary: "convert a plist: FORMAT is xml, binary, openstep or json (xml1, binary1 too)",
    forms: """
      convert FORMAT FILE [-o OUT | --in-place] [--compact]\tto FORMAT: xml, binary, openstep or json; FILE - is stdin, OUT - stdout
      """,
    options: [
      OptionSpec(
        name: "output", short: "o", value: "OUT", help: "write to OUT (atomically); - is stdout"),
      OptionSpec(name: "in-place", short: "i", help: "rewrite FILE itself"),
      OptionSpec(name: "compact", help: "JSON on one line"),
      .maximumSize,
    ],
    positionals: ["FORMAT", "FILE"],
    examples: """
      convert json Info.plist\tJSON to standard output
      convert binary Settings.plist -o S.bplist\ta binary copy
      """,
    completions: ["FORMAT": .choices(["xml", "binary", "openstep", "json", "xml1", "binary1"])])

  enum Destination: Equatable {
    case standardOutput
    case file(String)
    case inPlace
  }

  let format: PlistFormat
  let input: String
  let destination: Destination
  let compact: Bool
  let maximumSize: Int?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let formatName = arguments.positionals[0]
    guard let format = FormatName.format(named: formatName) else {
      throw UsageError(
        "unknown format '\(formatName)' (use xml, binary, openstep or json)", topic: Self.spec.name)
    }
    self.format = format
    input = arguments.positionals[1]
    compact = arguments.has("compact")
    maximumSize = try OptionSpec.maximumSize(in: arguments, topic: Self.spec.name)
    switch (arguments.values["output"], arguments.has("in-place")) {
    case (nil, false): destination = .standardOutput
    // `-o -` is standard output, as FILE `-` is standard input (and as plutil has it).
    case ("-"?, false): destination = .standardOutput
    case (let path?, false): destination = .file(path)
    case (nil, true): destination = .inPlace
    case (_?, true):
      throw UsageError("give only one of -o and --in-place", topic: Self.spec.name)
    }
    if destination == .inPlace && input == "-" {
      throw UsageError("--in-place needs a file, not -", topic: Self.spec.name)
    }
  }

  func run(in context: CommandContext) throws {
    let context = context.limited(to: maximumSize)
    // A file, not a fragment: a JSON root that is not a container would read back as an
    // OpenStep string.
    let options = PropertyList.WriteOptions(prettyJSON: !compact, jsonFragments: false)
    switch destination {
    case .standardOutput:
      // Read in full before writing anything, so a bad input prints nothing.
      try context.writeValue(try context.readPropertyList(input), format, options)
    case .file(let path):
      try FileAccess.convert(
        try context.readBytes(input), source: CommandContext.sourceName(input), to: format,
        destination: path, options: options, exiting: true, intoSpecialOutputs: true)
    case .inPlace:
      // Under the lock a `write` to a file in that directory takes: no write is lost.
      try FileAccess.convertInPlace(
        path: input, to: format, options: options, limits: try context.limits())
    }
  }
}
