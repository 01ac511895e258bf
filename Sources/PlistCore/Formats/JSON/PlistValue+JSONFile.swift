extension PlistValue {
  /// Whether a JSON file holds this value as it is: an array or a dictionary at the top, and
  /// nowhere a date, data, a UID or a real that is not finite (JSON has no type for them, and
  /// the writer would turn them into strings). plutil refuses to write JSON otherwise, and
  /// PlistBuddy's mode to save a JSON file.
  package var fitsJSONFile: Bool {
    guard type == .array || type == .dictionary else { return false }
    return fitsJSON
  }

  private var fitsJSON: Bool {
    switch self {
    case .date, .data, .uid: return false
    case .real(let real): return real.isFinite
    case .array(let items): return items.allSatisfy(\.fitsJSON)
    case .dictionary(let dictionary): return dictionary.values.allSatisfy(\.fitsJSON)
    default: return true
    }
  }
}
