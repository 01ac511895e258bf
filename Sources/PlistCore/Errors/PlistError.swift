/// The errors of PlistCore's public API, each with the context a message needs.
public enum PlistError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A file or stream could not be parsed; `source` names it (a path, or `<stdin>`).
  case parse(PlistParseError, source: String)
  /// A value could not be written in the requested format.
  case encoding(PlistEncodingError)
  /// A system call failed.
  case system(SystemError)
  /// A domain file whose root is not a dictionary (`found` is the type it holds).
  case notADictionary(source: String, found: String)
  /// A domain or key that does not exist; the message says which.
  case notFound(String)
  /// A change refused by a rule of the command; the message says which.
  case refused(String)

  /// One line that says what failed and where.
  public var description: String {
    switch self {
    case .parse(let error, let source): return "\(source): \(error)"
    case .encoding(let error): return error.description
    case .system(let error): return error.description
    case .notADictionary(let source, let found):
      return "\(source): the root of a domain must be a dictionary, not \(found)"
    case .notFound(let message), .refused(let message): return message
    }
  }
}
