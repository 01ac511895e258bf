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

  /// The integer, when the value is one, in the full −2^63 … 2^64−1 range.
  public var integerValue: PlistInteger? {
    if case .integer(let i) = self { return i }
    return nil
  }

  /// The integer as an `Int`, when the value is an integer that fits in one.
  public var intValue: Int? {
    guard case .integer(let i) = self, let wide = i.int64Value else { return nil }
    return Int(exactly: wide)
  }

  /// The real, when the value is one (an integer gives nil: no silent conversion).
  public var doubleValue: Double? {
    if case .real(let r) = self { return r }
    return nil
  }

  /// The boolean, when the value is one.
  public var boolValue: Bool? {
    if case .boolean(let b) = self { return b }
    return nil
  }

  /// The date, when the value is one.
  public var dateValue: PlistDate? {
    if case .date(let d) = self { return d }
    return nil
  }

  /// The data, when the value is one.
  public var dataValue: PlistData? {
    if case .data(let d) = self { return d }
    return nil
  }

  /// The array, when the value is one.
  public var arrayValue: [PlistValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The dictionary, when the value is one.
  public var dictionaryValue: PlistDictionary? {
    if case .dictionary(let d) = self { return d }
    return nil
  }

  /// The UID, when the value is one.
  public var uidValue: UInt64? {
    if case .uid(let u) = self { return u }
    return nil
  }
}
