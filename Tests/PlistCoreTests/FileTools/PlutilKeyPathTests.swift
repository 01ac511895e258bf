import PlistCore
import Testing

/// plutil's key paths and its `-insert`, `-replace`, `-remove` rules, one case per sentence
/// plutil can say.
@Suite("plutil key paths")
struct PlutilKeyPathTests {
  @Test(arguments: [
    ("CFBundleVersion", ["CFBundleVersion"]), ("a.b.0", ["a", "b", "0"]),
    ("com\\.apple\\.security\\.app-sandbox", ["com.apple.security.app-sandbox"]),
    ("", [""]), ("a.", ["a", ""]), (".a", ["", "a"]), ("a..b", ["a", "", "b"]),
    // No escape for a backslash: `\\.` is a backslash and a dot inside the key.
    ("a\\\\.b", ["a\\.b"]), ("a\\b", ["a\\b"]), ("a\\", ["a\\"]),
  ])
  func splitsOnUnescapedDots(_ text: String, _ components: [String]) {
    #expect(PlutilKeyPath(text).components == components)
  }

  @Test func messagesShowThePathWithItsDotsEscaped() {
    #expect(PlutilKeyPath("a\\.b.c").description == "a\\.b.c")
    #expect(PlutilKeyPath("x.0").description == "x.0")
  }

  static let info: PlistValue = [
    "CFBundleVersion": "41",
    "CFBundleURLTypes": [["CFBundleURLSchemes": ["myapp"]]],
    "Count": 3,
  ]

  func placing(_ value: PlistValue, _ path: String, _ how: PlistValue.PlutilPlacement)
    throws(PlutilPathError) -> PlistValue
  {
    try Self.info.placing(value, at: PlutilKeyPath(path), how)
  }

  @Test func insertAddsAKeyAndRefusesOneThatExists() throws {
    let added = try placing("x", "New", .insert)
    #expect(added[path: PlistPath(":New")!] == "x")
    #expect(throws: PlutilPathError.valueExists(PlutilKeyPath("CFBundleVersion"))) {
      try placing("42", "CFBundleVersion", .insert)
    }
    #expect(
      "\(PlutilPathError.valueExists(PlutilKeyPath("CFBundleVersion")))"
        == "Value already exists at key path CFBundleVersion")
  }

  @Test func replaceSetsAKeyWhetherOrNotItExists() throws {
    #expect(try placing("42", "CFBundleVersion", .replace)["CFBundleVersion"] == "42")
    #expect(try placing(true, "Fresh", .replace)["Fresh"] == true)
  }

  @Test func nothingIsMadeOnTheWay() {
    #expect(throws: PlutilPathError.keyPathNotFound(PlutilKeyPath("NSAppTransportSecurity.x"))) {
      try placing(true, "NSAppTransportSecurity.x", .replace)
    }
    #expect(
      "\(PlutilPathError.keyPathNotFound(PlutilKeyPath("a.b")))" == "Key path not found a.b")
  }

  @Test func indicesInsertAppendAndReplace() throws {
    let schemes = "CFBundleURLTypes.0.CFBundleURLSchemes"
    let first = try placing("other", schemes + ".0", .insert)
    #expect(
      first[path: PlistPath(":CFBundleURLTypes:0:CFBundleURLSchemes")!] == ["other", "myapp"])
    let last = try placing("other", schemes + ".1", .insert)
    #expect(last[path: PlistPath(":CFBundleURLTypes:0:CFBundleURLSchemes")!] == ["myapp", "other"])
    let replaced = try placing("other", schemes + ".0", .replace)
    #expect(replaced[path: PlistPath(":CFBundleURLTypes:0:CFBundleURLSchemes")!] == ["other"])
    #expect(throws: PlutilPathError.outOfBounds(5, PlutilKeyPath(schemes + ".5"))) {
      try placing("other", schemes + ".5", .insert)
    }
    #expect(throws: PlutilPathError.outOfBounds(-1, PlutilKeyPath(schemes + ".-1"))) {
      try placing("other", schemes + ".-1", .insert)
    }
    #expect(throws: PlutilPathError.notAnIndex(PlutilKeyPath("CFBundleURLTypes.first"))) {
      try placing("other", "CFBundleURLTypes.first", .insert)
    }
    #expect(
      "\(PlutilPathError.outOfBounds(5, PlutilKeyPath("a.5")))"
        == "Index 5 out of bounds in array at key path a.5")
  }

  @Test func appendAddsToTheArrayThere() throws {
    let appended = try placing("other", "CFBundleURLTypes.0.CFBundleURLSchemes", .append)
    #expect(
      appended[path: PlistPath(":CFBundleURLTypes:0:CFBundleURLSchemes")!] == ["myapp", "other"])
    #expect(try placing(1, "Fresh", .append)["Fresh"] == 1)
    #expect(throws: PlutilPathError.appendingToNonArray(PlutilKeyPath("Count"))) {
      try placing(1, "Count", .append)
    }
    #expect(
      throws: PlutilPathError.appendingToNonArrayElement(PlutilKeyPath("CFBundleURLTypes.0"))
    ) {
      try placing(1, "CFBundleURLTypes.0", .append)
    }
  }

  @Test func aScalarInTheWayCannotTakeAValue() {
    #expect(throws: PlutilPathError.cannotInsert(PlutilKeyPath("Count.x"))) {
      try placing(1, "Count.x", .insert)
    }
  }

  @Test func anArrayAtTheTopIsIndexed() throws {
    let components: PlistValue = [
      ["RootRelativeBundlePath": "A.app"], ["RootRelativeBundlePath": "B.app"],
    ]
    let changed = try components.placing(false, at: PlutilKeyPath("1.BundleIsRelocatable"), .insert)
    #expect(changed.value(at: PlutilKeyPath("1.BundleIsRelocatable")) == false)
    #expect(components.value(at: PlutilKeyPath("0.RootRelativeBundlePath")) == "A.app")
    #expect(components.value(at: PlutilKeyPath("2")) == nil)
    #expect(components.value(at: PlutilKeyPath("RootRelativeBundlePath")) == nil)
  }

  @Test func removeTakesKeysAndElements() throws {
    #expect(try Self.info.removing(at: PlutilKeyPath("Count"))["Count"] == nil)
    let element = try Self.info.removing(at: PlutilKeyPath("CFBundleURLTypes.0"))
    #expect(element["CFBundleURLTypes"] == [])
    for missing in ["Nope", "Count.x", "CFBundleURLTypes.3", "CFBundleURLTypes.x", ""] {
      #expect(throws: PlutilPathError.nothingToRemove(PlutilKeyPath(missing))) {
        try Self.info.removing(at: PlutilKeyPath(missing))
      }
    }
    #expect(
      "\(PlutilPathError.nothingToRemove(PlutilKeyPath("a")))" == "No value to remove at key path a"
    )
  }
}
