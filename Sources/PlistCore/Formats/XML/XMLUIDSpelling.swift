/// How XML spells a UID: a dictionary whose only key is `CF$UID`, holding an integer.
///
/// CoreFoundation reads any number there as a UID and keeps 32 bits of it; PlistCore reads a
/// non-negative integer as a UID of all 64 bits (CF's truncation is plainly wrong). A negative
/// integer or a real there holds no UID, yet CF reads one, so reading such a dictionary as a
/// dictionary would disagree with CF: the reader refuses it, and the writers refuse to write
/// it.
enum XMLUIDSpelling {
  static let key = "CF$UID"

  /// Whether `value`, the only entry of a dictionary under `CF$UID`, makes CF read a UID that
  /// the value is not: a negative integer or a real.
  static func isMisreadByCF(_ value: PlistValue) -> Bool {
    switch value {
    case .integer(let n): return n.isNegative
    case .real: return true
    default: return false
    }
  }

  /// What such a value is, for messages: `a negative integer`, `a real`.
  static func described(_ value: PlistValue) -> String {
    if case .integer = value { return "a negative integer" }
    return value.type.withArticle
  }

  /// The error of a write that would leave an XML domain file whose only key is `CF$UID`,
  /// holding an integer: read back, its root would be a UID, which no read takes as a
  /// domain. (The writer itself writes such a dictionary, as CoreFoundation's does.)
  static let domainError = PlistEncodingError(
    format: .xml,
    reason: "a domain whose only key is CF$UID, holding an integer (it would read back as a "
      + "UID, not a dictionary)", path: "")

  /// The error of a writer asked for such a dictionary.
  static func writingError(_ value: PlistValue) -> PlistEncodingError {
    PlistEncodingError(
      format: .xml,
      reason: "a dictionary whose only key is CF$UID, holding \(described(value)) "
        + "(CoreFoundation would read a UID)", path: "")
  }
}
