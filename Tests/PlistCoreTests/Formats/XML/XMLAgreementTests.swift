import Foundation
import PlistCore
import Testing

/// PlistCore's XML reader against CoreFoundation's, on the inputs where XML readers part
/// ways. Foundation's `PropertyListSerialization` is the oracle: on Linux it runs CF's own XML
/// parser (swift-corelibs-foundation). The rule each case checks: whatever PlistCore accepts,
/// CF reads to the same value; where CF reads what an XML parser would not, PlistCore refuses
/// (docs/formats.md, "Where plistctl and CoreFoundation differ").
@Suite("XML reader agrees with CoreFoundation")
struct XMLAgreementTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let xml: String
    /// What CF reads on this machine; nil when it refuses the file.
    let foundation: PlistValue?
    /// Whether PlistCore reads it (then always to CF's value).
    let accepted: Bool

    var testDescription: String { name }
  }

  /// CF's reading of an XML document, or nil when CF refuses it as XML.
  static func foundation(_ xml: String) -> PlistValue? {
    var format = PropertyListSerialization.PropertyListFormat.xml
    guard
      let object = try? PropertyListSerialization.propertyList(
        from: Data(xml.utf8), options: [], format: &format),
      format == .xml
    else { return nil }
    return FoundationBridge.value(object)
  }

  static func check(_ c: Case, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(foundation(c.xml) == c.foundation, "CF on this machine", sourceLocation: sourceLocation)
    let ours = try? PropertyList.decode(Array(c.xml.utf8), as: .xml)
    if c.accepted {
      #expect(ours != nil && ours == c.foundation, sourceLocation: sourceLocation)
    } else {
      #expect(
        ours == nil, "PlistCore read \(String(describing: ours))", sourceLocation: sourceLocation)
    }
  }

  static let markup: [Case] = [
    Case(
      name: "a quoted attribute value holding '>' (Psychic Paper's shape)",
      xml: "<plist><string =\">apple</string><!-- \">evil</string><!-- --></plist>",
      foundation: "apple", accepted: false),
    Case(
      name: "CF ends a tag at the first '>', even inside quotes",
      xml: "<plist><string a=\">x\">y</string></plist>", foundation: "x\">y", accepted: false),
    Case(
      name: "'<' inside a quoted attribute value",
      xml: "<plist version=\"<\"><string>x</string></plist>", foundation: "x", accepted: false),
    Case(
      name: "'>' quoted in the plist element's attribute",
      xml: "<plist version='1>0'><string>x</string></plist>", foundation: nil, accepted: false),
    Case(
      name: "ordinary attributes",
      xml: "<plist version=\"1.0\"><string a='b' c=\"d\">x</string></plist>", foundation: "x",
      accepted: true),
    Case(
      name: "a self-closing element with an attribute",
      xml: "<plist><string a=\"1\"/></plist>", foundation: "", accepted: true),
    Case(
      name: "an empty comment before the root, whose end CF misses",
      xml: "<!----><string>evil</string><!-- --><string>good</string>", foundation: "good",
      accepted: false),
    Case(
      name: "an empty comment inside an element",
      xml: "<plist><!----><string>a</string></plist>", foundation: "a", accepted: true),
    Case(
      name: "'<!-->' opens a comment before the root",
      xml: "<!--><string>evil</string>--><string>good</string>", foundation: "good",
      accepted: true),
    Case(
      name: "'<!--->' opens a comment inside an element",
      xml: "<plist><array><!---><string>evil</string>--><string>good</string></array></plist>",
      foundation: ["good"], accepted: true),
    Case(
      name: "a comment inside <string>",
      xml: "<plist><string>a<!-- x -->b</string></plist>", foundation: nil, accepted: false),
    Case(
      name: "a comment inside <key>",
      xml: "<plist><dict><key>a<!-- x -->b</key><true/></dict></plist>", foundation: nil,
      accepted: false),
    Case(
      name: "'<?>' inside an element, a whole instruction to CF",
      xml: "<plist><array><?><string>evil</string><?x?><string>good</string></array></plist>",
      foundation: ["evil", "good"], accepted: false),
    Case(
      name: "'<?>' before the root, the start of one to CF",
      xml: "<?><string>evil</string>?><string>good</string>", foundation: "good",
      accepted: false),
    Case(
      name: "processing instructions inside elements",
      xml: "<plist><array><??><?pi data?><string>a</string></array></plist>",
      foundation: ["a"], accepted: true),
    Case(
      name: "a DOCTYPE with an internal subset",
      xml: "<!DOCTYPE plist [<!ELEMENT plist ANY>]><plist><string>a</string></plist>",
      foundation: nil, accepted: false),
    Case(
      name: "a DOCTYPE ends at the first '>', quoted or not",
      xml: "<!DOCTYPE plist PUBLIC \"a>b\" \"c\"><plist><string>a</string></plist>",
      foundation: nil, accepted: false),
    Case(
      name: "a DOCTYPE inside an element",
      xml: "<plist><array><!DOCTYPE x><string>a</string></array></plist>", foundation: nil,
      accepted: false),
    Case(
      name: "Apple's header and two DOCTYPEs",
      xml: """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <!DOCTYPE plist><plist version="1.0"><string>a</string></plist>
        """,
      foundation: "a", accepted: true),
    Case(
      name: "a hexadecimal reference with a capital X",
      xml: "<plist><string>&#X41;</string></plist>", foundation: nil, accepted: false),
    Case(
      name: "references, CDATA and a character beyond the BMP",
      xml: "<plist><string>&#x41;&#66;&lt;<![CDATA[<b>]]>&#x1F600;</string></plist>",
      foundation: "AB<<b>\u{1F600}", accepted: true),
  ]

  @Test("markup: attributes, comments, instructions, DOCTYPEs, references", arguments: markup)
  func markupAgrees(_ c: Case) { Self.check(c) }
}

// MARK: - Scalars: white space, dates out of range

extension XMLAgreementTests {
  static func date(_ seconds: Double) -> PlistValue {
    .date(PlistDate(secondsSinceReferenceDate: seconds))
  }

  static func plist(_ body: String) -> String { "<plist>\(body)</plist>" }

  static let scalars: [Case] = [
    Case(
      name: "a day past the month's end (issue 11)",
      xml: plist("<date>2024-01-32T20:43:14Z</date>"),
      foundation: date(728_512_994), accepted: true),
    Case(
      name: "30 February", xml: plist("<date>2024-02-30T00:00:00Z</date>"),
      foundation: date(730_944_000), accepted: true),
    Case(
      name: "day 00", xml: plist("<date>2024-01-00T00:00:00Z</date>"),
      foundation: date(725_673_600), accepted: true),
    Case(
      name: "hour, minute and second 99", xml: plist("<date>2024-01-01T99:99:99Z</date>"),
      foundation: date(726_122_439), accepted: true),
    Case(
      name: "month 13, January of the next year", xml: plist("<date>2024-13-01T00:00:00Z</date>"),
      foundation: date(757_382_400), accepted: true),
    Case(
      name: "month 13 of year -1", xml: plist("<date>-0001-13-01T00:00:00Z</date>"),
      foundation: date(-63_145_526_400), accepted: true),
    Case(
      name: "a year with leading zeros", xml: plist("<date>000000000002024-01-01T00:00:00Z</date>"),
      foundation: date(725_760_000), accepted: true),
    Case(
      name: "month 00, read as January", xml: plist("<date>2024-00-01T00:00:00Z</date>"),
      foundation: date(725_760_000), accepted: false),
    Case(
      name: "month 14, read as January", xml: plist("<date>2024-14-01T00:00:00Z</date>"),
      foundation: date(725_760_000), accepted: false),
    Case(
      name: "a year past 2^31, wrapped", xml: plist("<date>4294969297-01-01T00:00:00Z</date>"),
      foundation: date(0), accepted: false),
    Case(
      name: "a year without digits", xml: plist("<date>--01-01T00:00:00Z</date>"),
      foundation: date(-63_145_526_400), accepted: false),
    Case(
      name: "white space before a date", xml: plist("<date> 2024-01-01T00:00:00Z</date>"),
      foundation: nil, accepted: false),
    Case(
      name: "white space after a date", xml: plist("<date>2024-01-01T00:00:00Z </date>"),
      foundation: nil, accepted: false),
    Case(
      name: "white space after a real (issue 11)", xml: plist("<real>1.5  </real>"),
      foundation: nil,
      accepted: false),
    Case(
      name: "white space before a real", xml: plist("<real> \t\u{0B}\u{A0}\u{2003}1.5</real>"),
      foundation: .real(1.5), accepted: true),
    Case(
      name: "white space around nan", xml: plist("<real> nan</real>"), foundation: nil,
      accepted: false),
    Case(
      name: "NaN and -INF in capitals",
      xml: plist("<array><real>NaN</real><real>-INF</real></array>"),
      foundation: [.real(.nan), .real(-.infinity)], accepted: true),
    Case(
      name: "a reference inside a real", xml: plist("<real>1&#46;5</real>"), foundation: .real(1.5),
      accepted: false),
    Case(
      name: "white space after an integer", xml: plist("<integer>5 </integer>"), foundation: nil,
      accepted: false),
    Case(
      name: "white space before an integer and after its sign",
      xml: plist("<integer>\u{0B} - \u{3000}5</integer>"), foundation: .integer(-5), accepted: true),
    Case(
      name: "no-break space is not white space before an integer",
      xml: plist("<integer>\u{A0}5</integer>"), foundation: nil, accepted: false),
  ]

  @Test("scalars: white space, dates out of range", arguments: scalars)
  func scalarsAgree(_ c: Case) { Self.check(c) }
}

// MARK: - Data and text encodings

extension XMLAgreementTests {
  static func bytes(_ string: String) -> [UInt8] { Array(string.utf8) }

  static let data: [Case] = [
    Case(
      name: "padded base64", xml: plist("<data>QUJD QQ==</data>"),
      foundation: .data(PlistData([0x41, 0x42, 0x43, 0x41])), accepted: true),
    Case(
      name: "an unpadded last group, which CF drops", xml: plist("<data>QUJDQQ</data>"),
      foundation: .data(PlistData([0x41, 0x42, 0x43])), accepted: false),
    Case(
      name: "half the padding", xml: plist("<data>QQ=</data>"), foundation: .data(PlistData([])),
      accepted: false),
    Case(
      name: "padding beyond the last group, zero bytes to CF",
      xml: plist("<data>QUJD====</data>"), foundation: .data(PlistData([0x41, 0x42, 0x43, 0])),
      accepted: false),
    Case(
      name: "<data/>", xml: plist("<data/>"), foundation: nil, accepted: false),
    Case(
      name: "<data></data>", xml: plist("<data></data>"), foundation: .data(PlistData([])),
      accepted: true),
  ]

  @Test("data: base64 groups", arguments: data)
  func dataAgrees(_ c: Case) { Self.check(c) }

  static func declared(_ encoding: String, _ body: [UInt8]) -> [UInt8] {
    bytes("<?xml version=\"1.0\" encoding=\(encoding)?><plist><string>") + body
      + bytes("</string></plist>")
  }

  /// Byte-level cases: the text encoding is decided before any XML is read.
  static let encodings: [(name: String, bytes: [UInt8], foundation: PlistValue?, accepted: Bool)] =
    [
      ("UTF-8 declared", declared("\"UTF-8\"", [0x63, 0xC3, 0xA9]), "c\u{E9}", true),
      ("utf8 declared", declared("'utf8'", [0x63, 0xC3, 0xA9]), "c\u{E9}", true),
      ("Latin-1 declared", declared("\"ISO-8859-1\"", [0x63, 0xE9]), "c\u{E9}", true),
      (
        "spaces around '=' declare nothing to CF", declared(" = \"latin1\"", [0x63, 0xC3, 0xA9]),
        "c\u{E9}", true
      ),
      ("ASCII declared, ASCII text", declared("\"us-ascii\"", [0x63]), "c", true),
      (
        "ASCII declared, a byte above 0x7F (CF on Linux reads Latin-1)",
        declared("\"us-ascii\"", [0x63, 0xC3, 0xA9]), "c\u{C3}\u{A9}", false
      ),
      ("UTF-16 declared in 8-bit text", declared("\"UTF-16\"", [0x63]), nil, false),
      (
        "UTF-16 without a BOM (CF drops its first character)",
        Array(
          "\n<plist><string>c</string></plist>".utf16.flatMap {
            [UInt8($0 & 0xFF), UInt8($0 >> 8)]
          }),
        "c", false
      ),
      (
        "UTF-16 with a BOM",
        [0xFE, 0xFF]
          + "<plist><string>c\u{E9}</string></plist>".utf16.flatMap {
            [UInt8($0 >> 8), UInt8($0 & 0xFF)]
          },
        "c\u{E9}", true
      ),
    ]

  @Test("text encodings", arguments: encodings.indices)
  func encodingAgrees(_ index: Int) {
    let c = Self.encodings[index]
    var format = PropertyListSerialization.PropertyListFormat.xml
    let object = try? PropertyListSerialization.propertyList(
      from: Data(c.bytes), options: [], format: &format)
    let theirs = format == .xml ? object.flatMap(FoundationBridge.value) : nil
    #expect(theirs == c.foundation, "CF on this machine: \(c.name)")
    let ours = try? PropertyList.decode(c.bytes, as: .xml)
    if c.accepted {
      #expect(ours != nil && ours == c.foundation, "\(c.name)")
    } else {
      #expect(ours == nil, "\(c.name): PlistCore read \(String(describing: ours))")
    }
  }
}

// MARK: - UIDs

extension XMLAgreementTests {
  /// CF makes a UID of any number under a lone `CF$UID` key, keeping 32 bits of it; a negative
  /// integer or a real there is refused, and never written (by the streaming converter either),
  /// rather than read as a dictionary CF does not see.
  @Test(arguments: [
    ("<integer>-1</integer>", PlistValue.integer(-1)), ("<real>1.5</real>", .real(1.5)),
  ])
  func aCFUIDThatIsNoUIDIsRefused(_ number: String, _ value: PlistValue) throws {
    let xml = Self.plist("<dict><key>CF$UID</key>\(number)</dict>")
    var format = PropertyListSerialization.PropertyListFormat.xml
    let object = try PropertyListSerialization.propertyList(
      from: Data(xml.utf8), options: [], format: &format)
    #expect(!(object is [String: Any]), "CF reads a UID, not a dictionary")
    #expect(throws: PlistParseError.self) { try PropertyList.decode(Array(xml.utf8), as: .xml) }
    let dictionary = PlistValue.dictionary(["CF$UID": value])
    #expect(throws: PlistEncodingError.self) { try PropertyList.encode(dictionary, as: .xml) }
    let binary = try PropertyList.encode(.array([dictionary]), as: .binary)
    #expect(try StreamingConversionTests.convert(binary).output == nil)
    // A UID, and a dictionary holding anything else, are as before.
    #expect(
      try PropertyList.decode(
        Array(Self.plist("<dict><key>CF$UID</key><integer>7</integer></dict>").utf8), as: .xml)
        == .uid(7))
  }
}
