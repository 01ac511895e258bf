import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// Archives that are not what `StateRestoration` wrote — damaged, from a newer PlistCore, made
/// to be walked for ever — are reported once (`discarded`), removed, and never trap.
@Suite("State archives that cannot be restored")
struct StateArchiveTests {
  let state: TemporaryDirectory
  init() throws { state = try TemporaryDirectory() }

  func app() throws -> StateRestoration {
    try StateRestoration(domain: "org.example.App", version: "1", stateHome: state.url.path)
  }

  static func nested(_ depth: Int) -> PlistValue {
    var element: PlistValue = .dictionary(["Identifier": "leaf"])
    for _ in 1..<depth {
      element = .dictionary(["Identifier": "e", "Children": .array([element])])
    }
    return element
  }

  static func archive(_ elements: PlistValue, format: Int = 1) -> PlistValue {
    .dictionary([
      "Format": .integer(PlistInteger(format)), "SavedBy": "1",
      "SavedAt": .date(PlistDate(secondsSinceReferenceDate: 0)), "Elements": elements,
    ])
  }

  static let cases: [(String, PlistValue?, StateArchive.Problem)] = [
    ("an array", .array([]), .notAnArchive),
    ("no format", .dictionary(["SavedBy": "1"]), .notAnArchive),
    ("a newer format", archive(.array([]), format: 2), .unknownFormat(2)),
    (
      "no version",
      .dictionary(["Format": 1, "SavedAt": .date(PlistDate(secondsSinceReferenceDate: 0))]),
      .malformed("SavedBy")
    ),
    ("elements not an array", archive("x"), .malformed("Elements")),
    (
      "an element without identifier", archive(.array([.dictionary([:])])),
      .malformed("Elements[0]")
    ),
    (
      "a state not a dictionary", archive(.array([.dictionary(["Identifier": "a", "State": 1])])),
      .malformed("Elements[0]")
    ),
    ("65 levels", archive(.array([nested(65)])), .tooDeep(limit: 64)),
  ]

  @Test(arguments: 0..<cases.count)
  func aMalformedArchiveIsDiscardedOnce(_ index: Int) throws {
    let (_, value, problem) = Self.cases[index]
    let app = try app()
    try FileManager.default.createDirectory(
      atPath: app.files.directory, withIntermediateDirectories: true)
    try Data(try PropertyList.encode(value!, as: .binary)).write(
      to: URL(fileURLWithPath: app.archivePath))
    guard case .discarded(.unreadable(let found)) = app.restore(Node("e")) else {
      Issue.record("not discarded")
      return
    }
    #expect(found == problem)
    #expect(!FileManager.default.fileExists(atPath: app.archivePath))
    guard case .nothingSaved = app.restore(Node("e")) else {
      Issue.record("reported twice")
      return
    }
  }

  @Test func sixtyFourLevelsAreRestored() throws {
    let app = try app()
    try FileManager.default.createDirectory(
      atPath: app.files.directory, withIntermediateDirectories: true)
    try Data(try PropertyList.encode(Self.archive(.array([Self.nested(64)])), as: .binary)).write(
      to: URL(fileURLWithPath: app.archivePath))
    guard case .restored = app.restore(Node("e")) else {
      Issue.record("not restored")
      return
    }
  }

  @Test func tooManyElementsAreRefused() throws {
    let many = PlistValue.array(
      Array(repeating: .dictionary(["Identifier": "x"]), count: StateArchive.maximumElements + 1))
    #expect(throws: StateArchive.Problem.tooManyElements(limit: StateArchive.maximumElements)) {
      try StateArchive(plistValue: Self.archive(many))
    }
  }

  @Test func unparsableAndOversizedFilesAreDiscarded() throws {
    let app = try app()
    try FileManager.default.createDirectory(
      atPath: app.files.directory, withIntermediateDirectories: true)
    try Data("bplist00 garbage".utf8).write(to: URL(fileURLWithPath: app.archivePath))
    guard case .discarded(.unreadable(.unparsable)) = app.restore(Node("e")) else {
      Issue.record("not discarded")
      return
    }
    // Larger than any archive: refused before it is read (a sparse file, no disk used).
    try FileManager.default.createDirectory(
      atPath: app.files.directory, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: app.archivePath, contents: nil)
    #expect(truncate(app.archivePath, off_t(StateFiles.maximumSize + 1)) == 0)
    guard case .discarded(.unreadable(.tooLarge)) = app.restore(Node("e")) else {
      Issue.record("not discarded")
      return
    }
    #expect(!FileManager.default.fileExists(atPath: app.archivePath))
  }

  @Test func aFifoInTheArchivesPlaceIsNotWaitedFor() throws {
    let app = try app()
    try FileManager.default.createDirectory(
      atPath: app.files.directory, withIntermediateDirectories: true)
    #expect(mkfifo(app.archivePath, 0o600) == 0)
    guard case .failed = app.restore(Node("e")) else {
      Issue.record("a FIFO was read")
      return
    }
  }
}
