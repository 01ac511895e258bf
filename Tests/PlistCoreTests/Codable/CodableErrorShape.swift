import PlistCore

/// What a test compares of a `DecodingError` or `EncodingError`: its case and its coding path,
/// each key as its string value and, for array indices, its integer value.
enum CodableErrorShape: Equatable, CustomStringConvertible {
  case keyNotFound(key: String, path: [String])
  case valueNotFound(path: [String])
  case typeMismatch(path: [String])
  case dataCorrupted(path: [String])
  case invalidValue(path: [String])
  case other(String)

  init(_ error: any Error) {
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      self = .keyNotFound(key: key.stringValue, path: Self.path(context.codingPath))
    case DecodingError.valueNotFound(_, let context):
      self = .valueNotFound(path: Self.path(context.codingPath))
    case DecodingError.typeMismatch(_, let context):
      self = .typeMismatch(path: Self.path(context.codingPath))
    case DecodingError.dataCorrupted(let context):
      self = .dataCorrupted(path: Self.path(context.codingPath))
    case EncodingError.invalidValue(_, let context):
      self = .invalidValue(path: Self.path(context.codingPath))
    default:
      self = .other(String(describing: error))
    }
  }

  static func path(_ keys: [any CodingKey]) -> [String] {
    keys.map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }
  }

  var description: String {
    switch self {
    case .keyNotFound(let key, let path): return "keyNotFound(\(key)) at \(path)"
    case .valueNotFound(let path): return "valueNotFound at \(path)"
    case .typeMismatch(let path): return "typeMismatch at \(path)"
    case .dataCorrupted(let path): return "dataCorrupted at \(path)"
    case .invalidValue(let path): return "invalidValue at \(path)"
    case .other(let text): return text
    }
  }
}

/// The debug description of a decoding or encoding error, to compare messages.
func debugDescription(of error: any Error) -> String? {
  switch error {
  case DecodingError.keyNotFound(_, let c), DecodingError.valueNotFound(_, let c),
    DecodingError.typeMismatch(_, let c), DecodingError.dataCorrupted(let c):
    return c.debugDescription
  case EncodingError.invalidValue(_, let c): return c.debugDescription
  default: return nil
  }
}

/// The underlying error of a decoding or encoding error.
func underlyingError(of error: any Error) -> (any Error)? {
  switch error {
  case DecodingError.keyNotFound(_, let c), DecodingError.valueNotFound(_, let c),
    DecodingError.typeMismatch(_, let c), DecodingError.dataCorrupted(let c):
    return c.underlyingError
  case EncodingError.invalidValue(_, let c): return c.underlyingError
  default: return nil
  }
}
