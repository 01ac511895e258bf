import Testing

@testable import PlistCore

@Suite("Display width")
struct DisplayWidthTests {
  @Test(
    arguments: [
      ("a", 1), (" ", 1), ("é", 1), ("e\u{301}", 1), ("Ж", 1), ("…", 1), ("ß", 1),
      ("紅", 2), ("綠", 2), ("藍", 2), ("한", 2), ("ｱ", 1), ("Ａ", 2), ("。", 2), ("\u{3000}", 2),
      ("😀", 2), ("🇫🇷", 2), ("❤️", 2), ("❤", 1), ("👩‍💻", 2), ("𠀀", 2), ("🫨", 2),
      ("\u{301}", 0), ("\u{200B}", 0), ("\u{200D}", 0), ("\u{FE0F}", 0), ("\u{1B}", 0),
      ("\u{7F}", 0), ("\u{85}", 0), ("\u{AD}", 1), ("\t", 0),
    ] as [(Character, Int)])
  func characterWidths(_ character: Character, _ width: Int) {
    #expect(DisplayWidth.of(character) == width)
  }

  @Test func stringWidths() {
    #expect(DisplayWidth.of("") == 0)
    #expect(DisplayWidth.of("紅 綠 藍") == 8)
    #expect(DisplayWidth.of("Привет") == 6)
    #expect(DisplayWidth.of("Café") == 4)
    #expect(DisplayWidth.of("Cafe\u{301}") == 4)
  }

  // MARK: - Clipping and padding

  @Test(arguments: [
    ("abcdefg", 5, "abcd…"), ("abcde", 5, "abcde"), ("abc", 5, "abc"), ("ab", 1, "…"),
    ("ab", 0, ""), ("a", -3, ""),
    // A wide character never straddles the edge: the result is a column short instead.
    ("紅綠藍", 4, "紅…"), ("紅綠藍", 5, "紅綠…"), ("紅綠藍", 6, "紅綠藍"), ("a紅綠", 4, "a紅…"),
    ("Cafe\u{301} crème", 6, "Cafe\u{301} …"), ("Привет мир", 7, "Привет…"),
  ])
  func clip(_ text: String, _ columns: Int, _ expected: String) {
    let clipped = DisplayWidth.clip(text, to: columns)
    #expect(clipped == expected)
    #expect(DisplayWidth.of(clipped) <= max(0, columns))
  }

  @Test func pad() {
    #expect(DisplayWidth.pad("紅", to: 4) == "紅  ")
    #expect(DisplayWidth.pad("abc", to: 2) == "abc")
    #expect(DisplayWidth.fit("紅綠藍", to: 4) == "紅… ")
    #expect(DisplayWidth.fit("ab", to: 4) == "ab  ")
    #expect(DisplayWidth.fit("abc", to: 0) == "")
  }

  @Test func theWideTableIsSortedAndDisjoint() {
    let ranges = DisplayWidth.wideRanges
    for (earlier, later) in zip(ranges, ranges.dropFirst()) {
      #expect(earlier.upperBound < later.lowerBound)
    }
  }
}
