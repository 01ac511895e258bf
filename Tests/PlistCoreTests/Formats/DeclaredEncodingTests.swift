import PlistCore
import Testing

/// The `encoding` of an XML declaration, as CoreFoundation honours it: Latin-1 converted,
/// UTF-8 spellings read as they are, anything else refused; looked for only in the
/// declaration's first 256 bytes.
@Suite("Declared encoding")
struct DeclaredEncodingTests {
  static func document(_ declaration: String, _ body: [UInt8]) -> [UInt8] {
    Array(declaration.utf8) + Array("<plist><string>".utf8) + body
      + Array("</string></plist>".utf8)
  }

  @Test(arguments: [
    "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>", "<?xml encoding = 'latin1' ?>",
    "<?xml version='1.0' encoding=\"L1\"?>",
  ])
  func latin1IsConverted(declaration: String) throws {
    let value = try PropertyList.decode(Self.document(declaration, [0x47, 0x72, 0xF6]), as: .xml)
    #expect(value == .string("Grö"))
  }

  @Test(arguments: [
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version=\"1.0\"?>",
    "<?xml version=\"1.0\" encoding=\"us-ascii\"?>", "<?xml version=\"1.0\" encoding=UTF-8?>",
    "<?xml version=\"1.0\"" + String(repeating: " ", count: 256) + "encoding=\"latin1\"?>",
  ])
  func utf8IsReadAsItIs(declaration: String) throws {
    let value = try PropertyList.decode(Self.document(declaration, Array("Grö".utf8)), as: .xml)
    #expect(value == .string("Grö"))
  }

  @Test func otherEncodingsAreRefused() {
    let bytes = Self.document("<?xml version=\"1.0\" encoding=\"EUC-JP\"?>", [0x41])
    #expect(throws: PlistParseError.self) { try PropertyList.decode(bytes, as: .xml) }
  }
}
