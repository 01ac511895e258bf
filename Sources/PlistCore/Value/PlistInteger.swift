/// A plist integer: any value from −2^63 to 2^64−1, the range the binary and XML formats hold.
///
/// Values up to `Int64.max` are kept as `Int64`; larger positive values (which binary plists
/// store as 16-byte integers) as `UInt64`. The representation is canonical, so `==` is exact.
public struct PlistInteger: Sendable, Hashable {
  /// The two's-complement bit pattern of the value (for values above `Int64.max`, the value).
  public let bitPattern: UInt64
  /// Whether the value is negative, that is below zero.
  public let isNegative: Bool

  /// Creates an integer from a signed value.
  ///
  /// - Parameter value: The value.
  public init(_ value: Int64) {
    bitPattern = UInt64(bitPattern: value)
    isNegative = value < 0
  }

  /// Creates an integer from a platform `Int`.
  ///
  /// - Parameter value: The value.
  public init(_ value: Int) { self.init(Int64(value)) }

  /// Creates an integer from an unsigned value (which may exceed `Int64.max`).
  ///
  /// - Parameter value: The value.
  public init(_ value: UInt64) {
    bitPattern = value
    isNegative = false
  }

  /// The absolute value.
  public var magnitude: UInt64 {
    isNegative ? Int64(bitPattern: bitPattern).magnitude : bitPattern
  }

  /// The value as `Int64`, or nil when it is above `Int64.max`.
  public var int64Value: Int64? {
    if isNegative || bitPattern <= UInt64(Int64.max) { return Int64(bitPattern: bitPattern) }
    return nil
  }

  /// The value as `UInt64`, or nil when it is negative.
  public var uint64Value: UInt64? { isNegative ? nil : bitPattern }

  /// The value as a `Double` (rounded when beyond 2^53).
  public var doubleValue: Double {
    isNegative ? Double(Int64(bitPattern: bitPattern)) : Double(bitPattern)
  }

  /// Parses decimal digits with an optional sign, or nil when the text is not an integer in range.
  ///
  /// - Parameter text: ASCII text such as `-42` or `18446744073709551615`.
  public init?(decimal text: some StringProtocol) {
    var digits = Substring(text).utf8[...]
    var negative = false
    if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      negative = first == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard let magnitude = PlistInteger.magnitude(digits: digits, radix: 10) else { return nil }
    guard let value = PlistInteger(negative: negative, magnitude: magnitude) else { return nil }
    self = value
  }

  /// Combines a sign and a magnitude, or nil when the result is outside −2^63 … 2^64−1.
  ///
  /// - Parameters:
  ///   - negative: Whether a minus sign was given.
  ///   - magnitude: The absolute value.
  public init?(negative: Bool, magnitude: UInt64) {
    if !negative || magnitude == 0 {
      self.init(magnitude)
    } else if magnitude <= UInt64(Int64.max) + 1 {
      self.init(Int64(bitPattern: 0 &- magnitude))
    } else {
      return nil
    }
  }

  /// Accumulates ASCII digits in a radix, or nil on an empty input, a bad digit or overflow.
  static func magnitude(digits: some Collection<UInt8>, radix: UInt64) -> UInt64? {
    guard !digits.isEmpty else { return nil }
    var result: UInt64 = 0
    for byte in digits {
      guard let digit = digitValue(byte), UInt64(digit) < radix else { return nil }
      let (shifted, o1) = result.multipliedReportingOverflow(by: radix)
      let (sum, o2) = shifted.addingReportingOverflow(UInt64(digit))
      if o1 || o2 { return nil }
      result = sum
    }
    return result
  }

  /// The value of an ASCII digit in bases up to 36 (`0`–`9`, then letters in either case).
  @inline(__always)
  private static func digitValue(_ byte: UInt8) -> UInt8? {
    if byte &- 0x30 < 10 { return byte - 0x30 }
    let lower = byte | 0x20
    if lower &- 0x61 < 26 { return lower - 0x61 + 10 }
    return nil
  }
}

extension PlistInteger: CustomStringConvertible {
  /// The value in decimal, with a leading `-` when negative.
  public var description: String {
    isNegative ? String(Int64(bitPattern: bitPattern)) : String(bitPattern)
  }
}

extension PlistInteger: ExpressibleByIntegerLiteral {
  /// Creates an integer from a literal.
  ///
  /// - Parameter value: The literal.
  public init(integerLiteral value: Int64) { self.init(value) }
}
