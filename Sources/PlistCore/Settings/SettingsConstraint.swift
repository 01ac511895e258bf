/// What a Settings element allows its key to hold: the type and the set or range of values.
public enum SettingsConstraint: Sendable, Equatable {
  /// A toggle: its `TrueValue` (default `true`) or its `FalseValue` (default `false`).
  case toggle(on: PlistValue, off: PlistValue)
  /// A slider: a number in `minimum…maximum`.
  case range(minimum: Double, maximum: Double)
  /// A multi-value or radio group: one of `Values`, each with its label.
  case choice([SettingsChoice])
  /// A text field or text view: a string.
  case text
  /// A date picker: a date.
  case date
  /// A list group: an array.
  case list
  /// Anything: a title value (the app writes it), a custom view, or a multi-value whose
  /// `Values` the app supplies at run time.
  case any

  /// Whether a value is allowed: numbers and booleans are compared by value, as the Settings
  /// app compares them (`PlistValue.isSameSetting(as:)`).
  ///
  /// - Parameter value: A candidate value.
  /// - Returns: Whether the key may hold it.
  public func allows(_ value: PlistValue) -> Bool {
    switch self {
    case .toggle(let on, let off):
      return value.isSameSetting(as: on) || value.isSameSetting(as: off)
    case .range(let minimum, let maximum):
      guard let number = value.settingsNumber else { return false }
      return number >= minimum && number <= maximum
    case .choice: return choiceIndex(of: value) != nil
    case .text: return value.type == .string
    case .date: return value.type == .date
    case .list: return value.type == .array
    case .any: return true
    }
  }

  /// The index of the choice a value is (compared as the Settings app compares), or nil
  /// when it is none of them or the element offers no choices.
  ///
  /// - Parameter value: A stored value.
  /// - Returns: Its index among the choices.
  public func choiceIndex(of value: PlistValue) -> Int? {
    guard case .choice(let choices) = self else { return nil }
    return choices.firstIndex { $0.value.isSameSetting(as: value) }
  }

  /// What is allowed, as a refusal states it (nil for `any`).
  public var allowedValues: PlistError.AllowedValues? {
    switch self {
    case .toggle(let on, let off): return .oneOf([on, off])
    case .range(let minimum, let maximum): return .range(minimum: minimum, maximum: maximum)
    case .choice(let choices): return .oneOf(choices.map(\.value))
    case .text: return .type(.string)
    case .date: return .type(.date)
    case .list: return .type(.array)
    case .any: return nil
    }
  }

  /// The type of value the key stores, when there is one.
  public var storedType: PlistType? {
    switch self {
    case .toggle(let on, let off): return on.type == off.type ? on.type : nil
    case .range: return .real
    case .choice(let choices):
      let types = Set(choices.map(\.value.type))
      return types.count == 1 ? types.first : nil
    case .text: return .string
    case .date: return .date
    case .list: return .array
    case .any: return nil
    }
  }
}

/// One allowed value of a multi-value or radio group, with its labels as written (look them
/// up in the pane's strings table to show them).
public struct SettingsChoice: Sendable, Equatable {
  /// The stored value.
  public let value: PlistValue
  /// Its entry in `Titles`, if there is one.
  public let title: PlistValue?
  /// Its entry in `ShortTitles`, if there is one.
  public let shortTitle: PlistValue?
}

extension PlistValue {
  /// The value as a real, for integers, reals and booleans (0 and 1, as NSNumber has them).
  var settingsNumber: Double? {
    switch self {
    case .integer(let number): return number.doubleValue
    case .real(let number): return number
    case .boolean(let bool): return bool ? 1 : 0
    default: return nil
    }
  }
}
