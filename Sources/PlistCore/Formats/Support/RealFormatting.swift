/// printf's `%.<precision>g` for doubles, computed exactly in Swift: CF's XML writer uses
/// `%.17g` and `defaults read` `%.16g`. Calling `vsnprintf` from Swift goes through
/// `withVaList`, whose dynamic casts cost more than the formatting itself; this does the same
/// arithmetic — the double's exact decimal expansion, rounded half to even — on a big integer
/// in stack buffers, with no allocation. Tests compare it with libc's printf.
enum RealFormatting {
  /// Appends `%.<precision>g` of `value` (`nan`, `inf` and `-inf` as glibc spells them).
  static func append(_ value: Double, precision: Int, to out: ByteOutput) {
    if value.sign == .minus && !value.isNaN { out.append(UInt8(ascii: "-")) }
    if value.isNaN { return out.append("nan") }
    if value.isInfinite { return out.append("inf") }
    if value == 0 { return out.append(UInt8(ascii: "0")) }
    let precision = max(precision, 1)
    if let (rounded, exponent) = roundedDigits(value.magnitude, precision: precision) {
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: precision) { digits in
        var rest = rounded
        for i in stride(from: precision - 1, through: 0, by: -1) {
          digits[i] = UInt8(rest % 10)
          rest /= 10
        }
        layout(UnsafeBufferPointer(digits), exponent, precision, out)
      }
    }
    // Limbs: 2^1074·5^1074 needs about 80 32-bit words; digits: at most 767 of them.
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 96) { limbs in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 800) { digits in
        var number = BigNumber(limbs: limbs)
        let loaded = number.load(value.magnitude, leadingDigits: precision + 3)
        var count = number.decimalDigits(into: digits)
        var exponent = count - 1 - loaded.fractionDigits
        // Digits dropped that were not all zeros: one nonzero digit stands for them, which
        // rounding half to even needs to know (and nothing else).
        if loaded.droppedNonZero {
          digits[count] = 1
          count += 1
        }
        round(digits, &count, &exponent, to: precision)
        layout(UnsafeBufferPointer(rebasing: digits[..<count]), exponent, precision, out)
      }
    }
  }

  /// `%.<precision>g` as bytes.
  static func format(_ value: Double, precision: Int) -> [UInt8] {
    let out = ByteOutput()
    append(value, precision: precision, to: out)
    return out.finish()
  }

  /// Rounds the digits to `precision` significant ones, half to even (the exact value is
  /// known, so this is correct rounding, as glibc does it).
  private static func round(
    _ digits: UnsafeMutableBufferPointer<UInt8>, _ count: inout Int, _ exponent: inout Int,
    to precision: Int
  ) {
    guard count > precision else { return }
    let next = digits[precision]
    var tailNonZero = false
    for i in (precision + 1)..<count where digits[i] != 0 {
      tailNonZero = true
      break
    }
    let roundUp = next > 5 || (next == 5 && (tailNonZero || digits[precision - 1] % 2 == 1))
    count = precision
    guard roundUp else { return }
    var i = precision - 1
    while i >= 0 && digits[i] == 9 {
      digits[i] = 0
      i -= 1
    }
    if i >= 0 {
      digits[i] += 1
    } else {
      digits[0] = 1  // 999… became 1000…: one more power of ten
      exponent += 1
    }
  }

  /// `%g`: fixed notation when −4 ≤ exponent < precision, otherwise `d.ddde±XX`; trailing
  /// zeros of the fraction removed.
  static func layout(
    _ digits: UnsafeBufferPointer<UInt8>, _ exponent: Int, _ precision: Int, _ out: ByteOutput
  ) {
    var significant = digits.count
    while significant > 1 && digits[significant - 1] == 0 { significant -= 1 }
    let zero = UInt8(ascii: "0")
    // Written into room made once, where appending a character at a time checked the room
    // for each. The longest text is "0.000" and `precision` digits, or a digit, a point, the
    // other digits and "e-308".
    _ = out.append(atMost: precision + 8) { room in
      guard let text = room.baseAddress else { return 0 }
      var o = 0
      func put(_ byte: UInt8) {
        text[o] = byte
        o += 1
      }
      func emit(_ range: Range<Int>) {
        for i in range { put(digits[i] + zero) }
      }
      if exponent >= -4 && exponent < precision {
        if exponent < 0 {
          put(zero)
          put(UInt8(ascii: "."))
          for _ in 0..<(-exponent - 1) { put(zero) }
          emit(0..<significant)
          return o
        }
        for i in 0...exponent { put((i < significant ? digits[i] : 0) + zero) }
        if significant > exponent + 1 {
          put(UInt8(ascii: "."))
          emit((exponent + 1)..<significant)
        }
        return o
      }
      emit(0..<1)
      if significant > 1 {
        put(UInt8(ascii: "."))
        emit(1..<significant)
      }
      put(UInt8(ascii: "e"))
      put(exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
      var magnitude = abs(exponent)
      let width = magnitude >= 100 ? 3 : 2
      for place in stride(from: width - 1, through: 0, by: -1) {
        text[o + place] = zero + UInt8(magnitude % 10)
        magnitude /= 10
      }
      return o + width
    }
  }
}

/// Just enough of an unsigned big integer for `RealFormatting`: little-endian 32-bit limbs in
/// a buffer the caller provides.
private struct BigNumber {
  let limbs: UnsafeMutableBufferPointer<UInt32>
  var count = 0

  init(limbs: UnsafeMutableBufferPointer<UInt32>) { self.limbs = limbs }

  /// Sets the number to the leading digits of a positive double's exact value, at least
  /// `leadingDigits` of them, and returns how many of those are after the decimal point and
  /// whether the digits dropped after them were not all zeros.
  ///
  /// m × 2^e is m × 5^−e / 10^−e when e < 0: all of its digits take up to 767 (a subnormal),
  /// and making every one was nine tenths of printing such a real. Dropping t of them is
  /// dividing by 10^t = 5^t × 2^t: the number is m × 5^(−e−t), shifted right by t bits.
  mutating func load(_ value: Double, leadingDigits: Int) -> (
    fractionDigits: Int, droppedNonZero: Bool
  ) {
    var significand = value.significandBitPattern
    var exponent = Int(value.exponentBitPattern)
    if exponent == 0 {
      exponent = 1  // subnormal
    } else {
      significand |= 1 << 52
    }
    exponent -= 1075
    limbs[0] = UInt32(truncatingIfNeeded: significand)
    limbs[1] = UInt32(truncatingIfNeeded: significand >> 32)
    count = limbs[1] == 0 ? 1 : 2
    if exponent >= 0 {
      shiftLeft(by: exponent)
      return (0, false)
    }
    // m × 5^E has at least this many digits less one (log10 of m and of 5^E from below, one
    // off for the estimate's rounding).
    let fives = -exponent
    let bits = UInt64.bitWidth - significand.leadingZeroBitCount
    let digitsBelow = Int(Double(bits - 1) * 0.301_029_995_6 + Double(fives) * 0.698_970_004_3) - 1
    let dropped = max(0, min(fives, digitsBelow - leadingDigits))
    var remaining = fives - dropped
    while remaining > 0 {
      let step = min(remaining, 13)
      multiply(by: Self.powersOfFive[step])
      remaining -= step
    }
    return (fives - dropped, shiftRight(by: dropped))
  }

  private static let powersOfFive: [UInt32] = [
    1, 5, 25, 125, 625, 3125, 15625, 78125, 390_625, 1_953_125, 9_765_625, 48_828_125,
    244_140_625, 1_220_703_125,
  ]

  private mutating func multiply(by factor: UInt32) {
    var carry: UInt64 = 0
    for i in 0..<count {
      let product = UInt64(limbs[i]) * UInt64(factor) + carry
      limbs[i] = UInt32(truncatingIfNeeded: product)
      carry = product >> 32
    }
    if carry > 0 {
      limbs[count] = UInt32(carry)
      count += 1
    }
  }

  /// Divides by 2^bits, and returns whether the remainder was not zero.
  private mutating func shiftRight(by bits: Int) -> Bool {
    let words = bits / 32
    let shift = UInt32(bits % 32)
    guard words < count else {
      let nonZero = (0..<count).contains { limbs[$0] != 0 }
      limbs[0] = 0
      count = 1
      return nonZero
    }
    var nonZero = (0..<words).contains { limbs[$0] != 0 }
    if shift > 0 { nonZero = nonZero || limbs[words] & (1 << shift - 1) != 0 }
    for i in words..<count {
      let high = i + 1 < count ? UInt64(limbs[i + 1]) : 0
      limbs[i - words] = UInt32(truncatingIfNeeded: (high << 32 | UInt64(limbs[i])) >> shift)
    }
    count -= words
    while count > 1 && limbs[count - 1] == 0 { count -= 1 }
    return nonZero
  }

  private mutating func shiftLeft(by bits: Int) {
    let words = bits / 32
    let shift = UInt64(bits % 32)
    var carry: UInt32 = 0
    if shift > 0 {
      for i in 0..<count {
        let wide = UInt64(limbs[i]) << shift | UInt64(carry)
        limbs[i] = UInt32(truncatingIfNeeded: wide)
        carry = UInt32(truncatingIfNeeded: wide >> 32)
      }
      if carry > 0 {
        limbs[count] = carry
        count += 1
      }
    }
    if words > 0 {
      for i in stride(from: count - 1, through: 0, by: -1) { limbs[i + words] = limbs[i] }
      for i in 0..<words { limbs[i] = 0 }
      count += words
    }
  }

  /// Writes the decimal digits (values 0…9), most significant first; destroys the number.
  mutating func decimalDigits(into digits: UnsafeMutableBufferPointer<UInt8>) -> Int {
    // Peel off nine digits at a time from the low end, right to left into the buffer's end.
    var end = digits.count
    repeat {
      var remainder: UInt64 = 0
      for i in stride(from: count - 1, through: 0, by: -1) {
        let dividend = remainder << 32 | UInt64(limbs[i])
        limbs[i] = UInt32(dividend / 1_000_000_000)
        remainder = dividend % 1_000_000_000
      }
      while count > 1 && limbs[count - 1] == 0 { count -= 1 }
      for _ in 0..<9 {
        end -= 1
        digits[end] = UInt8(remainder % 10)
        remainder /= 10
      }
    } while count > 1 || limbs[0] != 0
    while end < digits.count - 1 && digits[end] == 0 { end += 1 }
    let length = digits.count - end
    for i in 0..<length { digits[i] = digits[end + i] }
    return length
  }
}
