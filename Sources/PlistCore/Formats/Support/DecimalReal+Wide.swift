/// Decimal mantissas beyond 2^53 (16 to 19 digits, as `%.17g` prints most doubles), read
/// exactly on 128-bit integers instead of by the standard library's parser (which needs a
/// `String` and took ten times as long): m·10^−k is (m·2^s / 5^k)·2^(−s−k), whose quotient has
/// more than 64 bits, and the remainder tells whether anything was cut off.
extension DecimalReal {
  /// `mantissa`·10^`exponent` correctly rounded (to nearest, ties to even), for exponents
  /// in −27…19; nil outside them.
  static func wide(_ mantissa: UInt64, _ exponent: Int) -> Double? {
    guard mantissa != 0, (-27...19).contains(exponent) else { return nil }
    if exponent >= 0 {
      // Below 2^64 · 10^19 < 2^128: exact.
      var product = UInt128(mantissa)
      for _ in 0..<exponent { product *= 10 }
      return rounded(product, timesTwoToThe: 0, sticky: false)
    }
    let k = -exponent
    let shift = UInt128(mantissa).leadingZeroBitCount
    let (quotient, remainder) = (UInt128(mantissa) << shift).quotientAndRemainder(
      dividingBy: UInt128(powersOfFive[k]))
    return rounded(quotient, timesTwoToThe: -shift - k, sticky: remainder != 0)
  }

  /// 5^0 … 5^27, all below 2^63.
  private static let powersOfFive: [UInt64] = (0...27).map { exponent in
    var power: UInt64 = 1
    for _ in 0..<exponent { power *= 5 }
    return power
  }

  /// `value`·2^`exponent` rounded to 53 bits; `sticky` says that `value` was cut short (the
  /// exact number is a little more). Only for results in the normal range.
  private static func rounded(_ value: UInt128, timesTwoToThe exponent: Int, sticky: Bool)
    -> Double
  {
    let bits = UInt128.bitWidth - value.leadingZeroBitCount
    guard bits > 53 else {
      // Exact (only products get here: quotients have more than 64 bits).
      return Double(sign: .plus, exponent: exponent, significand: Double(UInt64(value)))
    }
    let cut = bits - 53
    var significand = UInt64(value >> cut)
    let rest = value & ((1 << cut) - 1)
    let half: UInt128 = 1 << (cut - 1)
    if rest > half || (rest == half && (sticky || significand & 1 == 1)) { significand += 1 }
    return Double(sign: .plus, exponent: exponent + cut, significand: Double(significand))
  }
}
