import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// `RealFormatting` must print exactly what libc's printf prints for `%.17g` and `%.16g`.
@Suite("Real formatting")
struct RealFormattingTests {
  static func printf(_ value: Double, _ precision: Int) -> String {
    String(format: "%.\(precision)g", value)
  }

  /// `RealFormatting`'s `%.<precision>g`, as text to compare with `printf`'s.
  static func ours(_ value: Double, _ precision: Int) -> String {
    String(decoding: RealFormatting.format(value, precision: precision), as: UTF8.self)
  }

  static let edgeCases: [Double] = [
    0.1, 1, 1.5, 3.14, 1e100, 1e-7, 123_456_789_012_345_680, 1e16, 1e17, 9.999999999999999e16, 0.5,
    100,
    Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, Double.greatestFiniteMagnitude, 1e-5,
    0.0001, 0.00001, 2.5, 0.125, 1e21, 1e22, 1e23, Double.leastNonzeroMagnitude, 4.35, 0.3,
    2.0 / 3.0, 1e15 + 0.3,
    9_007_199_254_740_992, 18_014_398_509_481_984, 0.000123456789012345678,
  ]

  @Test(arguments: edgeCases)
  func edgeCasesMatchPrintf(_ value: Double) {
    for precision in [16, 17, 1, 6] {
      for v in [value, -value] {
        #expect(
          Self.ours(v, precision)
            == Self.printf(v, precision))
      }
    }
  }

  /// Small multiples of powers of two have exact decimal expansions of hundreds of digits,
  /// ending in 5: rounding them meets exact halves wherever the digits dropped before
  /// rounding (the big-number path keeps only the leading ones) are zeros after a 5.
  @Test func exactHalvesAmongManyDigitsMatchPrintf() {
    for k in stride(from: 1, through: 1074, by: 1) {
      for multiple in [1.0, 3.0, 5.0, 7.0, 1025.0] {
        let value = multiple * Double(sign: .plus, exponent: -k, significand: 1)
        guard value > 0, value.isFinite else { continue }
        for precision in [1, 2, 3, 6, 15, 16, 17] {
          let ours = Self.ours(value, precision)
          #expect(ours == Self.printf(value, precision), "\(multiple) × 2^-\(k), \(precision)")
        }
      }
    }
  }

  /// Tiny and subnormal values at every precision (their digits are the ones shortened).
  @Test func tinyValuesAtEveryPrecisionMatchPrintf() {
    var generator = ValueGenerator(seed: 41)
    for _ in 0..<4_000 {
      let exponent = -Int(generator.below(1074)) - 1
      let value = Double(
        sign: .plus, exponent: exponent,
        significand: 1 + Double(generator.below(1 << 52)) / Double(1 << 52))
      guard value > 0 else { continue }
      let precision = 1 + Int(generator.below(17))
      let ours = Self.ours(value, precision)
      #expect(ours == Self.printf(value, precision), "\(value.bitPattern), \(precision)")
    }
  }

  /// Values whose digits after the rounding position read 5, 0, 0 — where only the digits
  /// further on decide between half and more than half — found among many tiny ones.
  @Test func halfThenZerosThenMoreMatchPrintf() {
    var generator = ValueGenerator(seed: 43)
    var checked = 0
    for _ in 0..<300_000 {
      let value = Double(
        sign: .plus, exponent: -Int(generator.below(1074)) - 1,
        significand: 1 + Double(generator.below(1 << 52)) / Double(1 << 52))
      guard value > 0 else { continue }
      let digits = Array(String(format: "%.30e", value).utf8.filter { $0 != UInt8(ascii: ".") })
      for precision in 1...17
      where digits[precision] == UInt8(ascii: "5") && digits[precision + 1] == UInt8(ascii: "0")
        && digits[precision + 2] == UInt8(ascii: "0")
      {
        checked += 1
        let ours = Self.ours(value, precision)
        #expect(ours == Self.printf(value, precision), "\(value.bitPattern), \(precision)")
      }
    }
    #expect(checked > 100)
  }

  @Test func randomBitPatternsMatchPrintf() {
    var generator = ValueGenerator(seed: 17)
    for _ in 0..<20_000 {
      let value = Double(bitPattern: generator.next())
      guard value.isFinite else { continue }
      let precision = generator.below(2) == 0 ? 17 : 16
      let ours = Self.ours(value, precision)
      #expect(ours == Self.printf(value, precision), "\(value.bitPattern)")
    }
  }

  /// Doubles from about 1e-21 to 1e42: where the 128-bit path applies, and past its edges.
  @Test func moderateExponentsMatchPrintf() {
    var generator = ValueGenerator(seed: 19)
    for _ in 0..<20_000 {
      let exponent = UInt64(1023 - 70 + generator.below(210))
      let value = Double(bitPattern: exponent << 52 | generator.next() & ((1 << 52) - 1))
      for precision in [17, 16] {
        let ours = Self.ours(value, precision)
        #expect(ours == Self.printf(value, precision), "\(value.bitPattern)")
      }
    }
  }

  @Test func ordinaryFractionsMatchPrintf() {
    var generator = ValueGenerator(seed: 18)
    for _ in 0..<20_000 {
      let value = Double(generator.below(1_000_000_000)) / Double(1 + generator.below(100_000))
      #expect(
        Self.ours(value, 17)
          == Self.printf(value, 17))
    }
  }

  /// Doubles across the whole range of exponents: those beyond the exact 128-bit scaling are
  /// scaled with approximate powers of ten, and all of them are decided without the big
  /// numbers (doubt is that rare).
  @Test func realsFarFromOneAreDecidedWithoutBigNumbers() {
    var generator = ValueGenerator(seed: 23)
    for _ in 0..<20_000 {
      let exponent = UInt64(1 + generator.below(2046))
      let value = Double(bitPattern: exponent << 52 | generator.next() & ((1 << 52) - 1))
      for precision in [17, 16] {
        #expect(
          RealFormatting.roundedDigits(value, precision: precision) != nil, "\(value.bitPattern)")
        #expect(Self.ours(value, precision) == Self.printf(value, precision), "\(value.bitPattern)")
      }
    }
  }

  /// The powers of ten against python3's exact fractions: every significand has 128 bits,
  /// and times its power of two is at most 10^k and within two units of its last place.
  @Test func powersOfTenAreTruncatedWithinTwoUnits() throws {
    let lines = PowersOfTen.range.map { k in
      let power = PowersOfTen.power(k)!
      return "\(k) \(power.significand) \(power.exponent)\n"
    }
    let check = """
      import sys
      from fractions import Fraction
      bad = []
      for line in sys.stdin:
          k, p, s = map(int, line.split())
          ten, unit = Fraction(10) ** k, Fraction(2) ** s
          if not (2 ** 127 <= p < 2 ** 128 and p * unit <= ten < (p + 2) * unit):
              bad.append(k)
      print(len(bad), bad[:5])
      """
    let process = Process()
    process.executableURL = try ExternalTool.require("python3", package: "python3")
    process.arguments = ["-c", check]
    let (input, output) = (Pipe(), Pipe())
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(lines.joined().utf8))
    try input.fileHandleForWriting.close()
    let result = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(result == "0 []\n")
  }
}
