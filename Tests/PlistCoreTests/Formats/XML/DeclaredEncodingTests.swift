import PlistCore
import Testing

/// The `encoding` of an XML declaration, as CoreFoundation honours it (`encodingForXMLData`):
/// `encoding=` spelled exactly, before the first `?` or `>`, with a quote right after it;
/// Latin-1 converted, UTF-8 spellings read as they are, ASCII only when it is, anything else
/// refused (XMLAgreementTests checks the same against Foundation).
@Suite("Declared encoding")
struct DeclaredEncodingTests {
  static func document(_ declaration: String, _ body: [UInt8]) -> [UInt8] {
    Array(declaration.utf8) + Array("<plist><string>".utf8) + body
      + Array("</string></plist>".utf8)
  }

  @Test(arguments: [
    "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>", "<?xml encoding='latin1' ?>",
    "<?xml version='1.0' encoding=\"L1\"?>",
    // CF looks past the first 256 bytes.
    "<?xml version=\"1.0\"" + String(repeating: " ", count: 256) + "encoding=\"latin1\"?>",
  ])
  func latin1IsConverted(declaration: String) throws {
    let value = try PropertyList.decode(Self.document(declaration, [0x47, 0x72, 0xF6]), as: .xml)
    #expect(value == .string("Grö"))
  }

  @Test(arguments: [
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version=\"1.0\"?>",
    "<?xml version=\"1.0\" encoding=UTF-8?>",
    // Spaces around `=` declare nothing to CF: the text is UTF-8.
    "<?xml encoding = 'latin1' ?>",
  ])
  func utf8IsReadAsItIs(declaration: String) throws {
    let value = try PropertyList.decode(Self.document(declaration, Array("Grö".utf8)), as: .xml)
    #expect(value == .string("Grö"))
  }

  @Test func asciiIsReadWhenItIsASCII() throws {
    let declaration = "<?xml version=\"1.0\" encoding=\"us-ascii\"?>"
    #expect(try PropertyList.decode(Self.document(declaration, Array("Gr".utf8)), as: .xml) == "Gr")
    // CF on Linux reads the bytes above 0x7F as Latin-1; UTF-8 would read them otherwise.
    #expect(throws: PlistParseError.self) {
      try PropertyList.decode(Self.document(declaration, Array("Grö".utf8)), as: .xml)
    }
  }

  @Test(arguments: ["EUC-JP", "UTF-16"])
  func otherEncodingsAreRefused(name: String) {
    let bytes = Self.document("<?xml version=\"1.0\" encoding=\"\(name)\"?>", [0x41])
    #expect(throws: PlistParseError.self) { try PropertyList.decode(bytes, as: .xml) }
  }
}
