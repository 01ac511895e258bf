/// The value arguments of `defaults write DOMAIN KEY …`, parsed by `defaults`' rules
/// (docs/differences.md): a plist literal or a type flag with its argument, and the composite
/// flags `-array`, `-array-add`, `-dict`, `-dict-add`.
///
/// Where `defaults` silently stores garbage (`-int abc` as 0, `-float` through a 32-bit
/// float), this refuses or keeps full precision instead; docs/differences.md lists it.
package enum WriteArguments {
  /// Every type flag `parse` takes, spelled as `defaults` spells them (`-int` and `-integer`
  /// both): for help, shell completion and the man page.
  package static let flags = [
    "-string", "-data", "-int", "-integer", "-float", "-bool", "-boolean", "-date", "-json",
    "-array", "-array-add", "-dict", "-dict-add",
  ]

  /// Parses everything after the key.
  ///
  /// - Parameters:
  ///   - arguments: The value tokens, e.g. `["-int", "1"]` or `["-array", "a", "b"]`.
  ///   - deepMerge: Make `-dict-add` merge nested dictionaries too.
  /// - Returns: The operation.
  /// - Throws: `WriteArgumentError` naming what is wrong.
  package static func parse(_ arguments: [String], deepMerge: Bool = false)
    throws(WriteArgumentError) -> WriteOperation
  {
    guard let first = arguments.first else { throw .missingValue }
    switch first.lowercased() {
    case "-array", "-array-add":
      let items = try parseItems(arguments.dropFirst())
      return first.lowercased() == "-array" ? .set(.array(items)) : .arrayAdd(items)
    case "-dict", "-dict-add":
      let dictionary = try parsePairs(arguments.dropFirst())
      return first.lowercased() == "-dict"
        ? .set(.dictionary(dictionary)) : .dictAdd(dictionary, deep: deepMerge)
    default:
      var rest = arguments[...]
      let value = try parseScalar(&rest)
      if let extra = rest.first {
        throw .unexpectedArgument(extra)
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
  /// - Throws: `WriteArgumentError.unparsableLiteral`.
  package static func literal(_ token: String) throws(WriteArgumentError) -> PlistValue {
    let text = isLiteralSyntax(token) ? token : "\"" + token + "\""
    do {
      return try PropertyList.decode(Array(text.utf8), allowJSON: false).value
    } catch {
      throw .unparsableLiteral(token)
    }
  }

  /// Whether a token holds any of `"(){}[]<>`, and so is a plist literal rather than a plain
  /// word.
  private static func isLiteralSyntax(_ token: String) -> Bool {
    token.utf8.contains { "\"(){}[]<>".utf8.contains($0) }
  }

  /// The argument of `write DOMAIN 'PLIST'`, which replaces the whole domain: a dictionary
  /// literal. A plain word there is a key whose value was forgotten (`write D K`), which
  /// `defaults` reports bafflingly as "Rep argument is not a dictionary".
  ///
  /// - Parameter token: The argument.
  /// - Returns: The dictionary.
  /// - Throws: `WriteArgumentError.missingValueAfterKey` for a plain word,
  ///   `.unparsableLiteral`, or `.notADictionary` for any other value.
  package static func replacement(_ token: String) throws(WriteArgumentError) -> PlistDictionary {
    if !isLiteralSyntax(token) { throw .missingValueAfterKey(token) }
    let value = try literal(token)
    guard case .dictionary(let dictionary) = value else { throw .notADictionary(found: value.type) }
    return dictionary
  }

  // MARK: - Tokens

  private static func parseItems(_ tokens: ArraySlice<String>) throws(WriteArgumentError)
    -> [PlistValue]
  {
    var rest = tokens
    var items: [PlistValue] = []
    while !rest.isEmpty { items.append(try parseScalar(&rest)) }
    return items
  }

  private static func parsePairs(_ tokens: ArraySlice<String>) throws(WriteArgumentError)
    -> PlistDictionary
  {
    var rest = tokens
    var keys: [String] = []
    var values: [PlistValue] = []
    while let keyToken = rest.first {
      guard case .string(let key) = try parseScalar(&rest) else {
        throw .nonStringKey(keyToken)
      }
      guard !rest.isEmpty else { throw .keyWithoutValue(keyToken) }
      keys.append(key)
      values.append(try parseScalar(&rest))
    }
    return PlistDictionary(keys: keys, values: values)
  }

  /// One value: a type flag and its argument, or an untyped literal.
  private static func parseScalar(_ rest: inout ArraySlice<String>) throws(WriteArgumentError)
    -> PlistValue
  {
    guard let token = rest.popFirst() else { throw .missingValue }
    let flag = token.lowercased()
    switch flag {
    case "-array", "-array-add", "-dict", "-dict-add":
      throw .nestedComposite(token)
    case "-string", "-data", "-int", "-integer", "-float", "-bool", "-boolean", "-date", "-json":
      guard let argument = rest.popFirst() else { throw .missingFlagArgument(token) }
      return try typed(flag, argument)
    default:
      return try literal(token)
    }
  }

  private static func typed(_ flag: String, _ argument: String) throws(WriteArgumentError)
    -> PlistValue
  {
    switch flag {
    case "-string": return .string(argument)
    case "-json":
      do { return try PropertyList.decode(Array(argument.utf8), as: .json) } catch {
        throw .invalidJSON(error)
      }
    case "-data": return .data(try data(argument))
    case "-int", "-integer":
      guard let value = PlistInteger(decimal: argument.trimmingSpaces) else {
        throw .invalidFlagArgument(flag, argument)
      }
      return .integer(value)
    case "-float":
      let text = argument.trimmingSpaces
      guard !text.isEmpty, text.utf8.allSatisfy(DecimalReal.isRealByte),
        let value = Double(text), value.isFinite
      else { throw .invalidFlagArgument(flag, argument) }
      return .real(value)
    case "-bool", "-boolean":
      switch argument.lowercased() {
      case "yes", "true": return .boolean(true)
      case "no", "false": return .boolean(false)
      default: throw .invalidFlagArgument(flag, argument)
      }
    default:
      guard let date = DateParsing.parse(argument) else {
        throw .invalidFlagArgument(flag, argument)
      }
      return .date(date)
    }
  }

  /// Hex digits in either case; with an odd count the first digit alone makes the first byte,
  /// as in `defaults` (`ABC` is 0x0a 0xbc).
  private static func data(_ hex: String) throws(WriteArgumentError) -> PlistData {
    var digits: [UInt8] = []
    for byte in hex.utf8 {
      guard ASCII.isHexDigit(byte), let value = ASCII.digitValue(byte) else {
        throw .invalidFlagArgument("-data", hex)
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
