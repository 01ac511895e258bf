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
