/// How Foundation's `UserDefaults` on Linux turns a stored value into the type a getter asks
/// for (`integer(forKey:)` of `"12abc"` is 12, `bool(forKey:)` of `"YES"` is true, …),
/// reproduced rule for rule from swift-corelibs-foundation (UserDefaults.swift, NSNumber,
/// NSString's `integerValue`/`doubleValue`/`boolValue` and the Scanner under them) and
/// checked against Foundation itself by the tests.
enum FoundationCoercion {
  /// A stored value as Foundation hands it to the getters: its NSNumbers unboxed to the
  /// Swift type that `_swiftValueOfOptimalType` picks. That choice decides the casts: an
  /// integer of exactly `Int64.max` is an `Int64`, one above it a `UInt64`, and neither is
  /// an `Int`, so `integer(forKey:)` gives 0 for both.
  enum Unboxed {
    case int(Int)
    case otherInteger
    case double(Double)
    case bool(Bool)
    case string(String)
    case other
  }

  static func unbox(_ value: PlistValue) -> Unboxed {
    switch value {
    case .integer(let integer):
      if let signed = integer.int64Value, signed < Int64.max { return .int(Int(signed)) }
      return .otherInteger
    case .real(let real): return .double(real)
    case .boolean(let bool): return .bool(bool)
    case .string(let string): return .string(string)
    default: return .other
    }
  }

  static func string(_ value: PlistValue) -> String? {
    switch unbox(value) {
    case .string(let string): return string
    case .bool(let bool): return bool ? "1" : "0"
    case .int(let int): return String(int)
    case .double(let double): return double.description
    case .otherInteger, .other: return nil
    }
  }

  static func integer(_ value: PlistValue) -> Int {
    switch unbox(value) {
    case .int(let int): return int
    case .bool(let bool): return bool ? 1 : 0
    case .double(let double): return truncatingToInt(double)
    case .string(let string): return FoundationText.integerValue(string)
    case .otherInteger, .other: return 0
    }
  }

  static func double(_ value: PlistValue) -> Double {
    switch unbox(value) {
    case .double(let double): return double
    case .bool(let bool): return bool ? 1 : 0
    case .int(let int): return Double(int)
    case .string(let string): return FoundationText.doubleValue(string)
    case .otherInteger, .other: return 0
    }
  }

  static func float(_ value: PlistValue) -> Float {
    switch unbox(value) {
    case .bool(let bool): return bool ? 1 : 0
    case .int(let int): return Float(int)
    case .double(let double): return Float(double)
    case .string(let string): return FoundationText.floatValue(string)
    case .otherInteger, .other: return 0
    }
  }

  static func bool(_ value: PlistValue) -> Bool {
    switch unbox(value) {
    case .bool(let bool): return bool
    case .int(let int): return int != 0
    case .double(let double): return double != 0
    case .string(let string): return FoundationText.boolValue(string)
    case .otherInteger, .other: return false
    }
  }

  /// `NSNumber(value: double).intValue`: CoreFoundation converts with a C cast, which on
  /// this hardware truncates toward zero and gives `Int.min` for NaN and for values out of
  /// range.
  static func truncatingToInt(_ double: Double) -> Int {
    guard double.isFinite, double > -9.223_372_036_854_775_808e18,
      double < 9.223_372_036_854_775_808e18
    else { return Int.min }
    return Int(double.rounded(.towardZero))
  }
}

/// NSString's number and truth readings (`integerValue`, `doubleValue`, `floatValue`,
/// `boolValue`) and its white space, over UTF-16 code units as Foundation scans them.
enum FoundationText {
  /// `CharacterSet.whitespaces`: tab and the Unicode space separators.
  static func isWhitespace(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return true
    default: return false
    }
  }

  /// `CharacterSet.newlines`.
  static func isNewline(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }

  static func isWhitespaceOrNewline(_ unit: UInt16) -> Bool {
    isWhitespace(unit) || isNewline(unit)
  }

  /// `trimmingCharacters(in: .whitespacesAndNewlines)`.
  static func trimmingWhitespaceAndNewlines(_ text: String) -> String {
    let units = Array(text.utf16)
    var start = 0
    var end = units.count
    while start < end && isWhitespaceOrNewline(units[start]) { start += 1 }
    while end > start && isWhitespaceOrNewline(units[end - 1]) { end -= 1 }
    if start == 0 && end == units.count { return text }
    return String(decoding: units[start..<end], as: UTF16.self)
  }

  /// A cursor over the code units, as Foundation's scanner buffer reads them.
  private struct Cursor {
    let units: [UInt16]
    var index = 0

    init(_ text: String) { units = Array(text.utf16) }

    var current: UInt16? { index < units.count ? units[index] : nil }

    mutating func skip(while matches: (UInt16) -> Bool) {
      while let unit = current, matches(unit) { index += 1 }
    }

    /// An optional sign, with the skip set skipped before and after it; true for `-`.
    mutating func negativeSign(skipping matches: ((UInt16) -> Bool)?) -> Bool {
      if let matches { skip(while: matches) }
      guard let unit = current, unit == 0x2D || unit == 0x2B else { return false }
      index += 1
      if let matches { skip(while: matches) }
      return unit == 0x2D
    }

    var digit: Int? {
      guard let unit = current, unit >= 0x30, unit <= 0x39 else { return nil }
      return Int(unit - 0x30)
    }
  }

  /// `NSString.integerValue`: white space and newlines skipped, an optional sign, the
  /// leading digits; clamped to `Int.min`/`Int.max` on overflow; 0 when there are none.
  static func integerValue(_ text: String) -> Int {
    var cursor = Cursor(text)
    var negative = cursor.negativeSign(skipping: isWhitespaceOrNewline)
    var result = 0
    while let digit = cursor.digit {
      // Foundation's overflow test, kept as written (it clamps one step early for
      // negative numbers ending in 0).
      if result >= Int.max / 10
        && (result > Int.max / 10 || digit - (negative ? 1 : 0) >= Int.max - result * 10)
      {
        result = negative ? Int.min : Int.max
        negative = false
        break
      }
      result = result * 10 + digit
      cursor.index += 1
    }
    return negative ? -result : result
  }

  /// The text of a decimal number at the start, as Foundation's scanner gathers it (white
  /// space — not newlines — skipped, sign, digits, `.`, digits, an exponent that must have
  /// digits), or nil when there is none.
  private static func leadingDecimal(_ text: String) -> String? {
    var cursor = Cursor(text)
    var number = cursor.negativeSign(skipping: isWhitespace) ? "-" : ""
    var hasDigits = false
    while let digit = cursor.digit {
      hasDigits = true
      number += String(digit)
      cursor.index += 1
    }
    if cursor.current == 0x2E {
      number += "."
      cursor.index += 1
      while let digit = cursor.digit {
        hasDigits = true
        number += String(digit)
        cursor.index += 1
      }
    }
    guard hasDigits else { return nil }
    if cursor.current == 0x65 || cursor.current == 0x45 {
      number += "e"
      cursor.index += 1
      if cursor.negativeSign(skipping: nil) { number += "-" }
      var exponentDigits = false
      while let digit = cursor.digit {
        exponentDigits = true
        number += String(digit)
        cursor.index += 1
      }
      guard exponentDigits else { return nil }
    }
    return number
  }

  /// `NSString.doubleValue`: the leading decimal number, or 0.
  static func doubleValue(_ text: String) -> Double {
    leadingDecimal(text).flatMap { Double($0) } ?? 0
  }

  /// `NSString.floatValue`: the leading decimal number as a `Float`, or 0.
  static func floatValue(_ text: String) -> Float {
    leadingDecimal(text).flatMap { Float($0) } ?? 0
  }

  /// `NSString.boolValue`: true when, after white space, the text starts with `t T y Y`,
  /// or with an optional sign and zeros followed by a digit 1–9.
  static func boolValue(_ text: String) -> Bool {
    var cursor = Cursor(text)
    cursor.skip(while: isWhitespaceOrNewline)
    if let unit = cursor.current, unit == 0x74 || unit == 0x54 || unit == 0x79 || unit == 0x59 {
      return true
    }
    if cursor.current == 0x2B || cursor.current == 0x2D { cursor.index += 1 }
    cursor.skip(while: isWhitespaceOrNewline)
    cursor.skip { $0 == 0x30 }
    cursor.skip(while: isWhitespaceOrNewline)
    guard let unit = cursor.current else { return false }
    return unit >= 0x31 && unit <= 0x39
  }
}
