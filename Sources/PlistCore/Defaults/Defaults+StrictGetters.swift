// MARK: - Strict getters: a typed error instead of a coercion

/// A type a strict getter can return (`Defaults.value(forKey:as:)`), with what counts as a
/// value of it — modelled on CoreFoundation's `CFPreferencesGetAppIntegerValue` and
/// `…BooleanValue`, which report whether the key "exists and has a valid format".
public protocol DefaultsValue {
  /// The plist type asked for, for the error.
  static var plistType: PlistType { get }
  /// The value, when the stored one is of this type or spells one exactly; else nil.
  ///
  /// - Parameter value: The stored value.
  init?(strictly value: PlistValue)
}

extension Int: DefaultsValue {
  /// Integers.
  public static var plistType: PlistType { .integer }
  /// An integer in range, or a string that is one in full (`"12"`, not `"12abc"` or
  /// `"1e3"`); never a real, never clamped.
  public init?(strictly value: PlistValue) {
    switch value {
    case .integer(let integer):
      guard let signed = integer.int64Value else { return nil }
      self = Int(signed)
    case .string(let text):
      guard let parsed = Int(text) else { return nil }
      self = parsed
    default: return nil
    }
  }
}

extension Bool: DefaultsValue {
  /// Booleans.
  public static var plistType: PlistType { .boolean }
  /// A boolean, an integer (true when not zero), or `true`/`YES`/`false`/`NO` in any case.
  public init?(strictly value: PlistValue) {
    switch value {
    case .boolean(let bool): self = bool
    case .integer(let integer): self = integer.bitPattern != 0
    case .string(let text):
      switch text.lowercased() {
      case "true", "yes": self = true
      case "false", "no": self = false
      default: return nil
      }
    default: return nil
    }
  }
}

extension Double: DefaultsValue {
  /// Reals.
  public static var plistType: PlistType { .real }
  /// A real, an integer, or a string that is a decimal number in full.
  public init?(strictly value: PlistValue) {
    switch value {
    case .real(let real): self = real
    case .integer(let integer): self = integer.doubleValue
    case .string(let text):
      guard let parsed = Double(text), !text.isEmpty, text.allSatisfy({ !$0.isWhitespace })
      else { return nil }
      self = parsed
    default: return nil
    }
  }
}

extension String: DefaultsValue {
  /// Strings.
  public static var plistType: PlistType { .string }
  /// A string only.
  public init?(strictly value: PlistValue) {
    guard case .string(let text) = value else { return nil }
    self = text
  }
}

extension PlistData: DefaultsValue {
  /// Data.
  public static var plistType: PlistType { .data }
  /// Data only.
  public init?(strictly value: PlistValue) {
    guard case .data(let data) = value else { return nil }
    self = data
  }
}

extension PlistDate: DefaultsValue {
  /// Dates.
  public static var plistType: PlistType { .date }
  /// A date only.
  public init?(strictly value: PlistValue) {
    guard case .date(let date) = value else { return nil }
    self = date
  }
}

extension PlistDictionary: DefaultsValue {
  /// Dictionaries.
  public static var plistType: PlistType { .dictionary }
  /// A dictionary only.
  public init?(strictly value: PlistValue) {
    guard case .dictionary(let dictionary) = value else { return nil }
    self = dictionary
  }
}

extension Array: DefaultsValue where Element: DefaultsValue {
  /// Arrays.
  public static var plistType: PlistType { .array }
  /// An array whose every element is strictly an `Element`.
  public init?(strictly value: PlistValue) {
    guard case .array(let items) = value else { return nil }
    var elements: [Element] = []
    elements.reserveCapacity(items.count)
    for item in items {
      guard let element = Element(strictly: item) else { return nil }
      elements.append(element)
    }
    self = elements
  }
}

extension Defaults {
  /// The effective value of a key as a type, without Foundation's coercions: `"12abc"` is
  /// no integer, 3.9 no integer, `"maybe"` no boolean.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - type: The type wanted (`Int.self`, `Bool.self`, `[String].self`, …).
  /// - Returns: The value, or nil when no layer has the key.
  /// - Throws: `PlistError.invalidDefault` naming the key, its layer and the types when the
  ///   value is not one of the type.
  public func value<Value: DefaultsValue>(forKey key: String, as type: Value.Type = Value.self)
    throws(PlistError) -> Value?
  {
    guard let (value, layer) = lookup(key) else { return nil }
    guard let typed = Value(strictly: value) else {
      throw .invalidDefault(key: key, layer: layer, expected: Value.plistType, found: value.type)
    }
    return typed
  }
}
