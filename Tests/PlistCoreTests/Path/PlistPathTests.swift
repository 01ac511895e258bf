import PlistCore
import Testing

@Suite("Key paths")
struct PlistPathTests {
  @Test(arguments: [
    (":a:b", ["a", "b"]), (":persistent-apps:0:tile-data", ["persistent-apps", "0", "tile-data"]),
    (":foo\\:bar:x", ["foo:bar", "x"]), (":a\\\\b", ["a\\b"]), (":", []),
    (":a::b", ["a", "", "b"]),
  ])
  func parses(_ text: String, _ components: [String]) throws {
    let path = try #require(PlistPath(text))
    #expect(path.components == components)
    #expect(path.description == text)
  }

  @Test func aKeyWithoutALeadingColonIsOneTopLevelKey() {
    let key = PlistPath(key: "com.example.some:key")
    #expect(key.components == ["com.example.some:key"])
    #expect(key.displayName == "com.example.some:key")
    #expect(PlistPath("plain") == nil)
  }

  static let sample: PlistValue = .dictionary([
    "HPLocation": .dictionary(["lat": .real(52.5)]), "apps": .array(["a", "b"]), "n": 1,
  ])

  @Test func readsThroughDictionariesAndArrays() throws {
    #expect(try Self.sample.value(at: PlistPath(key: ":HPLocation:lat")) == .real(52.5))
    #expect(try Self.sample.value(at: PlistPath(key: ":apps:1")) == "b")
    #expect(try Self.sample.value(at: PlistPath(key: ":apps:2")) == nil)
    #expect(try Self.sample.value(at: PlistPath(key: ":missing:x")) == nil)
    #expect(
      throws: PlistError.refused("Key path :n:x: :n is an integer, not a dictionary or an array")
    ) {
      try Self.sample.value(at: PlistPath(key: ":n:x"))
    }
    #expect(
      throws: PlistError.refused("Key path :apps:x: :apps is an array, and 'x' is not an index")
    ) {
      try Self.sample.value(at: PlistPath(key: ":apps:x"))
    }
  }

  @Test func writesCreateParentsAndAppendAtTheEnd() throws {
    var value = try Self.sample.setting("new", at: PlistPath(key: ":a:b:c"))
    #expect(try value.value(at: PlistPath(key: ":a:b:c")) == "new")
    value = try value.setting("c", at: PlistPath(key: ":apps:2"))
    value = try value.setting("B", at: PlistPath(key: ":apps:1"))
    #expect(try value.value(at: PlistPath(key: ":apps")) == .array(["a", "B", "c"]))
    #expect(throws: PlistError.refused("Key path :apps:5 is past the end of an array of 3")) {
      try value.setting("x", at: PlistPath(key: ":apps:5"))
    }
    #expect(throws: PlistError.self) { try value.setting("x", at: PlistPath(key: ":n:deeper")) }
  }

  @Test func removes() throws {
    let value = try #require(try Self.sample.removing(at: PlistPath(key: ":apps:0")))
    #expect(try value.value(at: PlistPath(key: ":apps")) == .array(["b"]))
    #expect(try Self.sample.removing(at: PlistPath(key: ":nothing")) == nil)
  }
}
