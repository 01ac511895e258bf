import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// How XML spells a UID (`XMLUIDSpelling`), read and written.
@Suite("XML's UID spelling")
struct UIDSpellingTests {
  /// One rule (`XMLUIDSpelling.reading`) for a lone `CF$UID` key, and every path keeps it:
  /// the XML reader reads a UID, a dictionary or refuses; the tree writer and the binary to
  /// XML converter refuse exactly the misread numbers; a domain write refuses every number
  /// (its root would not read back as a dictionary), the file left as it was.
  @Test(arguments: [
    (PlistValue.integer(0), "<integer>0</integer>"),
    (.integer(PlistInteger(UInt64.max)), "<integer>18446744073709551615</integer>"),
    (.integer(-1), "<integer>-1</integer>"), (.real(2), "<real>2</real>"),
    (.string("7"), "<string>7</string>"), (.boolean(true), "<true/>"),
    (PlistValue.dictionary(["a": 1]), "<dict><key>a</key><integer>1</integer></dict>"),
  ])
  func everyPathKeepsTheOneCFUIDRule(_ value: PlistValue, _ xml: String) throws {
    let reading = XMLUIDSpelling.reading(value)
    let dictionary = PlistValue.dictionary(["CF$UID": value])
    let read = Result {
      try PropertyList.decode(
        Array(XMLAgreementTests.plist("<dict><key>CF$UID</key>\(xml)</dict>").utf8))
    }
    let written = Result { try PropertyList.encode(dictionary, as: .xml) }
    let binary = try PropertyList.encode(.array([dictionary]), as: .binary)
    let converted = try StreamingConversionTests.convert(binary).output
    switch reading {
    case .uid(let uid):
      #expect(try read.get().value == .uid(uid))
      #expect(try PropertyList.decode(written.get()).value == .uid(uid))
    case .misread:
      #expect(throws: PlistParseError.self) { try read.get() }
      #expect(throws: PlistEncodingError.self) { try written.get() }
      #expect(converted == nil)
    case .dictionary:
      #expect(try read.get().value == dictionary)
      #expect(try PropertyList.decode(written.get()).value == dictionary)
      #expect(converted != nil)
    }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try DomainStore(root: directory.url.path)
    let domain = try Domain(named: "com.example.uid")
    try store.replace(domain, with: ["other": 1])
    let before = try directory.read("com.example.uid.plist")
    let rewrite = Result { try store.replace(domain, with: ["CF$UID": value]) }
    if reading == .dictionary {
      #expect(throws: Never.self) { try rewrite.get() }
    } else {
      #expect(throws: PlistError.self) { try rewrite.get() }
      #expect(try directory.read("com.example.uid.plist") == before)
    }
  }
}
