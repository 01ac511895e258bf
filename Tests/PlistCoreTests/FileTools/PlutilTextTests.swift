import PlistCore
import Testing

/// `-extract … raw`, `-type` and `-p`'s text.
@Suite("plutil's text forms")
struct PlutilTextTests {
  @Test func rawValuesAreAsPlutilPrintsThem() {
    #expect(PlutilText.raw(true) == "true")
    #expect(PlutilText.raw(-42) == "-42")
    #expect(PlutilText.raw(.integer(PlistInteger(UInt64.max))) == "18446744073709551615")
    #expect(PlutilText.raw(1.5) == "1.500000")
    #expect(PlutilText.raw(3.0) == "3.000000")
    #expect(PlutilText.raw(1e20) == "100000000000000000000.000000")
    #expect(PlutilText.raw("a b\nc") == "a b\nc")
    #expect(
      PlutilText.raw(.date(PlistDate(secondsSinceReferenceDate: 0.75))) == "2001-01-01T00:00:00Z")
    #expect(PlutilText.raw(.data(PlistData([0, 1, 2, 255]))) == "AAEC/w==")
    #expect(PlutilText.raw(["a", "b", "c"]) == "3")
    #expect(PlutilText.raw([]) == "0")
    #expect(PlutilText.raw(["item10": 1, "Item2": 2, "apple": 3]) == "apple\nItem2\nitem10")
    #expect(PlutilText.raw(.dictionary(PlistDictionary())) == "")
  }

  @Test func typeNamesArePlutils() {
    let values: [PlistValue] = [
      true, 1, 1.5, "s", .date(PlistDate(secondsSinceReferenceDate: 0)), .data(PlistData([])), [],
      .dictionary(PlistDictionary()),
    ]
    #expect(values.map(PlutilText.typeName) == PlutilText.typeNames)
  }

  /// Equal numbers (`item02`, `item2`) are then ordered by their characters.
  @Test func keysOrderByNumbersAndWithoutCase() {
    #expect(
      PlutilText.ordered(["item10", "item2", "Item1", "apple", "B", "a", "item02"])
        == ["a", "apple", "B", "Item1", "item02", "item2", "item10"])
  }

  @Test func prettyIsPlutilsLayout() {
    #expect(
      PlutilText.pretty(["a": 1, "b": [true, "x"], "c": .dictionary(PlistDictionary())]) == """
        {
          "a" => 1
          "b" => [
            0 => true
            1 => "x"
          ]
          "c" => {
          }
        }

        """)
    #expect(PlutilText.pretty("scalar") == "\"scalar\"\n")
    #expect(PlutilText.pretty(0.1) == "0.1\n")
    #expect(
      PlutilText.pretty(.date(PlistDate(secondsSinceReferenceDate: 0)))
        == "2001-01-01 00:00:00 +0000\n")
  }

  @Test func dataShowsItsBytesAndPastTwentyFourAnExcerpt() {
    #expect(PlutilText.pretty(.data(PlistData([0x0a, 0xff]))) == "{length = 2, bytes = 0x0aff}\n")
    let long = PlistData((0..<30).map { UInt8($0) })
    #expect(
      PlutilText.pretty(.data(long))
        == "{length = 30, bytes = 0x00010203 04050607 08090a0b 0c0d0e0f ... 16171819 1a1b1c1d}\n")
  }
}
