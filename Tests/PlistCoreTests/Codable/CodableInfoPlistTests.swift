import Foundation
import PlistCore
import Testing

/// Real Info.plist files from the corpus, decoded into a Swift type.
@Suite("Codable: Info.plist")
struct CodableInfoPlistTests {
  struct InfoPlist: Codable, Equatable {
    struct URLType: Codable, Equatable {
      var role: String?
      var name: String?
      var schemes: [String]

      enum CodingKeys: String, CodingKey {
        case role = "CFBundleTypeRole"
        case name = "CFBundleURLName"
        case schemes = "CFBundleURLSchemes"
      }
    }

    struct TransportSecurity: Codable, Equatable {
      var allowsArbitraryLoads: Bool?

      enum CodingKeys: String, CodingKey {
        case allowsArbitraryLoads = "NSAllowsArbitraryLoads"
      }
    }

    var identifier: String
    var name: String?
    var version: String
    var shortVersion: String?
    var packageType: String?
    var urlTypes: [URLType]?
    var requiresIPhoneOS: Bool?
    var queriedSchemes: [String]?
    var transportSecurity: TransportSecurity?
    var orientations: [String]?

    enum CodingKeys: String, CodingKey {
      case identifier = "CFBundleIdentifier"
      case name = "CFBundleName"
      case version = "CFBundleVersion"
      case shortVersion = "CFBundleShortVersionString"
      case packageType = "CFBundlePackageType"
      case urlTypes = "CFBundleURLTypes"
      case requiresIPhoneOS = "LSRequiresIPhoneOS"
      case queriedSchemes = "LSApplicationQueriesSchemes"
      case transportSecurity = "NSAppTransportSecurity"
      case orientations = "UISupportedInterfaceOrientations"
    }
  }

  static let files = Fixtures.corpus.map(\.file).filter { $0.hasPrefix("real/info_") }

  @Test func anIOSAppsInfoPlist() throws {
    let bytes = try Fixtures.bytes("corpus/real/info_awful_Info.plist")
    var format = PlistFormat.binary
    let info = try PlistDecoder().decode(InfoPlist.self, from: bytes, format: &format)
    #expect(format == .xml)
    #expect(info.identifier == "$(PRODUCT_BUNDLE_IDENTIFIER)")
    #expect(info.version == "${DYLIB_CURRENT_VERSION}")
    #expect(
      info.urlTypes == [
        .init(
          role: "Editor", name: "com.awfulapp.Awful", schemes: ["awful", "awfulhttp", "awfulhttps"])
      ])
    #expect(info.requiresIPhoneOS == true)
    #expect(info.queriedSchemes?.count == 11)
    #expect(info.transportSecurity == .init(allowsArbitraryLoads: true))
    #expect(info.orientations?.first == "UIInterfaceOrientationPortrait")
  }

  @Test func aBinaryInfoPlistCompiledByXcode() throws {
    let bytes = try Fixtures.bytes("corpus/real/info_awful_TUSafariActivity_binary.plist")
    var format = PlistFormat.xml
    let info = try PlistDecoder().decode(InfoPlist.self, from: bytes, format: &format)
    #expect(format == .binary)
    #expect(info.identifier == "com.davbeck.TUSafariActivity")
    #expect(info.shortVersion == "1.0.4")
    #expect(info.packageType == "BNDL")
    #expect(info.urlTypes == nil)
  }

  @Test("every Info.plist decodes as with PropertyListDecoder", arguments: files)
  func sameAsFoundation(file: String) throws {
    let bytes = try Fixtures.bytes("corpus/" + file)
    let ours = Result { try PlistDecoder().decode(InfoPlist.self, from: bytes) }
    let theirs = Result { try PropertyListDecoder().decode(InfoPlist.self, from: Data(bytes)) }
    switch (ours, theirs) {
    case (.success(let a), .success(let b)): #expect(a == b)
    case (.failure(let a), .failure(let b)): #expect(CodableErrorShape(a) == CodableErrorShape(b))
    default: Issue.record("PlistDecoder: \(ours); Foundation: \(theirs)")
    }
  }

  @Test func encodingItBackWritesFoundationsBytes() throws {
    let info = try PlistDecoder().decode(
      InfoPlist.self, from: try Fixtures.bytes("corpus/real/info_awful_Info.plist"))
    for format in [PlistFormat.xml, .binary] {
      var ours = PlistEncoder()
      ours.outputFormat = format
      let theirs = PropertyListEncoder()
      theirs.outputFormat = format == .xml ? .xml : .binary
      #expect(try ours.encode(info) == [UInt8](try theirs.encode(info)))
    }
  }
}
