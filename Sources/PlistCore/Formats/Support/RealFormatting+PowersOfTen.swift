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
    guard let power = PowersOfTen.shared.power(k) else { return nil }
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

/// 10^k for k in −350…350, each as a 128-bit significand with its top bit set and a power of
/// two, truncated: the significand times 2^exponent is at most 10^k and within two units of
/// its last place. Made on first use by multiplying and dividing a 256-bit number by ten,
/// truncating each time; the 128 bits kept beyond the significand make the errors of 350
/// steps far smaller than one of its units.
final class PowersOfTen: Sendable {
  static let shared = PowersOfTen()
  static let range = -350...350

  private let significands: [UInt128]
  private let exponents: [Int]

  private init() {
    var significands = [UInt128](repeating: 0, count: Self.range.count)
    var exponents = [Int](repeating: 0, count: Self.range.count)
    for direction in [1, -1] {
      var number = WideNumber.one
      var k = 0
      while Self.range.contains(k) {
        significands[k - Self.range.lowerBound] = number.high
        exponents[k - Self.range.lowerBound] = number.exponent + 128
        if direction > 0 { number.multiplyByTen() } else { number.divideByTen() }
        k += direction
      }
    }
    self.significands = significands
    self.exponents = exponents
  }

  func power(_ k: Int) -> (significand: UInt128, exponent: Int)? {
    guard Self.range.contains(k) else { return nil }
    return (significands[k - Self.range.lowerBound], exponents[k - Self.range.lowerBound])
  }
}

/// A positive number as a 256-bit integer with its top bit set, times 2^exponent.
private struct WideNumber {
  var high: UInt128
  var low: UInt128
  var exponent: Int

  static let one = WideNumber(high: 1 << 127, low: 0, exponent: -255)

  /// Times ten, then shifted right (the lowest bits dropped) until it fits in 256 bits.
  mutating func multiplyByTen() {
    let mask: UInt128 = ~0 >> 64
    var limbs = [low & mask, low >> 64, high & mask, high >> 64]
    var carry: UInt128 = 0
    for i in 0..<4 {
      let product = limbs[i] * 10 + carry
      (limbs[i], carry) = (product & mask, product >> 64)
    }
    // The top bit was set, so the carry holds 3 or 4 bits: shift them back in.
    let shift = UInt128.bitWidth - carry.leadingZeroBitCount
    limbs.append(carry)
    for i in 0..<4 { limbs[i] = (limbs[i] >> shift | limbs[i + 1] << (64 - shift)) & mask }
    high = limbs[3] << 64 | limbs[2]
    low = limbs[1] << 64 | limbs[0]
    exponent += shift
  }

  /// Divided by ten, truncated, then shifted left until the top bit is set again.
  mutating func divideByTen() {
    var remainder: UInt128 = 0
    var limbs = [high >> 64, high & (~0 >> 64), low >> 64, low & (~0 >> 64)]
    for i in 0..<4 {
      let dividend = remainder << 64 | limbs[i]
      limbs[i] = dividend / 10
      remainder = dividend % 10
    }
    high = limbs[0] << 64 | limbs[1]
    low = limbs[2] << 64 | limbs[3]
    let shift = high.leadingZeroBitCount
    high = high << shift | low >> (128 - shift)
    low <<= shift
    exponent -= shift
  }
}
