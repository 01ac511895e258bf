import Testing

@testable import PlistCore

/// `DecimalReal` (Clinger's fast path, then the standard library) must read every decimal
/// exactly as the standard library's `Double(String)` does.
@Suite("Decimal reals")
struct DecimalRealTests {
  static func parse(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { DecimalReal.parse($0) }
  }

  static func same(_ a: Double?, _ b: Double?) -> Bool {
    a?.bitPattern == b?.bitPattern
  }

  static let edgeCases = [
    "0", "-0", "+0", "0.0", "-0.0", "1", "-1", "0.1", ".5", "5.", "-.5e1", "1e22", "1e23",
    "1e-22", "1e-23", "9007199254740992", "9007199254740993", "9007199254740992e-22",
    "123456789012345678", "1234567890123456789", "12345678901234567890", "0.30000000000000004",
    "4.35", "2.5e-3", "1E5", "1e+5", "1e0999", "1e-400", "0e999", "00000000000000000000001.5",
    "0.00000000000000000000000000001", "398148416.85261303", "6.142042806798492",
    "1.7976931348623157e308",
    "4.9e-324", "2.2250738585072014e-308",
    // Not numbers: the fast path must refuse them as the standard library does.
    "", ".", "-", "+", "e5", "1e", "1e+", "--1", "1-2", "1..2", "1.2.3", "1e5e5", "1e5.5",
  ]

  @Test(arguments: edgeCases)
  func edgeCasesReadAsTheStandardLibraryReadsThem(_ text: String) {
    #expect(Self.same(Self.parse(text), Double(text)), "\(text)")
  }

  @Test func randomDecimalsReadAsTheStandardLibraryReadsThem() {
    var generator = ValueGenerator(seed: 23)
    for _ in 0..<50_000 {
      let digits = 1 + generator.below(20)
      var text = generator.below(3) == 0 ? "-" : ""
      let point = generator.below(digits + 2) - 1
      for index in 0..<digits {
        if index == point { text += "." }
        text += String(generator.below(10))
      }
      if generator.below(3) == 0 { text += "e\(generator.below(60) - 30)" }
      #expect(Self.same(Self.parse(text), Double(text)), "\(text)")
    }
  }

  /// 16 to 19 digits, as `%.17g` writes them: the 128-bit path, and past its exponents.
  @Test func longMantissasReadAsTheStandardLibraryReadsThem() {
    var generator = ValueGenerator(seed: 25)
    for _ in 0..<50_000 {
      var text = String(1 + generator.below(9))
      for _ in 0..<(15 + generator.below(4)) { text += String(generator.below(10)) }
      if generator.below(4) == 0 { text += String(repeating: "9", count: generator.below(3)) }
      text += "e\(generator.below(70) - 45)"
      #expect(Self.same(Self.parse(text), Double(text)), "\(text)")
    }
  }

  @Test func shortestPrintedDoublesReadBack() {
    var generator = ValueGenerator(seed: 24)
    for _ in 0..<20_000 {
      let value = Double(bitPattern: generator.next())
      guard value.isFinite else { continue }
      #expect(Self.same(Self.parse("\(value)"), value), "\(value)")
    }
  }
}
