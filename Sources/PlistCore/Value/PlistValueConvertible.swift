/// A Swift value that has a property-list form: what `Defaults.set(_:forKey:)` accepts, so
/// that `set(3, forKey:)`, `set(["a", "b"], forKey:)` and `set(["k": 2.5], forKey:)` read as
/// they do with Foundation's `UserDefaults`.
public protocol PlistValueConvertible {
  /// The value as a property list.
  var plistValue: PlistValue { get }
}

extension PlistValue: PlistValueConvertible {
  /// The value itself.
  public var plistValue: PlistValue { self }
}

extension String: PlistValueConvertible {
  /// A string.
  public var plistValue: PlistValue { .string(self) }
}

extension Substring: PlistValueConvertible {
  /// A string.
  public var plistValue: PlistValue { .string(String(self)) }
}

extension Bool: PlistValueConvertible {
  /// A boolean.
  public var plistValue: PlistValue { .boolean(self) }
}

extension Double: PlistValueConvertible {
  /// A real.
  public var plistValue: PlistValue { .real(self) }
}

extension Float: PlistValueConvertible {
  /// A real, widened exactly as Foundation widens a `Float` it stores.
  public var plistValue: PlistValue { .real(Double(self)) }
}

extension Int: PlistValueConvertible {
  /// An integer.
  public var plistValue: PlistValue { .integer(PlistInteger(self)) }
}

extension Int8: PlistValueConvertible {
  /// An integer.
  public var plistValue: PlistValue { .integer(PlistInteger(Int64(self))) }
}

extension Int16: PlistValueConvertible {
  /// An integer.
  public var plistValue: PlistValue { .integer(PlistInteger(Int64(self))) }
}

extension Int32: PlistValueConvertible {
  /// An integer.
  public var plistValue: PlistValue { .integer(PlistInteger(Int64(self))) }
}

extension Int64: PlistValueConvertible {
  /// An integer.
  public var plistValue: PlistValue { .integer(PlistInteger(self)) }
}

extension UInt: PlistValueConvertible {
  /// An integer (the plist range reaches 2^64−1).
  public var plistValue: PlistValue { .integer(PlistInteger(UInt64(self))) }
}

extension UInt8: PlistValueConvertible {
  /// An integer.
  public var plistValue: PlistValue { .integer(PlistInteger(UInt64(self))) }
}

extension UInt16: PlistValueConvertible {
  /// An integer.
  public var plistValue: PlistValue { .integer(PlistInteger(UInt64(self))) }
}

extension UInt32: PlistValueConvertible {
  /// An integer.
  public var plistValue: PlistValue { .integer(PlistInteger(UInt64(self))) }
}

extension UInt64: PlistValueConvertible {
  /// An integer.
  public var plistValue: PlistValue { .integer(PlistInteger(self)) }
}

extension PlistDate: PlistValueConvertible {
  /// A date.
  public var plistValue: PlistValue { .date(self) }
}

extension PlistData: PlistValueConvertible {
  /// Data.
  public var plistValue: PlistValue { .data(self) }
}

extension PlistDictionary: PlistValueConvertible {
  /// A dictionary.
  public var plistValue: PlistValue { .dictionary(self) }
}

extension Array: PlistValueConvertible where Element: PlistValueConvertible {
  /// An array of the elements' forms.
  public var plistValue: PlistValue { .array(map(\.plistValue)) }
}

extension Dictionary: PlistValueConvertible
where Key == String, Value: PlistValueConvertible {
  /// A dictionary of the values' forms.
  public var plistValue: PlistValue { .dictionary(PlistDictionary(mapValues(\.plistValue))) }
}

extension PlistValue {
  /// The property-list form of a value of any type, for code that holds `Any` (as code
  /// written for Foundation's `UserDefaults` does): the convertible types, and arrays and
  /// `[String: Any]` dictionaries of them.
  ///
  /// Fails when the value (or something inside it) has no property-list form.
  ///
  /// - Parameter any: The value.
  public init?(any: Any) {
    switch any {
    case let value as any PlistValueConvertible:
      self = value.plistValue
    case let array as [Any]:
      var items: [PlistValue] = []
      items.reserveCapacity(array.count)
      for element in array {
        guard let item = PlistValue(any: element) else { return nil }
        items.append(item)
      }
      self = .array(items)
    case let dictionary as [String: Any]:
      var entries: [String: PlistValue] = [:]
      for (key, element) in dictionary {
        guard let item = PlistValue(any: element) else { return nil }
        entries[key] = item
      }
      self = .dictionary(PlistDictionary(entries))
    default:
      return nil
    }
  }
}
