import Foundation
import Testing

@testable import PlistCore

/// XML to binary through the compact storage (`XMLCompactVisitor`, `CompactPlistWriter`)
/// must write the tree path's very bytes wherever the tree reader reads the document, and
/// refuse wherever it refuses, with the tree reader's error.
@Suite("XML to binary without a tree")
struct CompactConversionTests {
  /// The binary the compact path writes, or its error.
  static func compactResult(_ bytes: [UInt8]) -> Result<[UInt8], PlistParseError> {
    bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(PlistParseError) in
        // Nil only above 4 GiB; no bytes then, which differ from the tree's.
        guard let plist = try XMLPlistReader.readCompact(buffer) else { return [] }
        let out = ByteOutput()
        // An encoding error (more objects than a file holds) cannot happen here; none
        // differs from the tree's bytes.
        guard (try? CompactPlistWriter.write(plist, to: out)) != nil else { return [] }
        return out.finish()
      }
    }
  }

  /// The binary the compact path writes, or nil where it refuses the document.
  static func compact(_ bytes: [UInt8]) -> [UInt8]? { try? compactResult(bytes).get() }

  /// The binary the tree path writes, or the XML reader's error.
  static func treeResult(_ bytes: [UInt8]) -> Result<[UInt8], PlistParseError> {
    Result { () throws(PlistParseError) in
      let value = try PropertyList.decode(bytes, as: .xml)
      // Whatever the XML reader reads, the binary writer writes; no bytes would differ.
      return (try? PropertyList.encode(value, as: .binary)) ?? []
    }
  }

  /// The binary the tree path writes, or nil where the XML reader refuses the document.
  static func tree(_ bytes: [UInt8]) -> [UInt8]? { try? treeResult(bytes).get() }

  /// Both paths write the same bytes, or both refuse with the same error; `accepted`, when
  /// given, says which (a change that broke both readers alike would pass the comparison
  /// alone).
  static func expectSame(
    _ bytes: [UInt8], _ comment: Comment? = nil, accepted: Bool? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let converted = compactResult(bytes)
    #expect(converted == treeResult(bytes), comment, sourceLocation: sourceLocation)
    if let accepted {
      #expect(((try? converted.get()) != nil) == accepted, comment, sourceLocation: sourceLocation)
    }
  }

  static func expectSame(
    _ xml: String, accepted: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectSame(Array(xml.utf8), "\(xml)", accepted: accepted, sourceLocation: sourceLocation)
  }

  /// A plist document around `body`.
  static func wrap(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\(body)\n</plist>\n"
  }

  @Test func textOfEveryKind() {
    for body in [
      "<string>a &lt;b&gt; &amp; &apos;c&quot; &#65;&#x1F600;&#xe9;</string>",
      "<string><![CDATA[<not> & markup]]>and text</string>",
      "<array><!-- a comment --><string>x</string><?pi here?><string>x</string></array>",
      "<string>Größe 名前 📁 \u{E000}</string>", "<string/>", "<string></string>",
      "<array><string>same</string><key>same</key><string>same</string></array>",
      "<string>\(String(repeating: "long ", count: 40))</string>",
      "<string>\(String(repeating: "é", count: 40))</string>",
      "<string a=\"1\" b='2'>attributes</string>", "<string\n>spaced tag</string\n>",
    ] {
      Self.expectSame(Self.wrap(body))
    }
  }

  @Test func numbersDatesAndData() {
    for body in [
      "<integer>0</integer>", "<integer>-0</integer>", "<integer>255</integer>",
      "<integer>256</integer>", "<integer>65536</integer>", "<integer>4294967296</integer>",
      "<integer>9223372036854775807</integer>", "<integer>9223372036854775808</integer>",
      "<integer>18446744073709551615</integer>", "<integer>-9223372036854775808</integer>",
      "<integer>0x1F</integer>", "<integer> +7</integer>", "<integer>- 7</integer>",
      "<real>0.0</real>", "<real>-0.0</real>", "<real>nan</real>", "<real>-INF</real>",
      "<real>1e308</real>", "<real>0.10000000000000001</real>", "<real> 2.5</real>",
      "<date>2024-01-32T25:61:61Z</date>", "<date>-0004-13-01T00:00:00Z</date>",
      "<data>\n\tAAEC\n\tAw==\n</data>", "<data></data>",
      "<data>\(String(repeating: "QUJD", count: 30))</data>",
      "<true/>", "<false></false>",
      "<array><integer>1</integer><real>1</real><true/><string>1</string><integer>1</integer></array>",
      "<array><date>2001-01-01T00:00:00Z</date><real>0</real><integer>0</integer><false/></array>",
    ] {
      Self.expectSame(Self.wrap(body))
    }
  }

  @Test func dictionaryKeysAndUIDs() {
    for body in [
      "<dict><key>b</key><integer>1</integer><key>a</key><integer>2</integer><key>b</key><integer>3</integer></dict>",
      "<dict><key>z</key><true/><key>é</key><true/><key>\u{E000}</key><true/><key>😀</key><true/><key>A</key><true/></dict>",
      "<dict><key>ab</key><true/><key>a</key><false/><key></key><string>empty key</string></dict>",
      "<dict><key>k</key><string>v</string><key>k</key><string>w</string></dict>",
      "<dict><key>CF$UID</key><integer>7</integer></dict>",
      "<dict><key>CF$UID</key><integer>18446744073709551615</integer></dict>",
      "<dict><key>CF$UID</key><string>7</string></dict>",
      "<dict><key>CF$UID</key><integer>1</integer><key>CF$UID</key><integer>2</integer></dict>",
      "<dict><key>CF$UID</key><integer>1</integer><key>x</key><integer>2</integer></dict>",
      // Alike in four characters (compared as one word), then ASCII against UTF-16.
      "<dict><key>abcdé</key><true/><key>abcdz</key><true/><key>abcd</key><true/></dict>",
      "<dict><key>abcdzé</key><true/><key>abcdéz</key><true/><key>abc😀</key><true/></dict>",
      "<array><dict><key>CF$UID</key><integer>3</integer></dict><integer>3</integer></array>",
      "<dict/>", "<array/>", "<dict></dict>", "<array></array>",
      "<array>"
        + String(
          repeating:
            "<dict><key>a</key><integer>1</integer><key>b</key><array/><key>c</key><dict/></dict>",
          count: 12) + "</array>",
    ] {
      Self.expectSame(Self.wrap(body))
    }
    // A `CF$UID` that no UID can hold is refused by both, as CoreFoundation refuses it.
    for body in [
      "<dict><key>CF$UID</key><integer>-1</integer></dict>",
      "<dict><key>CF$UID</key><real>1</real></dict>",
    ] {
      Self.expectSame(Self.wrap(body), accepted: false)
    }
  }

  /// Base64's white space makes the room kept for data larger than the data; where that
  /// crosses a width of the header (14 bytes in room for 15 or more, 255 in room for 256,
  /// 65,535 in room for 65,536), the header is the real count's and the bytes follow it.
  @Test func dataWhoseWhiteSpaceOverstatesItsLength() {
    for count in [0, 1, 14, 15, 255, 256, 65_535, 65_536] {
      let bytes = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
      let spaced = bytes.base64EncodedString(options: .lineLength64Characters)
        .replacingOccurrences(of: "\r\n", with: "\n" + String(repeating: " ", count: 40))
      Self.expectSame(
        Self.wrap("<data>\n" + String(repeating: "\t", count: 60) + spaced + "</data>"))
    }
  }

  @Test func documentShapesAndEncodings() throws {
    let document = Self.wrap("<dict><key>naïve</key><string>Größe 😀</string></dict>")
    Self.expectSame("<string>a bare root</string>")
    Self.expectSame("<!DOCTYPE plist SYSTEM \"x\"><!-- c --><plist><array/></plist>")
    Self.expectSame([0xEF, 0xBB, 0xBF] + Array(document.utf8), accepted: true)
    for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian] {
      let bom: [UInt8] =
        encoding == .utf16LittleEndian
        ? [0xFF, 0xFE] : encoding == .utf16BigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE, 0, 0]
      let text = try #require(document.data(using: encoding))
      Self.expectSame(bom + [UInt8](text), accepted: true)
    }
    let latin1 =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>caf\u{E9}</string></plist>"
    Self.expectSame(try #require(latin1.data(using: .isoLatin1)).map { $0 }, accepted: true)
  }

  @Test func nestingToTheLimit() {
    let limit = PropertyList.maximumDepth
    for depth in [limit - 1, limit, limit + 1] {
      let xml =
        String(repeating: "<array>", count: depth) + "<string>deep</string>"
        + String(repeating: "</array>", count: depth)
      Self.expectSame(Array(xml.utf8), "depth \(depth)", accepted: depth <= limit)
    }
  }

  @Test func refusals() {
    for body in [
      "<string>a & b</string>", "<string>&unknown;</string>", "<integer>1 </integer>",
      "<integer>18446744073709551616</integer>", "<real>1.5x</real>", "<date>2024-1-1</date>",
      "<data>QQ</data>", "<data>Q===</data>", "<data/>", "<dict><key>a</key></dict>",
      "<dict><string>a</string><true/></dict>", "<array><foo/></array>", "<array>",
      "<string><!-- c --></string>", "<array></dict>", "<plist><true/></plist>",
    ] {
      Self.expectSame(Self.wrap(body), accepted: false)
    }
    Self.expectSame(
      [0x3C, 0x73, 0x74, 0x72, 0x69, 0x6E, 0x67, 0x3E, 0xC3, 0x28, 0x3C, 0x2F], accepted: false)
    Self.expectSame("<string>x</string><string>y</string>", accepted: false)
  }

  /// Through `FileAccess.convert`: the compact path's bytes, and the tree reader's error for
  /// a refused document, naming the file as before.
  @Test func fileConversionReportsTheTreeReadersError() throws {
    var generator = ValueGenerator(seed: 5)
    let good = try PropertyList.encode(generator.dictionary(depth: 4), as: .xml)
    let converted = try StreamingConversionTests.convert(good, to: .binary)
    #expect(converted.output == Self.tree(good))
    for body in [
      "<dict><key>CF$UID</key><integer>-1</integer></dict>", "<string>\u{1}&x;</string>",
    ] {
      let bytes = Array(Self.wrap(body).utf8)
      let refused = try StreamingConversionTests.convert(bytes, to: .binary)
      #expect(refused.output == nil)
      #expect(
        StreamingConversionTests.describe(refused.error)
          == StreamingConversionTests.throughTree(bytes, to: .binary, compact: false).error)
    }
  }

  /// python3's plistlib writes binary as CoreFoundation orders it, so the compact path must
  /// write its very bytes from its XML (an oracle independent of the tree path).
  @Test func plistlibsBinaryByteForByte() throws {
    for (n, (xml, binary, _)) in try PlistlibOracleTests.plistlibFiles("pair", seed: 23, count: 20)
      .enumerated()
    {
      #expect(Self.compact(xml) == binary, "value \(n)")
    }
  }
}
