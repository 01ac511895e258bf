/// The nine kinds of property-list value, without their contents: what errors report when a
/// value is not of the type an operation needs.
public enum PlistType: String, Sendable, CaseIterable {
  /// `PlistValue.string`.
  case string
  /// `PlistValue.integer`.
  case integer
  /// `PlistValue.real`.
  case real
  /// `PlistValue.boolean`.
  case boolean
  /// `PlistValue.date`.
  case date
  /// `PlistValue.data`.
  case data
  /// `PlistValue.array`.
  case array
  /// `PlistValue.dictionary`.
  case dictionary
  /// `PlistValue.uid`.
  case uid

  /// The name `defaults read-type` prints: `string`, `integer`, `float`, `boolean`, `date`,
  /// `data`, `array`, `dictionary` (and `uid`).
  public var name: String { self == .real ? "float" : rawValue }

  /// The name with an article, for messages: `an integer`, `a date`, `a real`.
  package var withArticle: String {
    switch self {
    case .integer: return "an integer"
    case .array: return "an array"
    case .uid: return "a UID"
    default: return "a " + rawValue
    }
  }
}

extension PlistValue {
  /// The value's type.
  public var type: PlistType {
    switch self {
    case .string: return .string
    case .integer: return .integer
    case .real: return .real
    case .boolean: return .boolean
    case .date: return .date
    case .data: return .data
    case .array: return .array
    case .dictionary: return .dictionary
    case .uid: return .uid
    }
  }
}
