/// Decimal text to `Double`, correctly rounded, quickly when the text allows it.
///
/// Clinger's fast path: when the digits, read as an integer, are at most 2^53 and the power of
/// ten is at most 10^22, both are exact doubles and one IEEE multiplication or division rounds
/// correctly. Longer mantissas with moderate exponents are read on 128-bit integers
/// (`DecimalReal+Wide.swift`). Everything else (more than 19 digits, large exponents, anything
/// unusual) goes to the standard library's parser, which is exact but slower.
enum DecimalReal {
  /// `[+-]digits[.digits][(e|E)[+-]digits]` (with digits on at least one side of the point)
  /// to the nearest double; nil when the text is not a number in that form.
  static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    fastPath(text) ?? Double(String(decoding: text, as: UTF8.self))
  }

  /// Whether the text is `[+-]digits[.digits][(e|E)[+-]digits]` (digits on at least one
  /// side of the point), which `parse` always reads (overflowing to infinity): what the
  /// one-key look-up and `find` check of a `<real>` they do not need the value of.
  ///
  /// - Parameter text: The text, not trimmed.
  /// - Returns: Whether it is a decimal real in that form.
  static func isWellFormed(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let n = text.count
    var i = 0
    if i < n && (text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+")) { i += 1 }
    var digits = 0
    while i < n && ASCII.isDigit(text[i]) { (i, digits) = (i + 1, digits + 1) }
    if i < n && text[i] == UInt8(ascii: ".") {
      i += 1
      while i < n && ASCII.isDigit(text[i]) { (i, digits) = (i + 1, digits + 1) }
    }
    guard digits > 0 else { return false }
    if i < n && text[i] | 0x20 == UInt8(ascii: "e") {
      i += 1
      if i < n && (text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+")) { i += 1 }
      let exponentStart = i
      while i < n && ASCII.isDigit(text[i]) { i += 1 }
      guard i > exponentStart else { return false }
    }
    return i == n
  }

  /// The bytes a decimal real may contain: digits, `.`, `+`, `-`, `e` and `E`. Callers check
  /// text with it before `parse`, so that the standard library's parser never sees hex
  /// floats or words such as `nan`.
  ///
  /// - Parameter b: A byte.
  /// - Returns: Whether it may appear in a decimal real.
  static func isRealByte(_ b: UInt8) -> Bool {
    ASCII.isDigit(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
      || b | 0x20 == UInt8(ascii: "e")
  }

  private static let powersOfTen: [Double] = (0...22).map { exponent in
    var power = 1.0
    for _ in 0..<exponent { power *= 10 }  // exact: 10^22 < 2^53 · 2^22
    return power
  }

  private static func fastPath(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    var i = 0
    let negative = i < text.count && text[i] == UInt8(ascii: "-")
    if i < text.count && (text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+")) { i += 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    var sawPoint = false
    while i < text.count {
      let b = text[i]
      if ASCII.isDigit(b) {
        // 19 digits always fit; longer mantissas are the slow path's.
        if mantissa != 0 || b != UInt8(ascii: "0") {
          guard mantissa < 1_000_000_000_000_000_000 else { return nil }
        }
        mantissa = mantissa * 10 + UInt64(b - UInt8(ascii: "0"))
        digits += 1
        if sawPoint { exponent -= 1 }
      } else if b == UInt8(ascii: "."), !sawPoint {
        sawPoint = true
      } else {
        break
      }
      i += 1
    }
    guard digits > 0 else { return nil }
    if i < text.count {
      guard text[i] | 0x20 == UInt8(ascii: "e") else { return nil }
      i += 1
      var exponentNegative = false
      if i < text.count && (text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+")) {
        exponentNegative = text[i] == UInt8(ascii: "-")
        i += 1
      }
      var written = 0
      let start = i
      while i < text.count, ASCII.isDigit(text[i]), written < 1000 {
        written = written * 10 + Int(text[i] - UInt8(ascii: "0"))
        i += 1
      }
      guard i > start, i == text.count else { return nil }
      exponent += exponentNegative ? -written : written
    }
    let magnitude: Double
    if mantissa == 0 {
      magnitude = 0
    } else if mantissa <= 1 << 53, (-22...22).contains(exponent) {
      let power = powersOfTen[abs(exponent)]
      magnitude = exponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
    } else {
      guard let wide = wide(mantissa, exponent) else { return nil }
      magnitude = wide
    }
    return negative ? -magnitude : magnitude
  }
}
