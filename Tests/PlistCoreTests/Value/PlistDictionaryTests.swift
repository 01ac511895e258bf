import PlistCore
import Testing

@Suite("PlistDictionary")
struct PlistDictionaryTests {
  @Test func keepsKeysInCoreFoundationOrder() {
    let dict: PlistDictionary = ["b": 1, "a": 2, "B": 3, "k\u{E000}": 4, "k\u{10000}": 5, "": 6]
    // UTF-16 order: upper case before lower case, surrogate pairs before U+E000.
    #expect(dict.keys == ["", "B", "a", "b", "k\u{10000}", "k\u{E000}"])
  }

  @Test func lastOfRepeatedKeysWins() {
    let dict = PlistDictionary(keys: ["x", "y", "x", "x"], values: [1, 2, 3, 4])
    #expect(dict.keys == ["x", "y"])
    #expect(dict["x"] == 4)
  }

  @Test func subscriptInsertsReplacesAndRemoves() {
    var dict: PlistDictionary = ["m": 1]
    dict["z"] = 2
    dict["a"] = 3
    dict["m"] = 4
    #expect(dict.keys == ["a", "m", "z"])
    #expect(dict["m"] == 4)
    dict["m"] = nil
    #expect(dict.removeValue(forKey: "a") == 3)
    #expect(dict.keys == ["z"] && dict.count == 1)
    #expect(dict["missing"] == nil)
  }

  @Test func canonicallyEquivalentKeysStayDistinct() {
    let composed = "\u{E9}"
    let decomposed = "e\u{301}"
    let dict = PlistDictionary(keys: [composed, decomposed], values: [1, 2])
    #expect(dict.count == 2)
    #expect(dict[composed] == 1 && dict[decomposed] == 2)
    #expect(dict != PlistDictionary(keys: [composed, composed], values: [1, 2]))
  }

  @Test func iteratesInOrder() {
    let dict: PlistDictionary = ["b": "2", "a": "1"]
    #expect(dict.map(\.key) == ["a", "b"])
    #expect(dict.mapValues { _ in .boolean(true) }.values == [.boolean(true), .boolean(true)])
  }
}
