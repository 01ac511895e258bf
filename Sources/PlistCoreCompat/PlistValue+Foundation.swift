import PlistCore

extension PlistValue {
  /// The value as Foundation's `UserDefaults` hands it out, with Swift types in place of
  /// Foundation's: `String`, `Int` (`UInt64` above `Int.max`), `Double`, `Bool`, `PlistDate`,
  /// `PlistData`, `[Any]`, `[String: Any]`; a keyed archive's UID as `UInt64`.
  public var foundationValue: Any {
    switch self {
    case .string(let string): return string
    case .integer(let integer):
      if let value = integer.int64Value { return Int(value) }
      return integer.uint64Value ?? integer.doubleValue
    case .real(let real): return real
    case .boolean(let boolean): return boolean
    case .date(let date): return date
    case .data(let data): return data
    case .array(let array): return array.map(\.foundationValue)
    case .dictionary(let dictionary): return dictionary.foundationDictionary
    case .uid(let uid): return uid
    }
  }
}

extension PlistDictionary {
  /// The dictionary as Foundation hands it out (`[String: Any]`, values as
  /// `PlistValue.foundationValue` gives them).
  public var foundationDictionary: [String: Any] {
    var result: [String: Any] = [:]
    result.reserveCapacity(count)
    for (key, value) in self { result[key] = value.foundationValue }
    return result
  }
}
