import PlistCore

/// Positional arguments with `--name`, `--name=value` and `--name value` options picked out;
/// after a bare `--`, everything is positional.
struct Options {
  var positional: [String] = []
  var flags: Set<String> = []
  var values: [String: String] = [:]

  /// Splits the rest of the arguments.
  ///
  /// - Parameters:
  ///   - cursor: The arguments.
  ///   - knownFlags: Options that take no value.
  ///   - valued: Options that take one.
  ///   - topic: The command, for usage errors.
  /// - Throws: `UsageError` for an unknown option or a missing option value.
  init(
    _ cursor: inout ArgumentCursor, flags knownFlags: Set<String>, valued: Set<String> = [],
    topic: String
  ) throws(UsageError) {
    var onlyPositional = false
    while let argument = cursor.next() {
      guard !onlyPositional, argument.hasPrefix("--"), argument.count > 2 else {
        if argument == "--" && !onlyPositional {
          onlyPositional = true
        } else {
          positional.append(argument)
        }
        continue
      }
      let body = argument.dropFirst(2)
      let name = String(body.prefix { $0 != "=" })
      if valued.contains(name) {
        if let equals = body.firstIndex(of: "=") {
          values[name] = String(body[body.index(after: equals)...])
        } else {
          values[name] = try cursor.required("a value after --\(name)", topic: topic)
        }
      } else if knownFlags.contains(name) && !body.contains("=") {
        flags.insert(name)
      } else {
        throw UsageError("unknown option '\(argument)'", topic: topic)
      }
    }
  }

  /// Fails unless there are between `minimum` and `maximum` positional arguments.
  func expectPositional(_ minimum: Int, _ maximum: Int, _ what: String, topic: String)
    throws(UsageError)
  {
    if positional.count < minimum { throw UsageError("missing \(what)", topic: topic) }
    if positional.count > maximum {
      throw UsageError("unexpected argument '\(positional[maximum])'", topic: topic)
    }
  }
}

/// How `read` and `export` print a value: `defaults`' layout, or a plist format.
enum OutputFormat: Equatable {
  case defaults
  case plist(PlistFormat)

  static let optionFlags: Set<String> = ["json", "xml"]
  static let optionValues: Set<String> = ["format"]

  /// From `--format NAME`, `--json` or `--xml`, or nil when none was given.
  init?(_ options: Options, topic: String) throws(UsageError) {
    let chosen = [
      options.values["format"], options.flags.contains("json") ? "json" : nil,
      options.flags.contains("xml") ? "xml" : nil,
    ].compactMap { $0 }
    guard let name = chosen.first else { return nil }
    guard chosen.count == 1 else { throw UsageError("give only one output format", topic: topic) }
    if name == "defaults" {
      self = .defaults
    } else if let format = PlistFormat(name: name) {
      self = .plist(format)
    } else {
      throw UsageError(
        "unknown format '\(name)' (use defaults, xml, binary, openstep or json)", topic: topic)
    }
  }
}

extension CommandContext {
  /// Prints a value in an output format.
  func emit(_ value: PlistValue, as format: OutputFormat) throws(CommandFailure) {
    switch format {
    case .defaults: try print(PropertyList.describe(value))
    case .plist(let format):
      do { try writeValue(value, format, PropertyList.WriteOptions()) } catch {
        throw error.asFailure
      }
    }
  }
}
