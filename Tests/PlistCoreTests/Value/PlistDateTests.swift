import PlistCore
import Testing

@Suite("PlistDate")
struct PlistDateTests {
  typealias Components = PlistDate.Components

  static let known: [(Components, Double)] = [
    (Components(year: 2001, month: 1, day: 1, hour: 0, minute: 0, second: 0), 0.0),
    (Components(year: 2024, month: 2, day: 29, hour: 12, minute: 0, second: 0), 730_900_800),
    (Components(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0), -978_307_200),
    (Components(year: 1600, month: 3, day: 1, hour: 0, minute: 0, second: 0), -12_649_219_200),
  ]

  @Test(arguments: known)
  func calendarFieldsRoundTrip(_ components: Components, _ seconds: Double) throws {
    let date = try #require(PlistDate(components))
    #expect(date.secondsSinceReferenceDate == seconds)
    #expect(date.components == components)
  }

  @Test(arguments: [
    Components(year: 2023, month: 2, day: 29, hour: 0, minute: 0, second: 0),
    Components(year: 2024, month: 13, day: 1, hour: 0, minute: 0, second: 0),
    Components(year: 2024, month: 4, day: 31, hour: 0, minute: 0, second: 0),
    Components(year: 2024, month: 1, day: 1, hour: 24, minute: 0, second: 0),
  ])
  func impossibleFieldsAreRefused(_ components: Components) {
    #expect(PlistDate(components) == nil)
  }

  @Test func fractionsRoundDownAndUnprintableDatesHaveNoFields() {
    let date = PlistDate(secondsSinceReferenceDate: -0.5)
    #expect(date.components?.second == 59)
    #expect(PlistDate(secondsSinceReferenceDate: .nan).components == nil)
    #expect(PlistDate(secondsSince1970: 978_307_200).secondsSinceReferenceDate == 0)
  }

  @Test func equalityIsThePlistValuesEquality() {
    let nan = PlistDate(secondsSinceReferenceDate: .nan)
    #expect(nan == nan)
    #expect(PlistDate(secondsSinceReferenceDate: 0) != PlistDate(secondsSinceReferenceDate: -0.0))
    #expect((PlistValue.date(nan) == .date(nan)) == (nan == nan))
    #expect(Set([nan, nan]).count == 1)
  }
}
