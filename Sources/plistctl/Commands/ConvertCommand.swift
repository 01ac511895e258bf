import PlistCore

/// `convert FORMAT FILE [-o OUT | --in-place] [--compact]`: plutil's `-convert`.
struct ConvertCommand: Command {
  static let name = "convert"

  enum Destination: Equatable {
    case standardOutput
    case file(String)
    case inPlace
  }

  let format: PlistFormat
  let input: String
  let destination: Destination
  let compact: Bool

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    let formatName = try cursor.required("FORMAT", topic: Self.name)
    guard let format = PlistFormat(name: formatName) else {
      throw UsageError(
        "unknown format '\(formatName)' (use xml, binary, openstep or json)", topic: Self.name)
    }
    self.format = format
    var input: String?
    var destination = Destination.standardOutput
    var compact = false
    while let argument = cursor.next() {
      switch argument {
      case "-o", "--output":
        guard destination == .standardOutput else {
          throw UsageError("give only one of -o and --in-place", topic: Self.name)
        }
        destination = .file(try cursor.required("a path after \(argument)", topic: Self.name))
      case "--in-place", "-i":
        guard destination == .standardOutput else {
          throw UsageError("give only one of -o and --in-place", topic: Self.name)
        }
        destination = .inPlace
      case "--compact": compact = true
      default:
        guard input == nil else {
          throw UsageError("unexpected argument '\(argument)'", topic: Self.name)
        }
        input = argument
      }
    }
    guard let input else { throw UsageError("missing FILE", topic: Self.name) }
    if destination == .inPlace && input == "-" {
      throw UsageError("--in-place needs a file, not -", topic: Self.name)
    }
    self.input = input
    self.destination = destination
    self.compact = compact
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let options = PropertyList.WriteOptions(prettyJSON: !compact)
    let target: String
    switch destination {
    case .standardOutput:
      // Read in full before writing anything, so a bad input prints nothing.
      let value = try context.readPropertyList(path: input).value
      do { try context.writeValue(value, format, options) } catch { throw error.asFailure }
      return
    case .file(let path): target = path
    case .inPlace: target = input
    }
    do {
      try FileAccess.convert(from: input, to: format, destination: target, options: options)
    } catch { throw error.asFailure }
  }
}
