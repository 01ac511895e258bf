import Foundation
import PlistCore
import Testing

/// The README's "Decoding an Info.plist" example, line for line, so that it stays true.
@Suite("Codable: README example")
struct CodableReadmeExampleTests {
  struct InfoPlist: Codable {
    struct URLType: Codable {
      var name: String
      var schemes: [String]
      enum CodingKeys: String, CodingKey {
        case name = "CFBundleURLName"
        case schemes = "CFBundleURLSchemes"
      }
    }
    var identifier: String
    var urlTypes: [URLType]?
    enum CodingKeys: String, CodingKey {
      case identifier = "CFBundleIdentifier"
      case urlTypes = "CFBundleURLTypes"
    }
  }

  @Test func theInfoPlistExampleRuns() throws {
    let bytes = try Fixtures.bytes("corpus/real/info_awful_Info.plist")

    let info = try PlistDecoder().decode(InfoPlist.self, from: bytes)  // XML or binary
    let schemes = info.urlTypes?.first?.schemes ?? []  // ["awful", …]

    var encoder = PlistEncoder()  // binary by default, as in Foundation
    encoder.outputFormat = .xml
    let xml = try encoder.encode(info)  // PropertyListEncoder's bytes
    let value = try encoder.encodeToValue(info)  // or a PlistValue

    #expect(info.identifier == "$(PRODUCT_BUNDLE_IDENTIFIER)")
    #expect(schemes == ["awful", "awfulhttp", "awfulhttps"])
    let foundation = PropertyListEncoder()
    foundation.outputFormat = .xml
    #expect(xml == [UInt8](try foundation.encode(info)))
    #expect(value["CFBundleURLTypes"]?[0]?["CFBundleURLName"] == "com.awfulapp.Awful")
  }

  /// Every line of the README's example appears in this file, so that the two cannot drift.
  @Test func theReadmeShowsThisCode() throws {
    let example = try ReadmeBlock(section: "## Decoding an Info.plist")
    #expect(example.lines.count > 10)
    for line in example.lines where !line.isEmpty && line != "import PlistCore" {
      #expect(example.testLines.contains(line), "README line not in the test: \(line)")
    }
  }
}
