import PlistCore
import Testing

@Suite("PlistInteger")
struct PlistIntegerTests {
  @Test(arguments: [
    ("0", "0"), ("-0", "0"), ("+7", "7"), ("-9223372036854775808", "-9223372036854775808"),
    ("9223372036854775808", "9223372036854775808"),
    ("18446744073709551615", "18446744073709551615"),
  ])
  func parsesTheWholeRange(_ text: String, _ printed: String) throws {
    #expect(try #require(PlistInteger(decimal: text)).description == printed)
  }

  @Test(arguments: ["", "-", "1.5", "0x10", "18446744073709551616", "-9223372036854775809", " 1"])
  func refusesWhatIsNotAnIntegerInRange(_ text: String) {
    #expect(PlistInteger(decimal: text) == nil)
  }

  @Test func viewsAgreeWithTheValue() {
    let big = PlistInteger(UInt64.max)
    #expect(big.int64Value == nil && big.uint64Value == UInt64.max && !big.isNegative)
    let negative = PlistInteger(Int64.min)
    #expect(negative.int64Value == Int64.min && negative.uint64Value == nil)
    #expect(negative.magnitude == UInt64(Int64.max) + 1)
    #expect(PlistInteger(-3).doubleValue == -3)
    // One representation per value, so == is exact.
    #expect(PlistInteger(5 as Int64) == PlistInteger(5 as UInt64))
    #expect(PlistInteger(negative: true, magnitude: 0) == PlistInteger(0))
    #expect(PlistInteger(negative: true, magnitude: UInt64(Int64.max) + 2) == nil)
  }
}
