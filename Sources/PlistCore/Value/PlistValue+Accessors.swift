// MARK: - Typed access and type names

extension PlistValue {
  /// The type's name as `defaults read-type` prints it: `string`, `integer`, `float`,
  /// `boolean`, `date`, `data`, `array`, `dictionary` (and `uid`).
  public var typeName: String {
    switch self {
    case .string: return "string"
    case .integer: return "integer"
    case .real: return "float"
    case .boolean: return "boolean"
    case .date: return "date"
    case .data: return "data"
    case .array: return "array"
    case .dictionary: return "dictionary"
    case .uid: return "uid"
    }
  }

  /// The type with an article, for messages: `an integer`, `a date`.
  public var typeDescription: String {
    switch self {
    case .integer: return "an integer"
    case .array: return "an array"
    case .uid: return "a UID"
    case .real: return "a real"
    default: return "a " + typeName
    }
  }

  /// The string, when the value is one.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The dictionary, when the value is one.
  public var dictionaryValue: PlistDictionary? {
    if case .dictionary(let d) = self { return d }
    return nil
  }

  /// The array, when the value is one.
  public var arrayValue: [PlistValue]? {
    if case .array(let a) = self { return a }
    return nil
  }
}
