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

  @Test func aTopLevelKeyIsTakenAsItIs() {
    let key = PlistPath(topLevelKey: "com.example.some:key")
    #expect(key.components == ["com.example.some:key"])
    #expect(key.description == ":com.example.some\\:key")
    #expect(PlistPath("plain") == nil)
  }

  @Test func equalityIsByComponents() {
    #expect(PlistPath(topLevelKey: "a") == PlistPath(components: ["a"]))
    #expect(PlistPath(":a") == PlistPath(components: ["a"]))
    #expect(PlistPath(":") == PlistPath.root)
    #expect(Set([PlistPath(topLevelKey: "a"), PlistPath(components: ["a"])]).count == 1)
  }

  @Test func theKeyPathSubscriptNeverThrows() {
    #expect(Self.sample[path: path(":HPLocation:lat")] == .real(52.5))
    #expect(Self.sample[path: path(":apps:1")] == "b")
    #expect(Self.sample[path: path(":n:x")] == nil)
    #expect(Self.sample[path: .root] == Self.sample)
  }

  static let sample: PlistValue = .dictionary([
    "HPLocation": .dictionary(["lat": .real(52.5)]), "apps": .array(["a", "b"]), "n": 1,
  ])

  @Test func readsThroughDictionariesAndArrays() throws {
    #expect(try Self.sample.value(at: path(":HPLocation:lat")) == .real(52.5))
    #expect(try Self.sample.value(at: path(":apps:1")) == "b")
    #expect(try Self.sample.value(at: path(":apps:2")) == nil)
    #expect(try Self.sample.value(at: path(":missing:x")) == nil)
    #expect(
      throws: PlistError.pathBlocked(
        path(":n:x"), blockedAt: path(":n"), reason: .notAContainer(.integer))
    ) {
      try Self.sample.value(at: path(":n:x"))
    }
    #expect(
      throws: PlistError.pathBlocked(
        path(":apps:x"), blockedAt: path(":apps"), reason: .notAnIndex("x"))
    ) {
      try Self.sample.value(at: path(":apps:x"))
    }
  }

  @Test func writesCreateParentsAndAppendAtTheEnd() throws {
    var value = try Self.sample.setting("new", at: path(":a:b:c"))
    #expect(try value.value(at: path(":a:b:c")) == "new")
    value = try value.setting("c", at: path(":apps:2"))
    value = try value.setting("B", at: path(":apps:1"))
    #expect(try value.value(at: path(":apps")) == .array(["a", "B", "c"]))
    #expect(
      throws: PlistError.pathBlocked(
        path(":apps:5"), blockedAt: path(":apps:5"), reason: .pastEnd(count: 3))
    ) {
      try value.setting("x", at: path(":apps:5"))
    }
    #expect(throws: PlistError.self) { try value.setting("x", at: path(":n:deeper")) }
  }

  @Test func removes() throws {
    let value = try #require(try Self.sample.removing(at: path(":apps:0")))
    #expect(try value.value(at: path(":apps")) == .array(["b"]))
    #expect(try Self.sample.removing(at: path(":nothing")) == nil)
  }
}

/// A key path from its typed form (every literal in these tests starts with `:`).
private func path(_ text: String) -> PlistPath {
  PlistPath(text) ?? PlistPath.root
}
