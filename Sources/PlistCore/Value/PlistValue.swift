/// A property-list value: the common model behind every format PlistCore reads and writes.
///
/// Dictionaries keep their keys in CoreFoundation's order (UTF-16 code units; see
/// `PlistDictionary`), so output never depends on hashing. Two reals (or two dates) are equal
/// when their bit patterns are equal or both are NaN, so that a round trip can be checked exactly.
public enum PlistValue: Sendable {
  /// Any Unicode text.
  case string(String)
  /// An integer in −2^63 … 2^64−1.
  case integer(PlistInteger)
  /// An IEEE 754 double (a binary float32 is widened on reading).
  case real(Double)
  /// `true` or `false`.
  case boolean(Bool)
  /// A point in time, as seconds since 2001-01-01T00:00:00Z.
  case date(PlistDate)
  /// Raw bytes.
  case data(PlistData)
  /// An ordered list of values.
  case array([PlistValue])
  /// String keys to values.
  case dictionary(PlistDictionary)
  /// An NSKeyedArchiver object reference (binary `0x8n`, XML `CF$UID` dictionaries).
  case uid(UInt64)
}

// MARK: - Equality

extension PlistValue: Equatable {
  /// Compares two values; reals and dates compare by bit pattern, and NaN equals NaN.
  ///
  /// - Parameters:
  ///   - lhs: A value.
  ///   - rhs: Another value.
  /// - Returns: Whether the two are the same value.
  public static func == (lhs: PlistValue, rhs: PlistValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): return a.hasSameUTF8(as: b)
    case (.integer(let a), .integer(let b)): return a == b
    case (.real(let a), .real(let b)): return sameDouble(a, b)
    case (.boolean(let a), .boolean(let b)): return a == b
    case (.date(let a), .date(let b)): return a == b
    case (.data(let a), .data(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.dictionary(let a), .dictionary(let b)): return a == b
    case (.uid(let a), .uid(let b)): return a == b
    default: return false
    }
  }

  /// Equal bit patterns, or both NaN (so `0.0` and `-0.0` differ, and NaN equals NaN).
  static func sameDouble(_ a: Double, _ b: Double) -> Bool {
    a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
  }
}

extension PlistValue: Hashable {
  /// Feeds the value into a hasher, consistently with `==`.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let s):
      hasher.combine(0)
      var copy = s
      copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    case .integer(let i):
      hasher.combine(1)
      hasher.combine(i)
    case .real(let r):
      hasher.combine(2)
      hasher.combine(r.isNaN ? 0 : r.bitPattern)
    case .boolean(let b):
      hasher.combine(3)
      hasher.combine(b)
    case .date(let d):
      hasher.combine(4)
      hasher.combine(d)
    case .data(let d):
      hasher.combine(5)
      hasher.combine(d)
    case .array(let a):
      hasher.combine(6)
      hasher.combine(a)
    case .dictionary(let d):
      hasher.combine(7)
      hasher.combine(d)
    case .uid(let u):
      hasher.combine(8)
      hasher.combine(u)
    }
  }
}
