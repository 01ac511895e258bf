// MARK: - Typed access (the type itself: `PlistValue.type`)

extension PlistValue {
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
