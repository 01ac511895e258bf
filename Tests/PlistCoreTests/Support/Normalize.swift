import PlistCore

/// What a format is documented to lose, applied to a value, so that round trips can be
/// compared exactly.
enum Normalize {
  /// XML keeps whole seconds of dates and writes −0.0 as 0.0.
  static func forXML(_ value: PlistValue) -> PlistValue {
    map(value) { scalar in
      switch scalar {
      case .date(let d):
        return .date(
          PlistDate(secondsSinceReferenceDate: d.secondsSinceReferenceDate.rounded(.down)))
      case .real(let r) where r == 0: return .real(0)
      default: return scalar
      }
    }
  }

  static func map(_ value: PlistValue, _ transform: (PlistValue) -> PlistValue) -> PlistValue {
    switch value {
    case .array(let items): return .array(items.map { map($0, transform) })
    case .dictionary(let dict): return .dictionary(dict.mapValues { map($0, transform) })
    default: return transform(value)
    }
  }
}
