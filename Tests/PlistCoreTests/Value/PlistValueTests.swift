import PlistCore
import Testing

/// The value API as a Swift user writes it: literals, typed accessors and subscripts.
@Suite("PlistValue")
struct PlistValueTests {
  // MARK: - Literals

  @Test func literalsOfEveryKind() {
    let value: PlistValue = ["a": 1, "b": [true, 2.5], "c": "text"]
    let expected = PlistValue.dictionary(
      PlistDictionary([
        "a": .integer(1), "b": .array([.boolean(true), .real(2.5)]), "c": .string("text"),
      ]))
    #expect(value == expected)
    let array: PlistValue = [1, "a", true]
    #expect(array == .array([.integer(1), .string("a"), .boolean(true)]))
  }

  @Test func dictionaryLiteralKeepsTheLastOfRepeatedKeys() {
    let value: PlistValue = ["k": 1, "k": 2]
    #expect(value["k"] == 2)
    #expect(value.dictionaryValue?.count == 1)
  }

  // MARK: - Typed accessors

  @Test func eachAccessorAnswersOnlyForItsCase() {
    let date = PlistDate(secondsSinceReferenceDate: 5)
    let data = PlistData([1, 2])
    let values: [PlistValue] = [
      "s", 7, 2.5, true, .date(date), .data(data), [1], ["k": 1], .uid(9),
    ]
    #expect(values.compactMap(\.stringValue) == ["s"])
    #expect(values.compactMap(\.integerValue) == [7])
    #expect(values.compactMap(\.intValue) == [7])
    #expect(values.compactMap(\.doubleValue) == [2.5])
    #expect(values.compactMap(\.boolValue) == [true])
    #expect(values.compactMap(\.dateValue) == [date])
    #expect(values.compactMap(\.dataValue) == [data])
    #expect(values.compactMap(\.arrayValue) == [[1]])
    #expect(values.compactMap(\.dictionaryValue) == [["k": 1]])
    #expect(values.compactMap(\.uidValue) == [9])
  }

  @Test func intValueIsNilOutOfRange() {
    #expect(PlistValue.integer(PlistInteger(UInt64.max)).intValue == nil)
    #expect(PlistValue.integer(PlistInteger(Int64.min)).intValue == Int(Int64.min))
    #expect(PlistValue.real(3).intValue == nil)
  }

  // MARK: - Subscripts

  @Test func subscriptsReadNaturally() {
    let value: PlistValue = ["Count": 3, "Items": ["a", ["Name": "b"]]]
    #expect(value["Count"]?.intValue == 3)
    #expect(value["Items"]?[1]?["Name"]?.stringValue == "b")
    #expect(value["Missing"] == nil)
    #expect(value["Items"]?[2] == nil)
    #expect(value["Items"]?[-1] == nil)
    #expect(value[0] == nil, "a dictionary has no index")
    #expect(value["Count"]?["x"] == nil, "an integer has no keys")
  }

  // MARK: - Dates compare as PlistValue does

  @Test func dateEqualityAgreesWithValueEquality() {
    let zero = PlistDate(secondsSinceReferenceDate: 0)
    let negativeZero = PlistDate(secondsSinceReferenceDate: -0.0)
    let nan = PlistDate(secondsSinceReferenceDate: .nan)
    let otherNaN = PlistDate(secondsSinceReferenceDate: -.nan)
    #expect(zero != negativeZero)
    #expect(PlistValue.date(zero) != .date(negativeZero))
    #expect(nan == otherNaN)
    #expect(PlistValue.date(nan) == .date(otherNaN))
    #expect(nan.hashValue == otherNaN.hashValue)
    #expect(Set([nan, otherNaN, zero, negativeZero]).count == 3)
  }
}
