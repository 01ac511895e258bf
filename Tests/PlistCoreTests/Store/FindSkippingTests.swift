import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistCore

/// `find` skips a file only when its bytes show that no key or string in it holds the word,
/// and still refuses a broken file it skips, with the full read's error.
@Suite("find: skipping files")
struct FindSkippingTests {
  static let documents: [PlistValue] = [
    ["Pigeon": 1],
    ["a": "homing PIGEON"],
    ["a": "pigéon pigeon"],
    ["a": ["b": ["deep pigeon"]]],
    ["a": "pigeon 名前"],
    ["a": "\u{212A}ey"],
    ["a": "\u{0130}"],
    ["a": .data(PlistData(Array("pigeon".utf8)))],
    ["a": "a<pigeon>&"],
    ["a": 1, "b": "other"],
  ]
  static let words = ["pigeon", "PIGEON", "key", "i", "<pig", "&", "名前", "other"]

  @Test(arguments: [PlistFormat.binary, .xml])
  func neverSkipsAFileWithTheWord(format: PlistFormat) throws {
    for document in Self.documents {
      let bytes = try PropertyList.encode(document, as: format)
      for text in Self.words {
        let word = FindWord(text)
        let skipped = bytes.withUnsafeBufferPointer {
          word.cannotBeIn(file: $0, format: format)
        }
        if skipped { #expect(!word.isFound(in: document), "\(text) in \(document)") }
      }
    }
    // Character references spell letters too.
    let reference = Array(
      "<plist><dict><key>a</key><string>&#112;igeon</string></dict></plist>".utf8)
    let skipped = reference.withUnsafeBufferPointer {
      FindWord("pigeon").cannotBeIn(file: $0, format: .xml)
    }
    #expect(!skipped)
  }

  @Test func aBrokenFileIsStillRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.path("config"), withIntermediateDirectories: true)
    try directory.write(
      "config/a.plist", "<plist><dict><key>x</key><string>pigeon</string></dict></plist>")
    try directory.write(
      "config/b.plist", "<plist><dict><key>x</key><integer>1O</integer></dict></plist>")
    let store = try DomainStore(root: directory.path("config"))
    let error = #expect(throws: PlistError.self) { try store.find("pigeon") }
    let full = #expect(throws: PlistError.self) { try store.allDomains() }
    #expect(error == full)
    try directory.write(
      "config/b.plist", "<plist><dict><key>x</key><integer>10</integer></dict></plist>")
    #expect(try store.find("pigeon").map(\.domain.displayName) == ["a"])
    #expect(try store.find("b").map(\.domain.displayName) == ["b"])
  }
}
