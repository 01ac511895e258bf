import PlistCore

/// How `read` and `export` print a value: `defaults`' layout, or a plist format.
enum OutputFormat: Equatable {
  case defaults
  case plist(PlistFormat)

  /// `--format F`, `--json`, `--xml`.
  static let options = [
    OptionSpec(
      name: "format", value: "F", help: "defaults, xml, binary, openstep or json",
      completion: .choices(["defaults", "xml", "binary", "openstep", "json"])),
    OptionSpec(name: "json", help: "the same as --format json"),
    OptionSpec(name: "xml", help: "the same as --format xml"),
  ]

  /// From `--format NAME`, `--json` or `--xml`, or nil when none was given.
  init?(_ arguments: ParsedArguments, topic: String) throws(UsageError) {
    // Counted one by one: an array of optional names was the only `[String?]` of a `read`,
    // and its type, made at run time, cost a tenth of the command's instructions.
    let given = arguments.values["format"]
    let json = arguments.has("json")
    let xml = arguments.has("xml")
    let count = (given == nil ? 0 : 1) + (json ? 1 : 0) + (xml ? 1 : 0)
    guard count > 0 else { return nil }
    guard count == 1 else { throw UsageError("give only one output format", topic: topic) }
    let name = given ?? (json ? "json" : "xml")
    if name == "defaults" {
      self = .defaults
    } else if let format = FormatName.format(named: name) {
      self = .plist(format)
    } else {
      throw UsageError(
        "unknown format '\(name)' (use defaults, xml, binary, openstep or json)", topic: topic)
    }
  }
}

/// The format names the command line accepts: PlistCore's, and plutil's aliases.
enum FormatName {
  /// `xml`, `binary`, `openstep`, `json`, in any letter case; plutil's `xml1`, `binary1`,
  /// and the older names `bplist`, `ascii`, `old-style`, `oldstyle`.
  static func format(named name: String) -> PlistFormat? {
    switch name.lowercased() {
    case "xml", "xml1": return .xml
    case "binary", "binary1", "bplist": return .binary
    case "openstep", "ascii", "old-style", "oldstyle": return .openStep
    case "json": return .json
    default: return nil
    }
  }
}

/// How `read` and `find` name domains: by name, the global one as `Apple Global Domain`, as
/// `defaults` shows them.
enum DomainLabels {
  static func dictionary(_ entries: [DomainContents]) -> PlistDictionary {
    var all = PlistDictionary()
    for entry in entries {
      let label = entry.domain == .global ? "Apple Global Domain" : entry.domain.displayName
      all[label] = .dictionary(entry.dictionary)
    }
    return all
  }
}

extension CommandContext {
  /// Prints a value in an output format.
  func emit(_ value: PlistValue, as format: OutputFormat) throws(PlistError) {
    switch format {
    case .defaults:
      // A string is printed whole, as `defaults read` prints it; on a terminal, its control
      // characters (another machine's, a bundle's) are escaped first.
      if case .string(let text) = value { return try print(TerminalText.forStandardOutput(text)) }
      try print(PropertyList.describe(value))
    case .plist(let format): try writeValue(value, format, PropertyList.WriteOptions())
    }
  }
}
