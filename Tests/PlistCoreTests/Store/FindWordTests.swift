import Testing

@testable import PlistCore

/// `find`'s byte-level matching answers exactly as the standard library's
/// `text.lowercased().contains(word.lowercased())`, Characters and all (the standard
/// library's `contains`, as PlistCore sees it: Foundation's, in scope here, differs).
@Suite("Find word")
struct FindWordTests {
  static let texts = [
    "", "p", "Pigeon", "HOMING PIGEON settings", "pige on", "pigeo", "xpigeonx", "Größe pigeon",
    "名前PIGEON", "\u{212A}ey", "KEY", "\u{0130}stanbul", "istanbul", "a\r\n", "a\r", "e\u{301}",
    "\u{E9}", "caf\u{E9}", "cafe\u{301}", "ｐｉｇｅｏｎ", "tile-data", "TILE_DATA",
  ]
  static let words = [
    "pigeon", "PiGeOn", "key", "k", "i", "istanbul", "a\r", "a", "e", "\u{E9}", "caf\u{E9}",
    "tile-data", "", "größe", "名前",
  ]

  @Test(arguments: words)
  func agreesWithTheStandardLibrary(word: String) {
    let find = FindWord(word)
    for text in Self.texts {
      #expect(
        find.isFound(in: text) == FindWord.standardAnswer(word.lowercased(), in: text),
        "\(word) in \(text)")
    }
  }

  @Test func searchesKeysAndNestedStrings() {
    let find = FindWord("Pigeon")
    #expect(find.isFound(in: PlistValue.array([.integer(1), .string("a pigeon")])))
    #expect(find.isFound(in: PlistValue.dictionary(["PigeonCount": .integer(3)])))
    #expect(
      !find.isFound(in: PlistValue.dictionary(["Count": .data(PlistData(Array("pigeon".utf8)))])))
  }
}
