/// How XML spells a UID: a dictionary whose only key is `CF$UID`, holding an integer.
///
/// CoreFoundation reads any number there as a UID and keeps 32 bits of it; PlistCore reads a
/// non-negative integer as a UID of all 64 bits (CF's truncation is plainly wrong). A negative
/// integer or a real there holds no UID, yet CF reads one, so reading such a dictionary as a
/// dictionary would disagree with CF: the reader refuses it, and the writers refuse to write
/// it.
enum XMLUIDSpelling {
  /// The key, as the writers write it and the readers compare it.
  static let spelling: StaticString = "CF$UID"
  static let key = "\(spelling)"
  /// The key's element as the writers write it.
  private static let element: StaticString = "<key>CF$UID</key>"

  /// What CF reads a dictionary whose only key is `CF$UID` as, by that key's value.
  enum Reading: Equatable {
    /// A UID: the value is a non-negative integer.
    case uid(UInt64)
    /// A UID that the value is not: a negative integer or a real, named for messages.
    case misread(String)
    /// The dictionary it is: any other value.
    case dictionary
  }

  /// The rule: only a number makes CF read a UID, and only a non-negative integer is one.
  static func reading(_ value: PlistValue) -> Reading {
    switch value {
    case .integer(let n): return n.uint64Value.map(Reading.uid) ?? .misread("a negative integer")
    case .real: return .misread("a real")
    default: return .dictionary
    }
  }

  /// Whether `utf8`, a key's text, is `CF$UID`.
  @inline(__always)
  static func isKey(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    spelling.withUTF8Buffer { Platform.bytesEqual($0, utf8) }
  }

  /// Whether `bytes` are exactly the element `<key>CF$UID</key>`.
  @inline(__always)
  static func isKeyElement(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    element.withUTF8Buffer { Platform.bytesEqual($0, bytes) }
  }

  /// The error of a write that would leave an XML domain file whose only key is `CF$UID`,
  /// holding a number: read back, its root would be a UID (or refused, as CF would read a
  /// UID), which no read takes as a domain. (The writer itself writes such a dictionary when it
  /// holds a UID, as CoreFoundation's does.)
  static let domainError = PlistEncodingError(
    format: .xml,
    reason: "a domain whose only key is CF$UID, holding a number (CoreFoundation would read "
      + "the file as a UID, not a dictionary)", path: "")

  /// The error of a writer asked for a dictionary whose only key is `CF$UID`, holding
  /// `value`, when CF would read it as a UID that the value is not; nil when it reads it
  /// as the dictionary it is.
  static func writingError(_ value: PlistValue) -> PlistEncodingError? {
    guard case .misread(let what) = reading(value) else { return nil }
    return PlistEncodingError(
      format: .xml,
      reason: "a dictionary whose only key is CF$UID, holding \(what) "
        + "(CoreFoundation would read a UID)", path: "")
  }
}
