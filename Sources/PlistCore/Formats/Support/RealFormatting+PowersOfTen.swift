/// The digits of reals far from 1 (below about 1e-10 or above 1e38 at 17 digits), where the
/// exact scaling of `RealFormatting+Integer` does not fit in 128 bits: the double times a
/// 128-bit power of ten from a table, a little below the true power. The product then falls
/// short of the exact scaled value by less than a known bound; when that bound leaves the
/// rounding in doubt (the dropped part that close to a half or a whole), the answer is nil and
/// the big-number path decides. Doubt needs some 60 bits of the product to match a half's, so
/// it hardly ever happens; and an exact half, which always leaves it in doubt, needs a real
/// with few digits, which none this far from 1 has. For 1e-300 this costs about a hundredth
/// of the big-number path.
extension RealFormatting {
  /// floor(m·2^e·10^k) for a significand `m` below 2^53 and whether rounding half to even
  /// takes it up; nil when `k` is outside the table or the bound leaves the rounding in doubt.
  static func approximatelyScaled(_ m: UInt64, _ e: Int, _ k: Int) -> (UInt128, Bool)? {
    guard let power = PowersOfTen.power(k) else { return nil }
    // 10^k = (P + d)·2^s with 0 ≤ d < 2, so m·2^e·10^k = (m·P + m·d)·2^(s+e): the product
    // m·P, 192 bits as `high`·2^64 + `low`, falls short of the exact value by less than 2m.
    let (upper, lower) = (power.significand >> 64, power.significand & (~0 >> 64))
    let byLower = UInt128(m) * lower
    let high = UInt128(m) * upper + (byLower >> 64)
    let low = UInt64(truncatingIfNeeded: byLower)
    // The quotient is the product shifted right by t = −(s + e) bits, 64 of them `low`'s.
    let shift = -(power.exponent + e) - 64
    guard shift >= 2, shift < 128 else { return nil }
    let quotient = high >> shift
    // The dropped part in units of 2^64: `rest`, plus `low` and the shortfall, which add less
    // than 2 more (low + 2m < 2^65).
    let rest = high & ((1 << shift) - 1)
    let half: UInt128 = 1 << (shift - 1)
    // Within 2 of a whole: the exact value may reach the next integer.
    guard rest < (1 << shift) - 2 else { return nil }
    if rest + 2 <= half { return (quotient, false) }
    if rest > half || (rest == half && low > 0) { return (quotient, true) }
    return nil
  }
}

/// 10^k for k in −350…350 as a 128-bit significand with its top bit set and a power of two,
/// truncated: the significand times 2^exponent is at most 10^k and within two units of its
/// last place. Made on demand from the 256-bit powers 10^(±2^i), each a product of 256-bit
/// numbers (at most nine), so no table is made: a `read` of one such real pays a few hundred
/// instructions, where a table of every power cost 150,000. The 128 bits kept beyond the
/// significand make the products' truncations far smaller than one of its units.
enum PowersOfTen {
  static let range = -350...350

  static func power(_ k: Int) -> (significand: UInt128, exponent: Int)? {
    guard range.contains(k) else { return nil }
    var result: WideNumber? = nil
    var bits = k.magnitude
    var index = 0
    while bits != 0 {
      if bits & 1 != 0 {
        let factor = (k > 0 ? positive : negative)[index]
        result = result.map { $0.times(factor) } ?? factor
      }
      bits >>= 1
      index += 1
    }
    let number = result ?? WideNumber(high: 1 << 127, low: 0, exponent: -255)
    return (number.high, number.exponent + 128)
  }

  /// 10^(2^i) and 10^(−2^i) for i in 0…8 (2^9 − 1 covers the range).
  private static let positive = squares(of: WideNumber(high: 10 << 124, low: 0, exponent: -252))
  /// 0.1 is 0.000110011…: its first 256 bits are all `1100`.
  private static let negative = squares(
    of: WideNumber(high: ~0 / 15 * 12, low: ~0 / 15 * 12, exponent: -259))

  private static func squares(of first: WideNumber) -> [WideNumber] {
    var squares = [first]
    while squares.count < 9 {
      squares.append(squares[squares.count - 1].times(squares[squares.count - 1]))
    }
    return squares
  }
}

/// A positive number as a 256-bit integer with its top bit set, times 2^exponent.
private struct WideNumber {
  var high: UInt128
  var low: UInt128
  var exponent: Int

  /// The product, its lower 256 bits dropped (shifted one more when its top bit is clear).
  func times(_ other: WideNumber) -> WideNumber {
    let (topHigh, topLow) = high.multipliedFullWidth(by: other.high)
    let (crossHigh, _) = high.multipliedFullWidth(by: other.low)
    let (otherCrossHigh, _) = low.multipliedFullWidth(by: other.high)
    // Bits 256 and up: the high halves' product plus the cross products' upper halves (the
    // lower halves and the low halves' product are dropped, with their carries: at most two
    // units of the result).
    var (middle, carry) = topLow.addingReportingOverflow(crossHigh)
    var upper = topHigh + (carry ? 1 : 0)
    (middle, carry) = middle.addingReportingOverflow(otherCrossHigh)
    upper += carry ? 1 : 0
    var exponent = exponent + other.exponent + 256
    if upper.leadingZeroBitCount == 1 {
      upper = upper << 1 | middle >> 127
      middle <<= 1
      exponent -= 1
    }
    return WideNumber(high: upper, low: middle, exponent: exponent)
  }
}
