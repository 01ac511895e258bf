import Testing

@testable import PlistCore

/// `XMLTag` matches names by their bytes packed into an integer: every name must find its
/// own tag, and nothing else any tag.
@Suite("XML tags")
struct XMLTagTests {
  static func tag(_ name: String) -> XMLTag? {
    Array(name.utf8).withUnsafeBufferPointer {
      XMLTag(packed: XMLTag.pack($0, 0..<$0.count), count: $0.count)
    }
  }

  @Test(arguments: [
    "plist", "dict", "array", "key", "string", "integer", "real", "date", "data", "true", "false",
  ])
  func everyNameFindsItsTag(_ name: String) throws {
    let tag = try #require(Self.tag(name))
    #expect(tag.staticName.description == name)
    // Packed from the middle of a text too (one load of a word; above, from its end).
    let text = Array("<\(name)>        ".utf8)
    let count = name.utf8.count
    #expect(
      text.withUnsafeBufferPointer {
        XMLTag(packed: XMLTag.pack($0, 1..<(1 + count)), count: count)
      }
        == tag)
  }

  @Test(arguments: [
    "", "k", "ke", "Key", "KEY", "keys", "dicts", "integers", "plistx", "strin", "str\u{0}ng",
    "key\u{0}", "\u{0}key", "eky", "tru", "fals", "integerr",
  ])
  func otherNamesFindNone(_ name: String) {
    #expect(Self.tag(name) == nil)
  }

  static let allTags: [XMLTag] = [
    .plist, .dict, .array, .key, .string, .integer, .real, .date, .data, .true, .false,
  ]

  /// The eight bytes of `text` from `offset` as `XMLPlistReader.word(at:)` loads them.
  static func word(_ text: [UInt8], _ offset: Int = 0) -> UInt64 {
    (0..<8).reduce(0) { $0 | UInt64(text[offset + $1]) << (8 * UInt64($1)) }
  }

  @Test(arguments: allTags)
  func closingSpellingIsTheClosingTag(_ tag: XMLTag) {
    let text = Array("</\(tag.name)>".utf8) + Array(repeating: UInt8(ascii: "x"), count: 16)
    let spelling = tag.closingSpelling
    #expect(Self.word(text) & spelling.lowMask == spelling.low)
    #expect(Self.word(text, 8) & spelling.highMask == spelling.high)
    let length = (spelling.lowMask.nonzeroBitCount + spelling.highMask.nonzeroBitCount) / 8
    #expect(length == tag.name.utf8.count + 3)
    #expect(spelling.length == length)
    for other in Self.allTags where other != tag {
      let wrong = Array("</\(other.name)>".utf8) + Array(repeating: UInt8(ascii: "x"), count: 16)
      #expect(
        Self.word(wrong) & spelling.lowMask != spelling.low
          || Self.word(wrong, 8) & spelling.highMask != spelling.high)
    }
  }

  @Test func commonOpenTagsAreToldFromOneWord() {
    let expected: [(String, XMLTag, Bool)] = [
      ("<key>", .key, false), ("<string>", .string, false), ("<integer>", .integer, false),
      ("<real>", .real, false), ("<date>", .date, false), ("<data>", .data, false),
      ("<dict>", .dict, false), ("<array>", .array, false), ("<true/>", .true, true),
      ("<false/>", .false, true),
    ]
    for (spelling, tag, selfClosing) in expected {
      let text = Array(spelling.utf8) + Array(repeating: UInt8(ascii: "x"), count: 9)
      let found = XMLTag.commonOpenTag(Self.word(text), then: text[8])
      #expect(found?.tag == tag, "\(spelling)")
      #expect(found?.selfClosing == selfClosing, "\(spelling)")
      #expect(found?.length == spelling.utf8.count, "\(spelling)")
    }
    for other in [
      "<keys>", "<key a=\"\">", "<integerx>", "<integer/>", "<string/>", "<true>", "<false>",
      "<dict/>", "<array/>", "<plist>", "</key>", "<Key>", "<key >",
    ] {
      let text = Array(other.utf8) + Array(repeating: UInt8(ascii: "x"), count: 9)
      #expect(XMLTag.commonOpenTag(Self.word(text), then: text[8]) == nil, "\(other)")
    }
  }
}
