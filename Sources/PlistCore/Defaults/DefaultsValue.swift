/// The value arguments of `defaults write DOMAIN KEY …`, parsed by `defaults`' rules
/// (reference/defaults-behaviour.md §2): a plist literal or a type flag with its argument,
/// and the composite flags `-array`, `-array-add`, `-dict`, `-dict-add`.
///
/// Where `defaults` silently stores garbage (`-int abc` as 0, `-float` through a 32-bit
/// float), this refuses or keeps full precision instead; docs/differences.md lists it.
public enum DefaultsValue {
  /// What a `write` asks for.
  public enum Operation: Sendable, Equatable {
    /// Set the key to the value.
    case set(PlistValue)
    /// Append to the array at the key (creating it when missing).
    case arrayAdd([PlistValue])
    /// Merge into the dictionary at the key, one level deep (creating it when missing).
    case dictAdd(PlistDictionary)
  }

  /// A refused argument: the message, and whether it is a usage error (a malformed flag
  /// argument, exit 64) or one of `defaults`' own refusals (exit 1).
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message, in `defaults`' words where it has them.
    public let message: String
    /// Whether the arguments were malformed (as opposed to refused by a rule).
    public let isUsage: Bool

    /// One line.
    public var description: String { message }

    static func usage(_ message: String) -> Failure { Failure(message: message, isUsage: true) }
    static func refused(_ message: String) -> Failure { Failure(message: message, isUsage: false) }
  }

  /// Parses everything after the key.
  ///
  /// - Parameter arguments: The value tokens, e.g. `["-int", "1"]` or `["-array", "a", "b"]`.
  /// - Returns: The operation.
  /// - Throws: `Failure` with `defaults`' message.
  public static func parse(_ arguments: [String]) throws(Failure) -> Operation {
    guard let first = arguments.first else { throw .usage("missing the value to write") }
    switch first.lowercased() {
    case "-array", "-array-add":
      let items = try parseItems(arguments.dropFirst())
      return first.lowercased() == "-array" ? .set(.array(items)) : .arrayAdd(items)
    case "-dict", "-dict-add":
      let dictionary = try parsePairs(arguments.dropFirst())
      return first.lowercased() == "-dict" ? .set(.dictionary(dictionary)) : .dictAdd(dictionary)
    default:
      var rest = arguments[...]
      let value = try parseScalar(&rest)
      if let extra = rest.first {
        throw .refused("Unexpected argument \(extra); leaving defaults unchanged.")
      }
      return .set(value)
    }
  }

  /// The untyped-value rule: a token with none of `"(){}[]<>` is a string (taken through
  /// OpenStep's quoted-string escapes, as `defaults` does by quoting it); anything else must
  /// parse as a plist literal, XML fragment or OpenStep.
  ///
  /// - Parameter token: The argument.
  /// - Returns: The value.
  /// - Throws: `Failure` (`Could not parse: …`).
  public static func literal(_ token: String) throws(Failure) -> PlistValue {
    let special = Set("\"(){}[]<>".utf8)
    let text = token.utf8.contains(where: special.contains) ? token : "\"" + token + "\""
    do {
      return try PropertyList.decode(Array(text.utf8), allowJSON: false).value
    } catch {
      throw .refused("Could not parse: \(token).  Try single-quoting it.")
    }
  }

  // MARK: - Tokens

  private static func parseItems(_ tokens: ArraySlice<String>) throws(Failure) -> [PlistValue] {
    var rest = tokens
    var items: [PlistValue] = []
    while !rest.isEmpty { items.append(try parseScalar(&rest)) }
    return items
  }

  private static func parsePairs(_ tokens: ArraySlice<String>) throws(Failure) -> PlistDictionary {
    var rest = tokens
    var keys: [String] = []
    var values: [PlistValue] = []
    while let keyToken = rest.first {
      guard case .string(let key) = try parseScalar(&rest) else {
        throw .refused("Dictionary keys must be strings")
      }
      guard !rest.isEmpty else { throw .refused("Key \(keyToken) lacks a corresponding value") }
      keys.append(key)
      values.append(try parseScalar(&rest))
    }
    return PlistDictionary(keys: keys, values: values)
  }

  /// One value: a type flag and its argument, or an untyped literal.
  private static func parseScalar(_ rest: inout ArraySlice<String>) throws(Failure) -> PlistValue {
    guard let token = rest.popFirst() else { throw .usage("missing a value") }
    let flag = token.lowercased()
    switch flag {
    case "-array", "-array-add", "-dict", "-dict-add":
      throw .refused("Cannot nest composite types (arrays and dictionaries); exiting")
    case "-string", "-data", "-int", "-integer", "-float", "-bool", "-boolean", "-date", "-json":
      guard let argument = rest.popFirst() else { throw .usage("\(token) needs a value") }
      return try typed(flag, argument)
    default:
      return try literal(token)
    }
  }

  private static func typed(_ flag: String, _ argument: String) throws(Failure) -> PlistValue {
    switch flag {
    case "-string": return .string(argument)
    case "-json":
      do { return try PropertyList.decode(Array(argument.utf8), as: .json) } catch {
        throw .refused("Could not parse -json value: \(error)")
      }
    case "-data": return .data(try data(argument))
    case "-int", "-integer":
      guard let value = PlistInteger(decimal: argument.trimmingSpaces) else {
        throw .usage("\(flag) needs an integer from −2^63 to 2^64−1, not '\(argument)'")
      }
      return .integer(value)
    case "-float":
      let text = argument.trimmingSpaces
      guard !text.isEmpty, text.utf8.allSatisfy(DecimalReal.isRealByte),
        let value = Double(text), value.isFinite
      else { throw .usage("-float needs a decimal number, not '\(argument)'") }
      return .real(value)
    case "-bool", "-boolean":
      switch argument.lowercased() {
      case "yes", "true": return .boolean(true)
      case "no", "false": return .boolean(false)
      default: throw .usage("\(flag) takes true, false, yes or no, not '\(argument)'")
      }
    default:
      guard let date = DateParsing.parse(argument) else {
        throw .usage(
          "-date needs a date such as '2024-01-02 03:04:05 +0000' or '2024-01-02T03:04:05Z', not '\(argument)'"
        )
      }
      return .date(date)
    }
  }

  /// Hex digits in either case; with an odd count the first digit alone makes the first byte,
  /// as in `defaults` (`ABC` is 0x0a 0xbc).
  private static func data(_ hex: String) throws(Failure) -> PlistData {
    var digits: [UInt8] = []
    for byte in hex.utf8 {
      guard ASCII.isHexDigit(byte), let value = ASCII.digitValue(byte) else {
        throw .usage("-data needs hex digits, not '\(hex)'")
      }
      digits.append(value)
    }
    if digits.count % 2 == 1 { digits.insert(0, at: 0) }
    return PlistData(
      stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] })
  }
}

extension String {
  var trimmingSpaces: Substring {
    let bytes = utf8
    let start = bytes.firstIndex { !ASCII.isSpace($0) } ?? bytes.endIndex
    let end = bytes.lastIndex { !ASCII.isSpace($0) }.map { bytes.index(after: $0) } ?? start
    return self[start..<max(start, end)]
  }
}
