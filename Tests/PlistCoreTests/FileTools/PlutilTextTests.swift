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

/// The read plutil's `-extract` and PlistBuddy's `Print :Key` make: the root cut down to the
/// key where the format allows, the same answer as a full read.
@Suite("Reading one top-level key")
struct KeepingOnlyTests {
  static let value: PlistValue = ["a": 1, "b": ["c": [true, "x"]], "d": "text"]

  @Test(arguments: [PlistFormat.xml, .binary, .json])
  func answersAsAFullRead(_ format: PlistFormat) throws {
    let bytes = try PropertyList.encode(Self.value, as: format)
    for key in ["a", "b", "d", "missing"] {
      let (cut, found) = try PropertyList.decode(keepingOnly: key, of: bytes)
      #expect(found == format)
      #expect(
        cut.value(at: PlutilKeyPath(key + ".c.1"))
          == Self.value.value(at: PlutilKeyPath(key + ".c.1")))
      #expect(cut.value(at: PlutilKeyPath(key)) == Self.value.value(at: PlutilKeyPath(key)))
    }
    let array = try PropertyList.encode([["k": 1]], as: format)
    #expect(try PropertyList.decode(keepingOnly: "0", of: array).value == [["k": 1]])
    let broken = Array(try PropertyList.encode(Self.value, as: format).dropLast(3))
    #expect(throws: PlistParseError.self) { try PropertyList.decode(keepingOnly: "a", of: broken) }
  }
}
