/// The digits of reals far from 1 (below about 1e-10 or above 1e38 at 17 digits), where the
/// exact scaling of `RealFormatting+Integer` does not fit in 128 bits (and some nearer ones
/// at fewer digits): the double times a 128-bit power of ten, a little below the true power.
/// The product then falls short of the exact scaled value by less than a known bound; when
/// that bound leaves the rounding in doubt (the dropped part that close to a half or a
/// whole), the answer is nil and the big-number path decides. Doubt needs some 60 bits of the product to match a half's, so
/// it hardly ever happens; and an exact half, which always leaves it in doubt, needs a real
/// with few digits, which none this far from 1 has. For 1e-300 this costs about a twentieth
/// of the big-number path.
extension RealFormatting {
  /// floor(m·2^e·10^k) for a significand `m` below 2^53 and whether rounding half to even
  /// takes it up; nil when `k` is out of `PowersOfTen`'s range or the bound leaves the rounding
  /// in doubt.
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
/// last place. Each is the product of at most nine of the constants 10^(±2^i) below, so
/// nothing is made at run time but the products; the 128 bits they keep beyond the
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
        let factor = powerOfTwoPower(index, negative: k < 0)
        result = result.map { $0.times(factor) } ?? factor
      }
      bits >>= 1
      index += 1
    }
    let number = result ?? WideNumber(high: 1 << 127, low: 0, exponent: -255)
    return (number.high, number.exponent + 128)
  }

  /// 10^(2^i), or 10^(−2^i), for i in 0…8 (2^9 − 1 covers the range): its first 256 bits
  /// and the power of two they are scaled by. Constants, where arrays made on first use cost
  /// a `read` of one far real 15,000 instructions; python3's exact integers made them:
  /// `n >> (n.bit_length() - 256)` of 10^(2^i), and 2^s // 10^(2^i) for the s that gives
  /// 256 bits.
  private static func powerOfTwoPower(_ i: Int, negative: Bool) -> WideNumber {
    let (high, low, exponent): (UInt128, UInt128, Int) =
      switch (negative, i) {
      case (false, 0): (0xA000_0000_0000_0000_0000_0000_0000_0000, 0, -252)
      case (false, 1): (0xC800_0000_0000_0000_0000_0000_0000_0000, 0, -249)
      case (false, 2): (0x9C40_0000_0000_0000_0000_0000_0000_0000, 0, -242)
      case (false, 3): (0xBEBC_2000_0000_0000_0000_0000_0000_0000, 0, -229)
      case (false, 4): (0x8E1B_C9BF_0400_0000_0000_0000_0000_0000, 0, -202)
      case (false, 5): (0x9DC5_ADA8_2B70_B59D_F020_0000_0000_0000, 0, -149)
      case (false, 6):
        (0xC278_1F49_FFCF_A6D5_3CBF_6B71_C76B_25FB, 0x50F8_0800_0000_0000_0000_0000_0000_0000, -43)
      case (false, 7):
        (0x93BA_47C9_80E9_8CDF_C66F_336C_36B1_0137, 0x0234_F3FD_7B08_DD39_0BC3_C54E_3F40_F7E6, 170)
      case (false, 8):
        (0xAA7E_EBFB_9DF9_DE8D_DDBB_901B_98FE_EAB7, 0x851E_4CBF_3DE2_F98A_AE78_0C7F_EA81_C788, 595)
      case (true, 0):
        (0xCCCC_CCCC_CCCC_CCCC_CCCC_CCCC_CCCC_CCCC, 0xCCCC_CCCC_CCCC_CCCC_CCCC_CCCC_CCCC_CCCC, -259)
      case (true, 1):
        (0xA3D7_0A3D_70A3_D70A_3D70_A3D7_0A3D_70A3, 0xD70A_3D70_A3D7_0A3D_70A3_D70A_3D70_A3D7, -262)
      case (true, 2):
        (0xD1B7_1758_E219_652B_D3C3_6113_404E_A4A8, 0xC154_C985_F06F_6944_6738_1D7D_BF48_7FCB, -269)
      case (true, 3):
        (0xABCC_7711_8461_CEFC_FDC2_0D2B_36BA_7C3D, 0x3D4D_3D75_8161_697C_7068_F3B4_6D2F_8350, -282)
      case (true, 4):
        (0xE695_94BE_C44D_E15B_4C2E_BE68_7989_A9B3, 0xBF71_6C1A_DD27_F085_23CC_D348_4DB6_70AA, -309)
      case (true, 5):
        (0xCFB1_1EAD_4539_94BA_67DE_18ED_A581_4AF2, 0x0B5B_1AA0_28CC_D99E_59E3_38E3_87AD_8E28, -362)
      case (true, 6):
        (0xA87F_EA27_A539_E9A5_3F23_98D7_47B3_6224, 0x2A1F_EE40_D90A_AB31_0E12_8B5D_938C_FB3F, -468)
      case (true, 7):
        (0xDDD0_467C_64BC_E4A0_AC7C_B3F6_D05D_DBDE, 0xE26C_A606_3461_FFFA_4ED7_75FC_49F2_7952, -681)
      case (true, 8):
        (
          0xC031_4325_637A_1939_FA91_1155_FEFB_5308, 0xA23E_2ED2_7766_E8CC_9B03_5377_08B1_648F,
          -1106
        )
      default: preconditionFailure("10^(2^\(i)) is beyond the range")
      }
    return WideNumber(high: high, low: low, exponent: exponent)
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
    // lower halves and the low halves' product are dropped, with their carries: less than
    // three units of the result).
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
