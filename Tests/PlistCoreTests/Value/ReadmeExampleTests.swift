import PlistCore
import TestSupport
import Testing

/// The README's first library example, line for line, so that it stays true.
@Suite("README example")
struct ReadmeExampleTests {
  @Test func theLibraryExampleRuns() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bytes = Array(
      """
      { Count = 3; CFBundleURLTypes = ({ CFBundleURLSchemes = (pigeon); }); }
      """.utf8)

    let (value, format) = try PropertyList.decode(bytes)  // detects the format
    let count = value["Count"]?.intValue  // typed access, no pattern match
    let schemes = value[path: PlistPath(":CFBundleURLTypes:0:CFBundleURLSchemes") ?? .root]
    let xml = try PropertyList.encode(["Count": 3, "Tags": ["a", 2.5, true]], as: .xml)

    let store = try DomainStore(environment: ["HOME": directory.url.path])
    let pigeon = try Domain(named: "com.example.pigeon")
    try store.write(.set(1), at: PlistPath(topLevelKey: "HPMapType"), in: pigeon)

    #expect(format == .openStep)
    #expect(count == nil)  // OpenStep holds only strings: "3"
    #expect(value["Count"]?.stringValue == "3")
    #expect(schemes == ["pigeon"])
    #expect(try PropertyList.decode(xml, as: .xml)["Tags"]?[1] == .real(2.5))
    #expect(try store.value(at: PlistPath(topLevelKey: "HPMapType"), in: pigeon) == 1)
  }
}
