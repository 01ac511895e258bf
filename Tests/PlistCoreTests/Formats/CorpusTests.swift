import PlistCore
import Testing

/// Every file of the shared real-world corpus: `parse` files read to their recorded value,
/// `reject` files are refused with an error, `no-crash` files return either way.
@Suite("Real-world corpus")
struct CorpusTests {
  @Test("parses to the recorded value", arguments: Fixtures.corpusEntries(expecting: "parse"))
  func parses(_ entry: Fixtures.CorpusEntry) throws {
    let bytes = try Fixtures.bytes("corpus/\(entry.file)")
    let (value, format) = try PropertyList.decode(bytes)
    #expect(value == (try Fixtures.expectedValue(for: entry)))
    #expect(format.name == entry.format, "detected as \(format.name)")
  }

  @Test("is refused", arguments: Fixtures.corpusEntries(expecting: "reject"))
  func rejects(_ entry: Fixtures.CorpusEntry) throws {
    let bytes = try Fixtures.bytes("corpus/\(entry.file)")
    #expect(throws: PlistParseError.self) { try PropertyList.decode(bytes) }
  }

  @Test("returns without crashing", arguments: Fixtures.corpusEntries(expecting: "no-crash"))
  func survives(_ entry: Fixtures.CorpusEntry) throws {
    let bytes = try Fixtures.bytes("corpus/\(entry.file)")
    for format in PlistFormat.allCases {
      _ = try? PropertyList.decode(bytes, as: format)
    }
    _ = try? PropertyList.decode(bytes)
  }

  @Test(
    "every parse file survives a round trip through binary and XML",
    arguments: Fixtures.corpusEntries(expecting: "parse"))
  func roundTrips(_ entry: Fixtures.CorpusEntry) throws {
    let value = try PropertyList.decode(try Fixtures.bytes("corpus/\(entry.file)")).value
    let binary = try PropertyList.encode(value, as: .binary)
    #expect(try PropertyList.decode(binary, as: .binary) == value)
    let xml = try PropertyList.encode(value, as: .xml)
    #expect(try PropertyList.decode(xml, as: .xml) == Normalize.forXML(value))
  }

  @Test func manifestIsLoaded() {
    #expect(Fixtures.corpus.count >= 90)
  }
}
