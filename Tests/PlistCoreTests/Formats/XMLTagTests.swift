import Testing

@testable import PlistCore

/// `XMLTag` matches names by their bytes packed into an integer: every name must find its
/// own tag, and nothing else any tag.
@Suite("XML tags")
struct XMLTagTests {
  static func tag(_ name: String) -> XMLTag? {
    Array(name.utf8).withUnsafeBufferPointer { XMLTag($0) }
  }

  @Test(arguments: [
    "plist", "dict", "array", "key", "string", "integer", "real", "date", "data", "true", "false",
  ])
  func everyNameFindsItsTag(_ name: String) throws {
    let tag = try #require(Self.tag(name))
    #expect(tag.staticName.description == name)
    // Packed from the end of a text and from its middle (one load of a word).
    let bytes = Array(name.utf8)
    #expect(bytes.withUnsafeBufferPointer { XMLTag.pack($0, 0..<bytes.count) } == tag.packedName)
    let text = Array("<\(name)>        ".utf8)
    #expect(
      text.withUnsafeBufferPointer { XMLTag.pack($0, 1..<(1 + bytes.count)) } == tag.packedName)
  }

  @Test(arguments: [
    "", "k", "ke", "Key", "KEY", "keys", "dicts", "integers", "plistx", "strin", "str\u{0}ng",
    "key\u{0}", "\u{0}key", "eky", "tru", "fals", "integerr",
  ])
  func otherNamesFindNone(_ name: String) {
    #expect(Self.tag(name) == nil)
  }
}
