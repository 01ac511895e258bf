import TestSupport
import Testing

@testable import PlistCore

/// The errors carry data; their descriptions are neutral one-liners built from it.
@Suite("Errors")
struct PlistErrorTests {
  @Test func systemErrorsNameTheErrno() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.path("none.plist")
    let error = #expect(throws: PlistError.self) { try FileAccess.read(path: missing) }
    #expect(
      error == .system(SystemError(operation: .read, path: missing, errno: .noSuchFileOrDirectory)))
    #expect(error?.description == "cannot read \(missing): No such file or directory")
    #expect(Errno.isADirectory.description == "Is a directory")
  }

  @Test func descriptionsAreOneLineEach() {
    let path = PlistPath(":a:0") ?? .root
    let cases: [(PlistError, String)] = [
      (.domainNotFound(domain: "d"), "domain d does not exist"),
      (.keyNotFound(path, domain: "d"), ":a:0 does not exist in domain d"),
      (.typeMismatch(at: path, expected: .array, found: .real), ":a:0 is a real, not an array"),
      (
        .pathBlocked(path, blockedAt: PlistPath(":a") ?? .root, reason: .notAContainer(.integer)),
        "key path :a:0: :a is an integer, not a dictionary or an array"
      ),
      (.invalidDomainName("a/b", .containsSlash), "invalid domain name 'a/b': it contains '/'"),
      (
        .unwritableFormat(path: "/p", format: .json),
        "/p is json and cannot be written back in that format"
      ),
      (.notADictionary(source: "f", found: .string), "f: the root is a string, not a dictionary"),
      (
        .savedOver(path: "/p", times: 8),
        "/p: another program saved an older copy over this write 8 times; the file may not hold it"
      ),
    ]
    for (error, text) in cases {
      #expect(error.description == text)
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func typeNamesAsDefaultsPrintsThem() {
    #expect(PlistValue.real(1).type.name == "float")
    #expect(PlistType.allCases.map(\.withArticle).contains("an integer"))
    #expect(PlistValue.uid(3).type.withArticle == "a UID")
  }
}
