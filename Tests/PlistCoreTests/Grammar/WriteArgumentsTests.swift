import PlistCore
import Testing

@Suite("write's value arguments")
struct WriteArgumentsTests {
  @Test(arguments: [
    ("-int", "abc"), ("-int", "1.5"), ("-float", "x"), ("-float", "nan"), ("-bool", "1"),
    ("-date", "tomorrow"), ("-data", "0x12"), ("-data", "12 34"), ("-integer", "2^64"),
  ])
  func refusesWhatDefaultsStoresAsGarbage(_ flag: String, _ argument: String) {
    let failure = #expect(throws: WriteArgumentError.self) {
      try WriteArguments.parse([flag, argument])
    }
    #expect(failure == .invalidFlagArgument(flag, argument))
    #expect(failure?.isMalformed == true)
  }

  static let forms: [([String], PlistValue)] = [
    (["-int", "42"], .integer(42)), (["-INTEGER", " -9 "], -9),
    (["-float", "5.5"], .real(5.5)), (["-bool", "YES"], true), (["-boolean", "no"], false),
    (["-string", "-5"], "-5"), (["hello world"], "hello world"), (["a\\tb"], "a\tb"),
    (["<integer>5</integer>"], 5), (["(a, 1)"], .array(["a", "1"])),
    (["-data", "ABC"], .data(PlistData([0x0a, 0xbc]))),
    (["-date", "2001-01-01"], .date(PlistDate(secondsSinceReferenceDate: 0))),
    (["-json", "[1, 2.5, true]"], .array([1, .real(2.5), true])),
    (["-array", "one", "-int", "2"], .array(["one", 2])),
    (["-dict", "k", "-bool", "true"], .dictionary(["k": true])),
    (["-int", "18446744073709551615"], .integer(PlistInteger(UInt64.max))),
  ]

  @Test(arguments: forms)
  func parsesEachForm(_ arguments: [String], _ expected: PlistValue) throws {
    #expect(try WriteArguments.parse(arguments) == .set(expected))
  }

  @Test func compositeAdditions() throws {
    #expect(try WriteArguments.parse(["-array-add", "x"]) == .arrayAdd(["x"]))
    #expect(
      try WriteArguments.parse(["-dict-add", "k", "v"], deepMerge: true)
        == .dictAdd(["k": "v"], deep: true))
  }

  @Test(arguments: [
    ([String](), WriteArgumentError.missingValue), (["-int"], .missingFlagArgument("-int")),
    (["-array", "-dict"], .nestedComposite("-dict")),
    (["-dict", "(a)", "b"], .nonStringKey("(a)")),
    (["-dict", "k"], .keyWithoutValue("k")), (["-int", "1", "2"], .unexpectedArgument("2")),
    (["say \"hi\""], .unparsableLiteral("say \"hi\"")),
  ])
  func refusals(_ arguments: [String], _ expected: WriteArgumentError) throws {
    #expect(throws: expected) { try WriteArguments.parse(arguments) }
  }

  @Test func refusalsThatAreNotUsageErrors() throws {
    #expect(!WriteArgumentError.unparsableLiteral("x").isMalformed)
    #expect(!WriteArgumentError.nestedComposite("-dict").isMalformed)
    #expect(throws: WriteArgumentError.notADictionary(found: .array)) {
      try WriteArguments.replacement("(1, 2)")
    }
    #expect(try WriteArguments.replacement("{a = 1;}") == ["a": "1"])
  }

  @Test func spellingReplaysEveryValue() throws {
    var generator = ValueGenerator(seed: 5)
    for _ in 0..<200 {
      let value = generator.value(depth: 3)
      let replayed = try WriteArguments.parse(try WriteArguments.spelling(of: value))
      // Dates inside collections go through XML, which keeps whole seconds.
      let expected: PlistValue
      switch value {
      case .array, .dictionary: expected = Normalize.forXML(value)
      default: expected = value
      }
      #expect(replayed == .set(expected), "\(value)")
    }
  }

  /// Text in a collection's spelling escapes markup and every control character, in one
  /// or two digits, so that the one-line fragment keeps them.
  @Test func controlCharactersInACollectionAreSpelledAsReferences() throws {
    let value = PlistValue.array([.string("t\tx\u{1F}\u{1}<&>é")])
    #expect(
      try WriteArguments.spelling(of: value)
        == ["<array><string>t&#9;x&#31;&#1;&lt;&amp;&gt;é</string></array>"])
  }

  /// A value nested deeper than any file may be (built in code) has no spelling: refused,
  /// not replaced by an empty dictionary as it once silently was.
  @Test func aValueTooDeepToWriteHasNoSpelling() {
    var value: PlistValue = "leaf"
    for _ in 0..<(PropertyList.maximumDepth + 5) { value = [value] }
    #expect(throws: PlistEncodingError.self) { try WriteArguments.spelling(of: value) }
  }

  @Test(arguments: [
    ("2024-01-02 03:04:05 +0000", 725_857_445.0), ("2024-01-02T05:04:05+02:00", 725_857_445),
    ("2024-01-02T03:04:05Z", 725_857_445), ("2024-01-02T03:04:05.25Z", 725_857_445.25),
    ("2024-01-02", 725_846_400), ("2024-01-02 03:04:05 -0130", 725_862_845),
  ])
  func datesInEveryAcceptedSpelling(_ text: String, _ seconds: Double) throws {
    #expect(
      try WriteArguments.parse(["-date", text])
        == .set(.date(PlistDate(secondsSinceReferenceDate: seconds))))
  }

  @Test(arguments: ["2024-13-01", "2024-02-30", "2024-01-02 25:00:00 +0000", "2024-01-02 03:04"])
  func impossibleDatesAreRefused(_ text: String) throws {
    #expect(throws: WriteArgumentError.invalidFlagArgument("-date", text)) {
      try WriteArguments.parse(["-date", text])
    }
  }

  /// What `defaults` stores for the arguments plistctl refuses: `longLongValue` for `-int`,
  /// `floatValue` (a 32-bit float) for `-float`, nothing where `defaults` refuses too.
  @Test(arguments: [
    ("-int", "0.02", PlistValue.integer(0)), ("-int", "abc", 0), ("-int", "1.9", 1),
    ("-int", "0x10", 0), ("-INTEGER", "  -12abc", -12), ("-int", "+7 ", 7),
    ("-int", "99999999999999999999", .integer(PlistInteger(Int64.max))),
    ("-int", "-99999999999999999999", .integer(PlistInteger(Int64.min))),
    ("-float", "x", .real(0)), ("-float", "1.5kg", .real(1.5)), ("-float", "-.5e1x", .real(-5)),
    ("-float", "0.1.2", .real(Double(Float(0.1)))), ("-float", "2e", .real(2)),
  ])
  func whatDefaultsStoresInstead(_ flag: String, _ argument: String, _ stored: PlistValue) {
    #expect(WriteArguments.storedByDefaults(flag, argument) == stored)
  }

  @Test func nothingWhereDefaultsRefusesToo() {
    #expect(WriteArguments.storedByDefaults("-bool", "1") == nil)
    #expect(WriteArguments.storedByDefaults("-date", "tomorrow") == nil)
    #expect(WriteArguments.storedByDefaults("-data", "0x12") == nil)
    #expect(WriteArguments.storedByDefaults("-float", "1e39") == nil)
  }

  /// Every flag the list names (for help, completion and the man page) is one `parse` takes.
  @Test(arguments: WriteArguments.flags)
  func everyListedFlagIsParsed(_ flag: String) throws {
    let argument = ["-data": "0a", "-bool": "yes", "-boolean": "no", "-date": "2024-01-02"][flag]
    let composite = flag.hasPrefix("-array") || flag.hasPrefix("-dict")
    _ = try WriteArguments.parse(composite ? [flag] : [flag, argument ?? "1"])
  }
}

/// `write DOMAIN KEY` with the value forgotten: `defaults` says "Rep argument is not a
/// dictionary", having read the key as a dictionary to replace the domain with.
@Suite("write's replacement argument")
struct WriteReplacementTests {
  @Test(arguments: ["AppleLanguages", ":a:b", "Key With Spaces", ""])
  func aPlainWordIsAKeyWithoutItsValue(_ token: String) {
    #expect(throws: WriteArgumentError.missingValueAfterKey(token)) {
      try WriteArguments.replacement(token)
    }
  }

  @Test func literalsThatAreNotDictionariesAreStillRefusedAsSuch() throws {
    #expect(throws: WriteArgumentError.notADictionary(found: .array)) {
      try WriteArguments.replacement("(a, b)")
    }
    #expect(try WriteArguments.replacement("{ a = b; }") == ["a": "b"])
  }
}
