import Foundation
import PlistCore
import Testing

/// What a schema lets each key hold, type by type, with values inside and outside: the real
/// sample app's elements where it has them, small made-up ones otherwise.
@Suite("Settings schemas: validation")
struct SettingsSchemaTests {
  static let sample: SettingsSchema? = try? SettingsSchema(
    bundlePath: SettingsCorpusTests.path("inappsettingskit"))

  struct Check: CustomTestStringConvertible, Sendable {
    let key: String
    let allowed: [PlistValue]
    let refused: [PlistValue]
    var testDescription: String { key }
  }

  static let date = PlistValue.date(PlistDate(secondsSinceReferenceDate: 600_000_000))

  static let checks: [Check] = [
    // A toggle with a boolean default: true and false, and the numbers the Settings app
    // takes for them (NSNumber compares by value: 1 is YES); no strings.
    Check(key: "toggleSwitch", allowed: [true, false, 1, 0, 1.0], refused: ["YES", 2, "true"]),
    // String TrueValue/FalseValue: the strings, not booleans.
    Check(key: "toogle_string", allowed: ["foo", "bar"], refused: [true, false, "baz", "FOO"]),
    Check(key: "toogle_string_false", allowed: ["foo", "bar"], refused: ["", 0]),
    // Integer TrueValue/FalseValue 1/0: the numbers 1 and 0 however written, not strings.
    Check(key: "toogle_number", allowed: [1, 0, true, false, 0.0], refused: [2, "1", 1.5]),
    // A slider from 0 to 1 (integer bounds, real default): integers and reals inside.
    Check(
      key: "slider_preference1", allowed: [0.5, 0, 1, 0.0, 1.0, 0.999, true, false],
      refused: [1.5, -0.1, 2, "0.5", .real(.nan)]),
    // A slider from 1 to 5 with an integer default.
    Check(key: "sensitivity", allowed: [1, 3, 5, 2.5, 5.0], refused: [0, 6, 5.01, "3"]),
    // A multi-value over integers: the values as numbers (3.0 is 3, YES is 1), not strings.
    Check(key: "mulValue", allowed: [0, 3, 10, 3.0, true], refused: [11, -1, "3", 2.5]),
    Check(key: "multivalue", allowed: [1, 2, 3], refused: [0, 4, "One"]),
    // A multi-value over strings whose declared default is not among them: the default is
    // still taken (it is what the app registers; lint reports it), nothing else is.
    Check(
      key: "fruit2", allowed: ["Banana", "Orange", "Strawberry", "Fruit"], refused: ["Apple", 1]),
    // A radio group over integers, and one over strings (in a child pane of a child pane).
    Check(key: "radiogroup", allowed: [1, 2, 3, 2.0], refused: [4, "2", 2.5]),
    Check(key: "fruit", allowed: ["Banana", "Kiwi", 1], refused: [2, "Apple", "banana"]),
    // Text fields and text views: strings, empty included.
    Check(key: "text_plain", allowed: ["", "hello", "Plain Text"], refused: [4, true, ["a"]]),
    Check(key: "text_secure", allowed: ["hunter2"], refused: [.data(PlistData([1, 2]))]),
    Check(key: "dynamicTextView", allowed: ["a\nb"], refused: [1.5]),
    // A date picker: dates.
    Check(key: "date", allowed: [date], refused: ["2020-01-01", 0]),
    // A title value: the app writes what it likes.
    Check(key: "version", allowed: ["2.0", 7, true, ["any": "thing"]], refused: []),
    // A multi-value or radio group whose Values the app supplies at run time.
    Check(key: "countryCode", allowed: ["de", 1], refused: []),
    Check(key: "radiogroup2", allowed: ["Seattle", 2], refused: []),
    // A key the bundle does not declare.
    Check(key: "notInTheBundle", allowed: [1, "x", date], refused: []),
  ]

  @Test(arguments: checks)
  func eachTypeAllowsItsValuesAndRefusesOthers(_ check: Check) throws {
    let schema = try #require(Self.sample)
    for value in check.allowed {
      #expect(throws: Never.self, "\(value)") { try schema.validate(value, forKey: check.key) }
      #expect(schema[check.key]?.allows(value) ?? true, "\(value)")
    }
    for value in check.refused {
      let error = #expect(throws: PlistError.self, "\(value)") {
        try schema.validate(value, forKey: check.key)
      }
      guard case .refusedBySchema(let key, let refused, let allowed)? = error else {
        Issue.record("\(value): expected refusedBySchema, got \(String(describing: error))")
        continue
      }
      #expect(key == check.key)
      #expect(refused == value || (refused.doubleValue?.isNaN == true))
      #expect(allowed == schema[check.key]?.constraint.allowedValues)
    }
  }

  /// Each refusal names the key, the value as `write` takes it, and what is allowed.
  @Test func aRefusalSaysWhatIsAllowed() throws {
    let schema = try #require(Self.sample)
    let cases: [(String, PlistValue, String)] = [
      (
        "toggleSwitch", "YES",
        #"toggleSwitch cannot be "YES": the schema allows -bool true or -bool false"#
      ),
      ("toogle_string", "baz", #"toogle_string cannot be "baz": the schema allows "foo" or "bar""#),
      (
        "toogle_number", 2,
        "toogle_number cannot be -int 2: the schema allows -int 1 or -int 0"
      ),
      (
        "slider_preference1", 1.5,
        "slider_preference1 cannot be -float 1.5: the schema allows a number from 0 to 1"
      ),
      (
        "radiogroup", 4,
        "radiogroup cannot be -int 4: the schema allows one of -int 1, -int 2, -int 3"
      ),
      ("text_plain", 4, "text_plain cannot be -int 4: the schema allows a string"),
      ("date", "now", #"date cannot be "now": the schema allows a date"#),
    ]
    for (key, value, message) in cases {
      let error = #expect(throws: PlistError.self) { try schema.validate(value, forKey: key) }
      #expect(error?.description == message)
    }
  }

  @Test func aDomainsContentsAreCheckedKeyByKey() throws {
    let schema = try #require(Self.sample)
    #expect(throws: Never.self) {
      try schema.validate(["toggleSwitch": false, "sensitivity": 4, "mine": "anything"])
    }
    let error = #expect(throws: PlistError.self) {
      try schema.validate(["toggleSwitch": false, "sensitivity": 9])
    }
    #expect(
      error
        == .refusedBySchema(key: "sensitivity", value: 9, allowed: .range(minimum: 1, maximum: 5)))
    #expect(throws: Never.self) { try schema.validate([:]) }
  }

  // MARK: - Constraints on their own

  @Test func aListGroupHoldsAnArray() throws {
    let box = try SyntheticBundle(root: [
      ["Type": "IASKListGroupSpecifier", "Key": "tags", "Title": "Tags"]
    ])
    defer { box.remove() }
    let schema = try box.schema()
    #expect(schema["tags"]?.constraint == .list)
    #expect(throws: Never.self) { try schema.validate(["a", 1], forKey: "tags") }
    #expect(throws: Never.self) { try schema.validate([], forKey: "tags") }
    let error = #expect(throws: PlistError.self) { try schema.validate("a", forKey: "tags") }
    #expect(error?.description == #"tags cannot be "a": the schema allows an array"#)
    // A list group holds a value but is not edited as one: no factory default.
    #expect(schema.factoryDefaults.isEmpty)
  }

  /// A toggle without TrueValue and FalseValue stores booleans; one with them, theirs.
  @Test func theConstraintOfEachElementType() throws {
    let box = try SyntheticBundle(root: [
      Element.toggle("plain", false),
      Element.with(Element.toggle("mixed", "on"), ["TrueValue": "on", "FalseValue": 0]),
      Element.slider("slider", 0.5, 0, 1),
      Element.multi("multi", "a", values: ["a", 2], titles: ["A", "Two"]),
      Element.text("text"),
      ["Type": "IASKDatePickerSpecifier", "Key": "when"],
      ["Type": "PSTitleValueSpecifier", "Key": "shown", "DefaultValue": "x"],
      ["Type": "IASKCustomViewSpecifier", "Key": "custom"],
    ])
    defer { box.remove() }
    let schema = try box.schema()
    func constraint(_ key: String) -> SettingsConstraint? { schema[key]?.constraint }
    #expect(constraint("plain") == .toggle(on: true, off: false))
    #expect(constraint("plain")?.storedType == .boolean)
    #expect(constraint("mixed") == .toggle(on: "on", off: 0))
    #expect(constraint("mixed")?.storedType == nil)
    #expect(constraint("slider") == .range(minimum: 0, maximum: 1))
    #expect(constraint("slider")?.storedType == .real)
    #expect(constraint("multi")?.allowedValues == .oneOf(["a", 2]))
    #expect(constraint("multi")?.storedType == nil)
    #expect(schema["multi"]?.choiceTitles == ["A", "Two"])
    #expect(constraint("text") == .text)
    #expect(constraint("when") == .date)
    #expect(constraint("shown") == .any)
    #expect(constraint("shown")?.allowedValues == nil)
    #expect(constraint("custom") == .any)
    #expect(schema["shown"]?.isEditable == false)
    #expect(schema["custom"]?.isEditable == true)
  }
}
