import Foundation
import PlistCore
import TestSupport
import Testing

/// `value(at:in:)` on binary and XML domains: the look-up of one key gives the full read's
/// answers and errors (a missing key, an empty domain, a path into a scalar, a broken file).
@Suite("Domain store one-key look-up")
struct DomainStoreLookupTests {
  static let domain = (try? Domain(named: "com.example.lookup")) ?? .global

  static func store(with value: PlistValue, as format: PlistFormat) throws -> (
    DomainStore, TemporaryDirectory
  ) {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.path("config"), withIntermediateDirectories: true)
    let store = try DomainStore(root: directory.path("config"))
    try directory.write(
      "config/com.example.lookup.plist", bytes: try PropertyList.encode(value, as: format))
    return (store, directory)
  }

  @Test(arguments: [PlistFormat.binary, .xml])
  func answersAsTheFullRead(format: PlistFormat) throws {
    let (store, directory) = try Self.store(
      with: ["A": 1, "B": ["c": [true, "x"]], "Clé": "é"], as: format)
    defer { directory.remove() }
    #expect(try store.value(at: PlistPath(topLevelKey: "A"), in: Self.domain) == 1)
    #expect(try store.value(at: PlistPath(topLevelKey: "Clé"), in: Self.domain) == "é")
    #expect(try store.value(at: #require(PlistPath(":B:c:1")), in: Self.domain) == "x")
    #expect(
      throws: PlistError.keyNotFound(PlistPath(topLevelKey: "Z"), domain: "com.example.lookup")
    ) {
      try store.value(at: PlistPath(topLevelKey: "Z"), in: Self.domain)
    }
    let intoScalar = try #require(PlistPath(":A:b"))
    let full = #expect(throws: PlistError.self) {
      try store.dictionary(of: Self.domain).value(at: intoScalar)
    }
    let lazy = #expect(throws: PlistError.self) { try store.value(at: intoScalar, in: Self.domain) }
    #expect(full == lazy)
  }

  @Test(arguments: [PlistFormat.binary, .xml])
  func anEmptyDomainDoesNotExist(format: PlistFormat) throws {
    let (store, directory) = try Self.store(with: .dictionary([:]), as: format)
    defer { directory.remove() }
    #expect(throws: PlistError.domainNotFound(domain: "com.example.lookup")) {
      try store.value(at: PlistPath(topLevelKey: "A"), in: Self.domain)
    }
  }

  @Test func aBrokenFileIsRefusedWithTheFullReadsError() throws {
    let (store, directory) = try Self.store(with: ["A": 1, "B": "two"], as: .binary)
    defer { directory.remove() }
    var bytes = try directory.read("config/com.example.lookup.plist")
    bytes[bytes.count - 40] = 0xC3  // in "two", an ASCII string: a byte above 0x7F
    try directory.write("config/com.example.lookup.plist", bytes: bytes)
    let full = #expect(throws: PlistError.self) { try store.dictionary(of: Self.domain) }
    let lazy = #expect(throws: PlistError.self) {
      try store.value(at: PlistPath(topLevelKey: "A"), in: Self.domain)
    }
    #expect(full == lazy)
  }

  /// A domain file that says it is empty but has bytes (a link to a /proc file) is read to
  /// its end, as a stream: its error is the text's, not an empty domain's.
  @Test func aFileThatSaysItIsEmptyIsReadToItsEnd() throws {
    let (store, directory) = try Self.store(with: ["A": 1], as: .xml)
    defer { directory.remove() }
    let file = directory.path("config/com.example.lookup.plist")
    try FileManager.default.removeItem(atPath: file)
    try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/proc/self/maps")
    let error = #expect(throws: PlistError.self) {
      try store.value(forKey: "A", in: Self.domain)
    }
    guard case .parse(_, let source)? = error else {
      Issue.record("expected a parse error, got \(String(describing: error))")
      return
    }
    #expect(source == file)
  }
}
