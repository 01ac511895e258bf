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
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## Decoding an Info.plist").last)
    let block = try #require(section.components(separatedBy: "```").dropFirst().first)
    let source = try String(contentsOf: here, encoding: .utf8)
    let normalizedSource = Set(source.split(separator: "\n").map(Self.normalize))
    let lines = block.split(separator: "\n").dropFirst().map(Self.normalize)
    #expect(lines.count > 10)
    for line in lines where !line.isEmpty && line != "import PlistCore" {
      #expect(normalizedSource.contains(line), "README line not in the test: \(line)")
    }
  }

  /// A line without indentation and with runs of spaces collapsed (the formatter aligns
  /// the README's comments differently).
  private static func normalize(_ line: Substring) -> String {
    line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }
}
