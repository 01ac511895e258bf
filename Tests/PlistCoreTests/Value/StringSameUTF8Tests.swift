import Testing

@testable import PlistCore

/// Plist string equality compares UTF-8 bytes, word by word with an overlapping tail.
@Suite("Same UTF-8")
struct StringSameUTF8Tests {
  @Test("equal bytes are equal; one differing byte anywhere is not", arguments: 0..<40)
  func everyLengthAndPosition(_ length: Int) {
    let base = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
    let string = String(decoding: base, as: UTF8.self)
    #expect(string.hasSameUTF8(as: String(decoding: base, as: UTF8.self)))
    #expect(!string.hasSameUTF8(as: string + "x"))
    for position in 0..<length {
      var changed = base
      changed[position] = UInt8(ascii: "#")
      #expect(!string.hasSameUTF8(as: String(decoding: changed, as: UTF8.self)))
    }
  }

  @Test func canonicallyEquivalentStringsDiffer() {
    let composed = "\u{E9}"
    let decomposed = "e\u{301}"
    #expect(composed == decomposed)
    #expect(!composed.hasSameUTF8(as: decomposed))
  }
}
