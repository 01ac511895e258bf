import Foundation
import PlistCore
import TestSupport
import Testing

/// A `write` of one key that copies the rest of a canonical XML file gives the same bytes and
/// the same errors as the full read, change and write — on canonical domains, and on files it
/// must leave to the full write (other layouts, reals, escapes, binary, broken files).
@Suite("One-key write")
struct OneKeyWriteTests {
  /// Two stores with the same file; `full` writes with a check, which takes the full path.
  static func pair(_ bytes: [UInt8]) throws -> (DomainStore, DomainStore, TemporaryDirectory) {
    let directory = try TemporaryDirectory()
    for side in ["one", "full"] {
      try FileManager.default.createDirectory(
        atPath: directory.path(side), withIntermediateDirectories: true)
      try directory.write("\(side)/com.example.d.plist", bytes: bytes)
      // Dated back: a file no app saved lately.
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -7200)],
        ofItemAtPath: directory.path("\(side)/com.example.d.plist"))
    }
    return (
      try DomainStore(root: directory.path("one")), try DomainStore(root: directory.path("full")),
      directory
    )
  }

  static let domain = (try? Domain(named: "com.example.d")) ?? .global

  static let writes: [[String]] = [
    ["Key5", "-int", "7"], ["Key5", "-string", "a&b<c>"], ["A", "-bool", "yes"],
    ["zz", "-int", "-3"], ["Key10", "-array-add", "x"], ["Key3", "-array-add", "x"],
    ["Key2", "-dict-add", "k", "1"], ["New", "-float", "2.5"], ["Key1", "-date", "2020-01-01"],
    [":Key4:inner", "-int", "1"], [":Nested:inner", "-int", "1"], ["Key5", "-int", "7"],
    ["Clé\u{10000}", "-string", "u"], ["Clé\u{E000}", "-string", "v"], ["", "-string", "empty"],
  ]

  /// Writes every case to both stores, comparing the files and the errors after each.
  static func check(_ bytes: [UInt8], writes: [[String]] = writes, _ note: String) throws {
    let (one, full, directory) = try Self.pair(bytes)
    defer { directory.remove() }
    for arguments in writes {
      let path = keyPath(arguments[0])
      let operation = try WriteArguments.parse(Array(arguments.dropFirst()))
      let a = Result { try one.write(operation, at: path, in: Self.domain, checkedBy: nil) }
      let b = Result {
        try full.write(operation, at: path, in: Self.domain) { _ in }
      }
      switch (a, b) {
      case (.success, .success): break
      case (.failure(let x), .failure(let y)):
        // The same error, each naming its own store's file.
        let named = String(describing: x).replacingOccurrences(of: "/one/", with: "/full/")
        #expect(named == String(describing: y), "\(note): \(arguments)")
      default: Issue.record("\(note): \(arguments): \(a) against \(b)")
      }
      #expect(
        try directory.read("one/com.example.d.plist") == directory.read("full/com.example.d.plist"),
        "\(note): \(arguments)")
    }
  }

  static func keyPath(_ text: String) -> PlistPath {
    text.hasPrefix(":") ? (PlistPath(text) ?? .root) : PlistPath(topLevelKey: text)
  }

  @Test func canonicalDomains() throws {
    var domain = PlistDictionary()
    for i in 0..<40 {
      domain["Key\(i)"] =
        i % 3 == 0
        ? .string("value \(i) é")
        : i % 3 == 1 ? .integer(.init(Int64(i) - 20)) : .boolean(i % 2 == 0)
    }
    domain["Key3"] = .string("text")
    try Self.check(try PropertyList.encode(.dictionary(domain), as: .xml), "canonical")
    try Self.check(try PropertyList.encode(.dictionary(["Only": 1]), as: .xml), "one key")
  }

  @Test(arguments: [
    "<plist><dict><key>Key5</key><integer>1</integer></dict></plist>",
    "LAYOUT",
    "ESCAPED",
    "REAL",
    "UNSORTED",
    "LEADINGZERO",
    "BROKEN",
    "EMPTY",
    "UID",
    "NEGATIVEUID",
  ])
  func filesLeftToTheFullWrite(kind: String) throws {
    let canonical = String(
      decoding: try PropertyList.encode(["Key1": "a", "Key5": 5, "Key9": true], as: .xml),
      as: UTF8.self)
    let text: String
    switch kind {
    case "LAYOUT": text = canonical.replacingOccurrences(of: "\t<key>Key5", with: "  <key>Key5")
    case "ESCAPED": text = canonical.replacingOccurrences(of: ">a<", with: ">a&amp;b<")
    case "REAL":
      text = canonical.replacingOccurrences(of: "<true/>", with: "<real>1.5</real>")
    case "UNSORTED": text = canonical.replacingOccurrences(of: "Key9", with: "Key0")
    case "LEADINGZERO": text = canonical.replacingOccurrences(of: ">5<", with: ">05<")
    case "BROKEN": text = canonical.replacingOccurrences(of: ">5<", with: ">5x<")
    case "EMPTY": text = ""
    // Laid out as the writer lays out a dictionary, but read as a UID (or refused): a write
    // turned the root into a dictionary of two keys.
    case "UID", "NEGATIVEUID":
      text = String(
        decoding: try PropertyList.encode(["CF$UID": kind == "UID" ? 1 : "-1"], as: .xml),
        as: UTF8.self
      ).replacingOccurrences(of: "<string>-1</string>", with: "<integer>-1</integer>")
    default: text = kind
    }
    try Self.check(Array(text.utf8), kind)
  }

  /// A write that would leave an XML domain whose only key is `CF$UID` holding an integer
  /// (read back, a UID, which no read takes as a domain) is refused on both paths and from
  /// no file, the file left as it was; in binary, where a UID is a type of its own, the
  /// dictionary is written.
  @Test func aWriteThatWouldMakeTheRootAUIDIsRefusedInXML() throws {
    let operation = try WriteArguments.parse(["-int", "1"])
    let key = Self.keyPath("CF$UID")
    for format in [PlistFormat.xml, .binary] {
      let bytes = try PropertyList.encode(["CF$UID": "x"], as: format)
      let (one, full, directory) = try Self.pair(bytes)
      defer { directory.remove() }
      let a = Result { try one.write(operation, at: key, in: Self.domain, checkedBy: nil) }
      let b = Result { try full.write(operation, at: key, in: Self.domain) { _ in } }
      for (side, result) in [("one", a), ("full", b)] {
        let after = try directory.read("\(side)/com.example.d.plist")
        if format == .xml {
          guard case .failure(PlistError.encoding) = result else {
            Issue.record("\(side): \(result)")
            continue
          }
          #expect(after == bytes, "\(side)")
        } else {
          #expect(throws: Never.self, "\(side)") { try result.get() }
          #expect(try PropertyList.decode(after, as: .binary) == ["CF$UID": 1], "\(side)")
        }
      }
    }
    let empty = try TemporaryDirectory()
    defer { empty.remove() }
    let store = try DomainStore(root: empty.url.path)
    #expect(throws: PlistError.self) { try store.write(operation, at: key, in: Self.domain) }
    #expect(!FileManager.default.fileExists(atPath: empty.path("com.example.d.plist")))
  }

  @Test func binaryFilesStayBinary() throws {
    try Self.check(try PropertyList.encode(["Key1": "a", "Key5": 5], as: .binary), "binary")
  }
}
