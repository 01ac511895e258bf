import Testing

@testable import PlistCore

/// The surrogate arithmetic every UTF-16 reader takes (`UTF16Surrogate`), against the
/// standard library's UTF-16 as the oracle.
@Suite("UTF-16 surrogates")
struct UTF16SurrogateTests {
  @Test func pairsAreTheStandardLibrarysForTheEdgesAndASpread() throws {
    var scalars: [UInt32] = [
      0x1_0000, 0x1_03FF, 0x1_0400, 0x1_F600, 0xF_FFFF, 0x10_FC00, 0x10_FFFF,
    ]
    scalars += stride(from: UInt32(0x1_0000), through: 0x10_FFFF, by: 4093)
    for value in scalars {
      let units = Array(String(Unicode.Scalar(value)!).utf16).map(UInt32.init)
      let (high, low) = UTF16Surrogate.halves(of: value)
      #expect([high, low] == units, "U+\(String(value, radix: 16))")
      #expect(UTF16Surrogate.isHigh(high) && !UTF16Surrogate.isLow(high))
      #expect(UTF16Surrogate.isLow(low) && !UTF16Surrogate.isHigh(low))
      #expect(UTF16Surrogate.scalar(high: high, low: low) == value)
    }
  }

  @Test func halvesAreD800ToDFFFAndNothingElse() {
    for unit in UInt32(0)...0xFFFF {
      let isHalf = (0xD800...0xDFFF).contains(unit)
      #expect(UTF16Surrogate.isHalf(unit) == isHalf)
      #expect(UTF16Surrogate.isHigh(unit) == (0xD800...0xDBFF).contains(unit))
      #expect(UTF16Surrogate.isLow(unit) == (0xDC00...0xDFFF).contains(unit))
      if !isHalf { continue }
      #expect(Unicode.Scalar(unit) == nil)
    }
  }
}
