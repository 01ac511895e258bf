/// What `PlistEncoder` builds before writing: the model of Foundation's `PropertyListEncoder`,
/// which keeps more than a `PlistValue` does. Dictionaries keep their keys in the order they
/// were encoded (the binary layout follows it), integers remember whether they came from
/// `UInt64`/`UInt` (binary writes those as 16-byte integers), a `Float` stays a 4-byte real,
/// and nil stays a null until it is written as the string `$null`.
enum EncodedValue {
  case null
  case boolean(Bool)
  /// Any signed integer, and the unsigned ones narrower than 64 bits.
  case signed(Int64)
  /// `UInt64` and `UInt`.
  case unsigned(UInt64)
  case float(Float)
  case double(Double)
  case string(String)
  case date(PlistDate)
  case data(PlistData)
  /// Only from a `PlistValue.uid` encoded as itself.
  case uid(UInt64)
  case array(EncodedArray)
  case dictionary(EncodedDictionary)

  /// The string written for nil, in every format.
  static let nullString = "$null"

  /// The kind of top-level fragment Foundation refuses to write, or nil for a container.
  var fragmentKind: String? {
    switch self {
    case .boolean: return "boolean"
    case .signed, .unsigned, .float, .double: return "number"
    case .string, .null: return "string"
    case .date: return "date"
    case .data, .uid, .array, .dictionary: return nil
    }
  }
}

/// An array being encoded: a reference, so that a nested container keeps writing into the
/// array its parent already holds.
final class EncodedArray {
  var items: [EncodedValue] = []

  init(_ items: [EncodedValue] = []) { self.items = items }
}

/// A dictionary being encoded, in the order its keys were first encoded; encoding a key again
/// replaces the value in place (as Foundation's ordered dictionary does). Keys compare as Swift
/// strings, so canonically equivalent spellings are one key, as in Foundation.
final class EncodedDictionary {
  private(set) var keys: [String] = []
  private(set) var values: [EncodedValue] = []
  private var positions: [String: Int] = [:]

  var count: Int { keys.count }

  subscript(key: String) -> EncodedValue? { positions[key].map { values[$0] } }

  /// Sets the value for a key: in place when the key is present, else at the end.
  func set(_ value: EncodedValue, forKey key: String) {
    if let position = positions[key] {
      values[position] = value
    } else {
      positions[key] = keys.count
      keys.append(key)
      values.append(value)
    }
  }
}
