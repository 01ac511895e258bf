/// Why the value arguments of a `write` were refused.
package enum WriteArgumentError: Error, Equatable, Sendable {
  /// No value after the key.
  case missingValue
  /// `write DOMAIN KEY` with nothing after the key: a plain word where a dictionary literal
  /// to replace the domain would stand, so a value forgotten (the key as typed).
  case missingValueAfterKey(String)
  /// A type flag (`-int`) with nothing after it.
  case missingFlagArgument(String)
  /// A type flag's argument that is not of its type: the flag (lowercased) and the argument.
  case invalidFlagArgument(String, String)
  /// The argument of `-json` is not JSON.
  case invalidJSON(PlistParseError)
  /// An untyped value that is neither a plain word nor a plist literal.
  case unparsableLiteral(String)
  /// A composite flag (`-array`, `-dict` …) inside another composite value.
  case nestedComposite(String)
  /// A `-dict` key that is not a string (the token as typed).
  case nonStringKey(String)
  /// A `-dict` key with no value after it.
  case keyWithoutValue(String)
  /// Something after a complete scalar value.
  case unexpectedArgument(String)
  /// `write DOMAIN 'PLIST'` with a literal that is not a dictionary.
  case notADictionary(found: PlistType)

  /// Whether the arguments are malformed (a usage error), as opposed to well-formed but
  /// refused by one of `defaults`' rules.
  package var isMalformed: Bool {
    switch self {
    case .missingValue, .missingValueAfterKey, .missingFlagArgument, .invalidFlagArgument:
      return true
    default: return false
    }
  }
}
