import Foundation
import Testing

@testable import PlistCore

/// Values meet a bundle's schema as the Settings app compares NSNumbers: by value (5 is
/// 5.0, NO is 0), everywhere — choices, toggles, sliders, defaults, validation, the rows,
/// `dump --non-default`; a toggle shows a value it does not know as `boolValue` reads it.
@Suite("Settings bundles: values compared as numbers")
struct SettingsValueMatchTests {
  @Test(arguments: [
    (PlistValue.integer(5), PlistValue.real(5), true),
    (.real(4), .integer(4), true),
    (.real(4.5), .integer(4), false),
    (.boolean(false), .integer(0), true),
    (.boolean(true), .integer(1), true),
    (.boolean(true), .real(1), true),
    (.boolean(true), .integer(2), false),
    (.real(-0.0), .integer(0), true),
    (.integer(PlistInteger(UInt64.max)), .real(0x1p64), false),
    (.integer(PlistInteger(Int64(1) << 53 + 1)), .real(9_007_199_254_740_992), false),
    (.integer(PlistInteger(Int64(1) << 53)), .real(9_007_199_254_740_992), true),
    (.real(.nan), .real(.nan), true),
    (.real(.nan), .integer(0), false),
    (.string("5"), .integer(5), false),
    (.string("a"), .string("a"), true),
    (.array([1]), .array([1.0]), false),
  ])
  func numbersAndBooleansAreComparedByValue(_ a: PlistValue, _ b: PlistValue, _ same: Bool) {
    #expect(a.isSameSetting(as: b) == same)
    #expect(b.isSameSetting(as: a) == same)
  }

  @Test(arguments: [
    (PlistValue.string("NO"), Bool?.some(false)),
    ("YES", true), ("true", true), ("no", false), ("", false), ("7", true),
    (.integer(0), false), (.integer(3), true), (.real(0.5), true), (.boolean(true), true),
    (.date(PlistDate(secondsSince1970: 0)), nil), (.data(PlistData([1])), nil),
  ])
  func aToggleReadsAValueItDoesNotKnowAsBoolValueDoes(_ value: PlistValue, _ isOn: Bool?) {
    #expect(value.toggleState(on: true, off: false) == isOn)
  }

  @Test func aToggleKnowsItsOwnValuesFirst() {
    // String on and off values: "NO" is the off value here, "ON" the on one.
    #expect(PlistValue.string("ON").toggleState(on: "ON", off: "NO") == true)
    #expect(PlistValue.string("NO").toggleState(on: "ON", off: "NO") == false)
    // Integer on and off values meet a boolean.
    #expect(PlistValue.boolean(false).toggleState(on: 1, off: 0) == false)
    #expect(PlistValue.boolean(true).toggleState(on: 1, off: 0) == true)
  }

  /// The real app's pattern: `Values` as reals, the `DefaultValue` an integer; a toggle with
  /// integer on and off values and a boolean default; a slider with integer bounds.
  static func mixedNumbersBundle() throws -> SyntheticBundle {
    try SyntheticBundle(root: [
      Element.multi(
        "encoding", 5, values: [.real(4), .real(5)],
        titles: ["Japanese (Shift JIS)", "Western (ISO Latin 1)"], title: "Encoding"),
      Element.with(
        Element.toggle("flag", false, title: "Flag"), ["TrueValue": 1, "FalseValue": 0]),
      Element.slider("volume", 4, 0, 10),
      [
        "Type": "PSRadioGroupSpecifier", "Title": "Size", "Key": "size", "DefaultValue": 2,
        "Values": [.real(1), .real(2)], "Titles": ["Small", "Large"],
      ],
      [
        "Type": "PSTitleValueSpecifier", "Title": "Level", "Key": "level", "DefaultValue": 2.0,
        "Values": [1, 2], "Titles": ["Low", "High"],
      ],
      Element.toggle("legacy", "NO", title: "Legacy"),
      Element.toggle("eager", "YES", title: "Eager"),
    ])
  }

  @Test func theRowsShowTheTitleOfANumberWrittenAnotherWay() throws {
    let box = try Self.mixedNumbersBundle()
    defer { box.remove() }
    let schema = try box.schema()
    let defaults = schema.rows(of: schema.bundle.root) { key in
      schema.factoryDefaults[key].map { ($0, true) }
    }
    #expect(
      defaults.map(SettingsTextTests.describe) == [
        "multiValue Encoding=Western (ISO Latin 1) (default)", "toggle Flag=OFF (default)",
        "slider ────────●───────────=4 (default)", "header Size", "option 0 Small",
        "option 1 Large checked", "readOnly Level=High (default)", "toggle Legacy=OFF (default)",
        "toggle Eager=ON (default)",
      ])
    // Stored values keep their own type and are still recognised.
    let stored: PlistDictionary = ["encoding": .integer(4), "flag": true, "size": .integer(1)]
    let set = schema.rows(of: schema.bundle.root) { key in stored[key].map { ($0, false) } }
    #expect(
      set.map(SettingsTextTests.describe).prefix(6) == [
        "multiValue Encoding=Japanese (Shift JIS)", "toggle Flag=ON",
        "slider ────────────────────= (default)",
        "header Size", "option 0 Small checked", "option 1 Large",
      ])
  }

  @Test func aBundlesOwnDefaultsAreNoLintFindingAndAreAllowed() throws {
    let box = try Self.mixedNumbersBundle()
    defer { box.remove() }
    // The string toggle defaults are still worth a finding: they are not TrueValue/FalseValue.
    #expect(
      try box.findings() == [
        #"Root.plist:PreferenceSpecifiers:5:DefaultValue (legacy): the default "NO" is neither TrueValue nor FalseValue"#,
        #"Root.plist:PreferenceSpecifiers:6:DefaultValue (eager): the default "YES" is neither TrueValue nor FalseValue"#,
      ])
    let schema = try box.schema()
    for (key, value) in [
      ("encoding", PlistValue.integer(5)), ("encoding", .real(4)), ("flag", false),
      ("flag", .integer(1)), ("volume", .integer(4)), ("size", .integer(2)),
      ("legacy", "NO"), ("legacy", true),
    ] {
      #expect(throws: Never.self, "\(key) = \(value)") {
        try schema.validate(value, forKey: key)
      }
    }
    for (key, value) in [
      ("encoding", PlistValue.integer(6)), ("flag", .integer(2)), ("legacy", "YES"),
    ] {
      #expect(throws: PlistError.self, "\(key) = \(value)") {
        try schema.validate(value, forKey: key)
      }
    }
    // The factory defaults themselves, as `settings defaults` gives them, pass as a whole.
    try schema.validate(schema.factoryDefaults)
  }

  @Test func aValueEqualToItsDefaultWrittenAnotherWayIsNotADifference() throws {
    let box = try Self.mixedNumbersBundle()
    defer { box.remove() }
    let schema = try box.schema()
    let contents: PlistDictionary = [
      "encoding": .real(5), "flag": .integer(0), "volume": .real(4.5), "size": .real(1),
      "legacy": false, "other": 1,
    ]
    #expect(
      schema.differingFromFactoryDefaults(contents) == [
        "volume": .real(4.5), "size": .real(1), "legacy": false, "other": 1,
      ])
  }
}
