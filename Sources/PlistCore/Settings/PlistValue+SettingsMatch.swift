/// How the Settings app compares a stored value with what a bundle declares. It holds
/// numbers as NSNumber and compares them by value, so a bundle whose `Values` are
/// `<real>4</real>`, `<real>5</real>` with a `DefaultValue` of `<integer>5</integer>` (real
/// apps write exactly this) shows the second title, and a toggle whose `FalseValue` is
/// `<integer>0</integer>` is off for a stored `NO`. Everywhere a value meets the schema —
/// choices, toggles, defaults, validation, `dump --non-default`, the editor — values are
/// compared this way; what is stored keeps its own type.
extension PlistValue {
  /// Whether the Settings app takes the two values as one: integers, reals and booleans
  /// (as 0 and 1) by their numeric value; anything else only when equal.
  ///
  /// - Parameter other: The value to compare with.
  /// - Returns: Whether they are the same setting.
  func isSameSetting(as other: PlistValue) -> Bool {
    // Equal values first: NaN is NaN here, as CFNumber's comparison has it.
    if self == other { return true }
    guard let number = SettingsNumber(self), let otherNumber = SettingsNumber(other) else {
      return self == other
    }
    return number == otherNumber
  }

  /// Whether a toggle shows the value as on: on when it is the `TrueValue`, off when it is
  /// the `FalseValue`, else as `boolValue` reads it (a number not 0; a string such as `YES`,
  /// `true` or `1`), as InAppSettingsKit and the Settings app read a toggle's value. Nil for
  /// a value `boolValue` does not read (a date, data, an array, a dictionary).
  ///
  /// - Parameters:
  ///   - on: The toggle's `TrueValue`.
  ///   - off: The toggle's `FalseValue`.
  /// - Returns: Whether the switch is on, or nil.
  func toggleState(on: PlistValue, off: PlistValue) -> Bool? {
    if isSameSetting(as: on) { return true }
    if isSameSetting(as: off) { return false }
    switch self {
    case .boolean, .integer, .real, .string: return FoundationCoercion.bool(self)
    default: return nil
    }
  }
}

/// A number as the Settings app compares it: exactly, whether written as an integer, a real
/// or a boolean.
private enum SettingsNumber: Equatable {
  case integer(PlistInteger)
  case real(Double)

  init?(_ value: PlistValue) {
    switch value {
    case .integer(let integer): self = .integer(integer)
    case .boolean(let bool): self = .integer(PlistInteger(bool ? 1 : 0))
    // An integral real is the integer it names, exactly (not through a rounding Double).
    case .real(let real):
      if let whole = Int64(exactly: real) {
        self = .integer(PlistInteger(whole))
      } else if let whole = UInt64(exactly: real) {
        self = .integer(PlistInteger(whole))
      } else {
        self = .real(real)
      }
    default: return nil
    }
  }
}
