// MARK: - Literals, for building values in code and tests

extension PlistValue: ExpressibleByStringLiteral {
  /// A string value.
  ///
  /// - Parameter value: The literal.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension PlistValue: ExpressibleByIntegerLiteral {
  /// An integer value.
  ///
  /// - Parameter value: The literal.
  public init(integerLiteral value: Int64) { self = .integer(PlistInteger(value)) }
}

extension PlistValue: ExpressibleByFloatLiteral {
  /// A real value.
  ///
  /// - Parameter value: The literal.
  public init(floatLiteral value: Double) { self = .real(value) }
}

extension PlistValue: ExpressibleByBooleanLiteral {
  /// A boolean value.
  ///
  /// - Parameter value: The literal.
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
}

extension PlistValue: ExpressibleByArrayLiteral {
  /// An array value: `[1, "a", true]`.
  ///
  /// - Parameter elements: The items, in order.
  public init(arrayLiteral elements: PlistValue...) { self = .array(elements) }
}

extension PlistValue: ExpressibleByDictionaryLiteral {
  /// A dictionary value: `["a": 1, "b": [true, 2.5]]`; a repeated key's last value wins.
  ///
  /// - Parameter elements: The entries.
  public init(dictionaryLiteral elements: (String, PlistValue)...) {
    self = .dictionary(PlistDictionary(keys: elements.map(\.0), values: elements.map(\.1)))
  }
}
