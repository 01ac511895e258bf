import Foundation
import Testing

/// `:key:path` in read, read-type, write, delete and rename; plain keys stay plain.
@Suite("Key paths on the command line")
struct KeyPathCommandTests {
  @Test func everyCommandReachesIntoNestedValues() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", ":HPLocation:lat", "-float", "52.5")
    _ = try box.ok("write", "d", "persistent-apps", "-array", "{label = Mail;}")
    _ = try box.ok("write", "d", ":persistent-apps:1", "-dict", "label", "Warp")
    _ = try box.ok("write", "d", ":persistent-apps:0:tile-data", "-dict-add", "x", "-int", "1")
    _ = try box.ok("write", "d", ":persistent-apps:1:tags", "-array-add", "a", "b")
    #expect(try box.ok("read", "d", ":HPLocation:lat") == "52.5\n")
    #expect(try box.ok("read-type", "d", ":persistent-apps:0:tile-data:x") == "Type is integer\n")
    #expect(
      try box.ok("read", "d", ":persistent-apps:1")
        == "{\n    label = Warp;\n    tags =     (\n        a,\n        b\n    );\n}\n")
    _ = try box.ok("rename", "d", ":persistent-apps:1:label", ":title")
    #expect(try box.ok("read", "d", "title") == "Warp\n")
    _ = try box.ok("delete", "d", ":persistent-apps:0")
    #expect(
      try box.ok("read", "d", ":persistent-apps:0")
        == "{\n    tags =     (\n        a,\n        b\n    );\n}\n")
  }

  @Test func refusalsChangeNothing() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "n", "-int", "1")
    _ = try box.ok("write", "d", "list", "(a)")
    let before = try box.bytes("d")
    let scalar = try box.run("write", "d", ":n:x", "1")
    #expect(scalar.status == 1)
    #expect(
      scalar.stderr == "plistctl: Key path :n:x: :n is an integer, not a dictionary or an array\n")
    let pastEnd = try box.run("write", "d", ":list:2", "x")
    #expect(pastEnd.status == 1)
    #expect(pastEnd.stderr == "plistctl: Key path :list:2 is past the end of an array of 1\n")
    let notIndex = try box.run("write", "d", ":list:first", "x")
    #expect(
      notIndex.stderr
        == "plistctl: Key path :list:first: :list is an array, and 'first' is not an index\n")
    #expect(try box.run("read", "d", ":list:5").status == 1)
    #expect(try box.run("delete", "d", ":list:5").status == 1)
    #expect(try box.bytes("d") == before)
  }

  @Test func escapedColonsAndPlainKeysWithDots() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", ":foo\\:bar:x", "1")
    _ = try box.ok("write", "d", "com.apple.key:with:colons", "2")
    let contents = try box.contents("d")
    #expect((contents["foo:bar"] as? [String: Any])?["x"] as? String == "1")
    #expect(contents["com.apple.key:with:colons"] as? String == "2")
  }

  @Test func deepMergeIsOptIn() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "m", "{ view = { size = 64; grid = 1; }; }")
    _ = try box.ok("write", "d", "m", "-dict-add", "view", "{ size = 32; }")
    #expect(try box.ok("read", "d", ":m:view") == "{\n    size = 32;\n}\n")
    _ = try box.ok("write", "d", "m", "{ view = { size = 64; grid = 1; }; }")
    _ = try box.ok("write", "--deep", "d", "m", "-dict-add", "view", "{ size = 32; }")
    #expect(try box.ok("read", "d", ":m:view") == "{\n    grid = 1;\n    size = 32;\n}\n")
  }
}
