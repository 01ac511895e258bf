import Testing

@testable import PlistCore

/// The XML reader shares one key array among dictionaries with the same keys; whatever it
/// shares, each dictionary must read exactly as it reads on its own.
@Suite("XML key sharing")
struct XMLKeySharingTests {
  static func document(_ body: String) -> [UInt8] {
    Array(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\(body)\n</plist>\n"
        .utf8)
  }

  static func dict(_ entries: [(String, Int)]) -> String {
    "<dict>" + entries.map { "<key>\($0.0)</key><integer>\($0.1)</integer>" }.joined() + "</dict>"
  }

  /// Dictionaries that match a remembered key list fully, in part, by a differently spelled
  /// key, or not at all.
  static let sequence: [String] = [
    dict([("a", 1), ("b", 2), ("c", 3)]),
    dict([("a", 4), ("b", 5), ("c", 6)]),
    dict([("a", 7), ("b", 8)]),
    dict([("a", 9), ("b", 10), ("c", 11), ("d", 12)]),
    dict([("a", 13), ("c", 14)]),
    dict([("a", 15), ("&#98;", 16), ("c", 17)]),
    dict([("b", 18), ("a", 19)]),
    dict([("a", 20), ("a", 21)]),
    dict([("x&amp;y", 22), ("z", 23)]),
    dict([("x&amp;y", 24), ("z", 25)]),
    dict([("a", 26), ("b", 27), ("c", 28)]),
    dict([("CF$UID", 29)]),
    "<dict><key>a</key><integer>30</integer><key>b</key></dict>",
  ]

  @Test func everyDictionaryReadsAsItReadsAlone() throws {
    let valid = Self.sequence.dropLast()
    let together = try PropertyList.decode(
      Self.document("<array>" + valid.joined(separator: "\n") + "</array>"), as: .xml)
    let alone = try valid.map { try PropertyList.decode(Self.document($0), as: .xml) }
    #expect(together == .array(alone))
    #expect(alone[5] == .dictionary(["a": 15, "b": 16, "c": 17]))
    #expect(alone[6] == .dictionary(["a": 19, "b": 18]))
    #expect(alone[7] == .dictionary(["a": 21]))
    #expect(alone[11] == .uid(29))
  }

  @Test func aKeyWithoutValueIsStillRefusedAfterSharing() {
    let text = Self.document("<array>" + Self.sequence.joined() + "</array>")
    #expect(throws: PlistParseError.self) { try PropertyList.decode(text, as: .xml) }
  }

  @Test func recordsShareOneKeyArray() throws {
    let value = try PropertyList.decode(
      Self.document(
        "<array>" + Self.sequence[0] + Self.sequence[1] + Self.sequence[10] + "</array>"),
      as: .xml)
    guard case .array(let records) = value else {
      Issue.record("not an array")
      return
    }
    let storages = records.map { record -> UnsafeRawPointer? in
      guard case .dictionary(let dict) = record else { return nil }
      return dict.keys.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    #expect(storages[0] != nil)
    #expect(Set(storages).count == 1)
  }
}
