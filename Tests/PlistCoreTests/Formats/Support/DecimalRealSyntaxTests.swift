import Testing

@testable import PlistCore

/// `DecimalReal.isWellFormed` (how the one-key look-up and `find` skip a `<real>` without
/// computing it) accepts only text `DecimalReal.parse` reads.
@Suite("Decimal real syntax")
struct DecimalRealSyntaxTests {
  static func parses(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { DecimalReal.parse($0) != nil }
  }

  static func wellFormed(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { DecimalReal.isWellFormed($0) }
  }

  @Test(arguments: [
    "0", "-0", "+1", "1.", ".5", "-.5", "1e5", "1E-5", "1.5e+300", "1e999", "-1e-999",
    "123456789012345678901234567890.123456789e-20", "0.1000000000000000055511151231257827",
  ])
  func wellFormedTextParses(text: String) {
    #expect(Self.wellFormed(text))
    #expect(Self.parses(text))
  }

  @Test(arguments: [
    "", ".", "-", "+", "e5", "1e", "1e+", "1..2", "1.2.3", "--1", "1-", "1 ", " 1",
    "nan", "inf", "0x1p3", "1e5.5", "+-1", ".e1",
  ])
  func otherTextIsNotWellFormed(text: String) {
    #expect(!Self.wellFormed(text))
  }

  @Test func randomTextOverTheRealAlphabet() {
    var random = SplitMix(11)
    let alphabet = Array("0123456789.+-eE")
    var accepted = 0
    for _ in 0..<50_000 {
      let count = Int(random.next() % 9) + 1
      let text = String((0..<count).map { _ in alphabet[Int(random.next() % 15)] })
      if Self.wellFormed(text) {
        accepted += 1
        #expect(Self.parses(text), "\(text)")
      }
    }
    #expect(accepted > 1000)
  }
}
