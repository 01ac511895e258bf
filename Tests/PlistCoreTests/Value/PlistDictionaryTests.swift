import Testing

@testable import PlistCore

@Suite("PlistDictionary")
struct PlistDictionaryTests {
  /// A dictionary from parallel lists, through the public entries initialiser.
  static func entries(_ keys: [String], _ values: [PlistValue]) -> PlistDictionary {
    PlistDictionary(zip(keys, values).map { (key: $0, value: $1) })
  }

  @Test func keepsKeysInCoreFoundationOrder() {
    let dict: PlistDictionary = ["b": 1, "a": 2, "B": 3, "k\u{E000}": 4, "k\u{10000}": 5, "": 6]
    // UTF-16 order: upper case before lower case, surrogate pairs before U+E000.
    #expect(dict.keys == ["", "B", "a", "b", "k\u{10000}", "k\u{E000}"])
  }

  @Test func lastOfRepeatedKeysWins() {
    let dict = Self.entries(["x", "y", "x", "x"], [1, 2, 3, 4])
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
    let dict = Self.entries([composed, decomposed], [1, 2])
    #expect(dict.count == 2)
    #expect(dict[composed] == 1 && dict[decomposed] == 2)
    #expect(dict != Self.entries([composed, composed], [1, 2]))
  }

  @Test func iteratesInOrder() {
    let dict: PlistDictionary = ["b": "2", "a": "1"]
    #expect(dict.map(\.key) == ["a", "b"])
    #expect(dict.mapValues { _ in .boolean(true) }.values == [.boolean(true), .boolean(true)])
  }
}

/// `PlistDictionary` as a random-access collection of entries in key order.
@Suite("PlistDictionary as a collection")
struct PlistDictionaryCollectionTests {
  @Test func indexesEntriesInKeyOrder() {
    let dict: PlistDictionary = ["b": 2, "a": 1, "c": 3]
    #expect(dict.startIndex == 0 && dict.endIndex == 3)
    #expect(dict[1].key == "b" && dict[1].value == 2)
    #expect(dict.map(\.key) == ["a", "b", "c"])
    #expect(dict.last?.value == 3)
    #expect(dict.reversed().map(\.key) == ["c", "b", "a"])
    #expect(dict.firstIndex { $0.value == 3 } == 2)
  }

  @Test func entriesInitialiserKeepsTheLastOfRepeatedKeys() {
    let entries: [(key: String, value: PlistValue)] = [("z", 1), ("a", 2), ("z", 3)]
    let dict = PlistDictionary(entries)
    #expect(dict.keys == ["a", "z"])
    #expect(dict["z"] == 3)
    #expect(PlistDictionary(dict) == dict, "a dictionary's own entries rebuild it")
  }

  /// `differences(from:)` walks two sorted key lists side by side; it must find what
  /// looking every key up in the other dictionary finds, in key order.
  @Test func differencesAreWhatLookingUpEachKeyFinds() {
    var random = SplitMix(5)
    let keys = ["a", "B", "b", "é", "e\u{301}", "z", "CF$UID", "", "aa", "🐝", "Z"]
    for _ in 0..<2_000 {
      var old = PlistDictionary()
      var new = PlistDictionary()
      for key in keys {
        switch random.next() % 5 {
        case 0: old[key] = .integer(1)
        case 1: new[key] = .integer(1)
        case 2: (old[key], new[key]) = (.integer(1), .integer(1))
        case 3: (old[key], new[key]) = (.integer(1), .integer(2))
        default: break
        }
      }
      var expected: [PlistDictionary.Difference] = []
      // Both keys, in key order (a Set of Strings would take "é" and "e\u{301}" for one).
      var both = old
      for key in new.keys { both[key] = .boolean(true) }
      for key in both.keys {
        if let value = new[key], old[key] != value { expected.append(.set(key, value)) }
        if new[key] == nil { expected.append(.removed(key)) }
      }
      #expect(new.differences(from: old) == expected, "\(old) → \(new)")
    }
  }
}
