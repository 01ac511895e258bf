import Foundation
import Testing

@testable import PlistCore

/// `RealFormatting` must print exactly what libc's printf prints for `%.17g` and `%.16g`.
@Suite("Real formatting")
struct RealFormattingTests {
  static func printf(_ value: Double, _ precision: Int) -> String {
    String(format: "%.\(precision)g", value)
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
          String(decoding: RealFormatting.format(v, precision: precision), as: UTF8.self)
            == Self.printf(v, precision))
      }
    }
  }

  @Test func randomBitPatternsMatchPrintf() {
    var generator = ValueGenerator(seed: 17)
    for _ in 0..<20_000 {
      let value = Double(bitPattern: generator.next())
      guard value.isFinite else { continue }
      let precision = generator.below(2) == 0 ? 17 : 16
      let ours = String(decoding: RealFormatting.format(value, precision: precision), as: UTF8.self)
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
        let ours = String(
          decoding: RealFormatting.format(value, precision: precision), as: UTF8.self)
        #expect(ours == Self.printf(value, precision), "\(value.bitPattern)")
      }
    }
  }

  @Test func ordinaryFractionsMatchPrintf() {
    var generator = ValueGenerator(seed: 18)
    for _ in 0..<20_000 {
      let value = Double(generator.below(1_000_000_000)) / Double(1 + generator.below(100_000))
      #expect(
        String(decoding: RealFormatting.format(value, precision: 17), as: UTF8.self)
          == Self.printf(value, 17))
    }
  }
}
