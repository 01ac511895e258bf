/// The common case of `RealFormatting.append` on 128-bit integers: a double is m·2^e, so
/// its value scaled by 10^k is m·5^k·2^(k+e), whose integer part and remainder a shift
/// gives exactly — the same correctly rounded digits as the big-number path, at a tenth of
/// the cost, for the decimal exponents that fit (about −10 to 38 at 17 digits). Beyond them,
/// approximate powers of ten nearly always decide (`RealFormatting+PowersOfTen`).
extension RealFormatting {
  /// The `precision` significant digits of a positive normal double, rounded half to even on
  /// its exact value, and the decimal exponent of the first; nil when neither the exact
  /// scaling nor the approximate one decides (the big-number path then does).
  static func roundedDigits(_ value: Double, precision: Int) -> (digits: UInt64, exponent: Int)? {
    guard value.isNormal, value > 0, (1...19).contains(precision) else { return nil }
    let significand = UInt128(value.significandBitPattern | 1 << 52)
    let binaryExponent = Int(value.exponentBitPattern) - 1075
    let lowest = power(of: 10, precision - 1)
    let limit = lowest * 10
    // floor(log10(value)) is this or one more: value lies in [2^x, 2^(x+1)).
    var exponent = Int((Double(value.exponent) * 0.301_029_995_663_981_2).rounded(.down))
    for _ in 0..<3 {
      let k = precision - 1 - exponent
      guard
        let (quotient, roundUp) = scaled(significand, binaryExponent, k)
          ?? approximatelyScaled(UInt64(significand), binaryExponent, k)
      else { return nil }
      if quotient >= limit {
        exponent += 1
      } else if quotient < lowest {
        exponent -= 1
      } else {
        let rounded = quotient + (roundUp ? 1 : 0)
        if rounded == limit { return (UInt64(lowest), exponent + 1) }
        return (UInt64(rounded), exponent)
      }
    }
    return nil
  }

  /// floor(m·2^e·10^k), and whether rounding half to even takes it up; nil when out of reach.
  private static func scaled(_ m: UInt128, _ e: Int, _ k: Int) -> (UInt128, Bool)? {
    if k >= 0 {
      guard k <= 27 else { return nil }  // 5^27 < 2^63, so m·5^k < 2^116
      let n = m * power(of: 5, k)
      let shift = k + e
      if shift >= 0 {
        guard shift < n.leadingZeroBitCount else { return nil }
        return (n << shift, false)
      }
      guard shift > -128 else { return nil }
      let quotient = n >> -shift
      let remainder = n & ((1 << -shift) - 1)
      let half: UInt128 = 1 << (-shift - 1)
      return (quotient, remainder > half || (remainder == half && quotient & 1 == 1))
    }
    // Large values: m·2^e is an integer, divided by 10^−k.
    guard e >= 0, e < m.leadingZeroBitCount, -k <= 38 else { return nil }
    let n = m << e
    let divisor = power(of: 10, -k)
    let (quotient, remainder) = n.quotientAndRemainder(dividingBy: divisor)
    let twice = remainder << 1
    return (quotient, twice > divisor || (twice == divisor && quotient & 1 == 1))
  }

  private static func power(of base: UInt128, _ exponent: Int) -> UInt128 {
    var result: UInt128 = 1
    for _ in 0..<exponent { result *= base }
    return result
  }
}
