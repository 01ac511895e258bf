import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// A small tree of restorable elements, as an app's screens: a root with tabs, one without
/// an identifier (skipped, with what is under it), and children made while decoding.
final class Node: Restorable {
  var restorationIdentifier: String?
  var children: [Node]
  var value: PlistValue?
  var failEncoding = false
  var failDecoding = false
  /// Made by decoding: the identifiers of children to create (a screen the state says was open).
  var makesChildren: [String] = []

  init(_ identifier: String?, _ children: [Node] = [], value: PlistValue? = nil) {
    restorationIdentifier = identifier
    self.children = children
    self.value = value
  }

  var restorableChildren: [any Restorable] { children }

  struct Failure: Error {}

  func encodeRestorableState(with coder: StateCoder) throws {
    if failEncoding { throw Failure() }
    coder["value"] = value
    coder["opened"] = .array(
      children.compactMap { $0.restorationIdentifier.map(PlistValue.string) })
  }

  func decodeRestorableState(with coder: StateCoder) throws {
    if failDecoding { throw Failure() }
    value = coder["value"]
    if !makesChildren.isEmpty, case .array(let opened)? = coder["opened"] {
      children = opened.compactMap { $0.stringValue }.filter(makesChildren.contains).map {
        Node($0)
      }
    }
  }
}

@Suite("StateRestoration")
struct StateRestorationTests {
  let state: TemporaryDirectory
  init() throws { state = try TemporaryDirectory() }

  func restoration(version: String = "1.0") throws -> StateRestoration {
    try StateRestoration(domain: "org.example.App", version: version, stateHome: state.url.path)
  }

  func tree() -> Node {
    Node(
      "tabs",
      [
        Node("book", value: 87),
        Node(nil, [Node("hidden", value: "never saved")], value: "skipped"),
        Node("list", [Node("detail", value: "cheshire-cat")], value: "selected"),
      ], value: 1)
  }

  func blankTree() -> Node {
    Node("tabs", [Node("book"), Node(nil, [Node("hidden")]), Node("list", [Node("detail")])])
  }

  @Test func aTreeRoundTripsAndTheUnidentifiedAreSkipped() throws {
    let app = try restoration()
    try app.preserve(tree())
    let archive = try #require(try app.files.read())
    #expect(archive.savedBy == "1.0")
    #expect(archive.elements.map(\.identifier) == ["tabs"])
    #expect(archive.elements[0].children.map(\.identifier) == ["book", "list"])
    let restored = blankTree()
    guard case .restored(let saved, let skipped) = app.restore(restored) else {
      Issue.record("not restored")
      return
    }
    #expect(saved.savedBy == "1.0" && skipped.isEmpty)
    #expect(restored.value == 1)
    #expect(restored.children[0].value == 87)
    #expect(restored.children[1].value == nil)
    #expect(restored.children[1].children[0].value == nil)
    #expect(restored.children[2].children[0].value == "cheshire-cat")
  }

  @Test func theArchiveIsABinaryPlistOnlyItsOwnerReads() throws {
    let app = try restoration()
    try app.preserve(tree())
    let bytes = try Data(contentsOf: URL(fileURLWithPath: app.archivePath))
    #expect(bytes.starts(with: Array("bplist00".utf8)))
    // An independent reader: Foundation's.
    let object = try PropertyListSerialization.propertyList(from: bytes, format: nil)
    let top = try #require(object as? [String: Any])
    #expect(top["Format"] as? Int == 1)
    #expect(top["SavedBy"] as? String == "1.0")
    #expect(top["SavedAt"] is Date)
    let attributes = try FileManager.default.attributesOfItem(atPath: app.archivePath)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let directory = try FileManager.default.attributesOfItem(atPath: app.files.directory)
    #expect((directory[.posixPermissions] as? NSNumber)?.intValue == 0o700)
  }

  @Test func identifiersAreUniqueOnlyAmongSiblingsAndTheFirstIsKept() throws {
    let app = try restoration()
    try app.preserve(
      Node("root", [Node("a", [Node("a", value: 2)], value: 1), Node("a", value: 3)]))
    let archive = try #require(try app.files.read())
    let children = archive.elements[0].children
    #expect(children.count == 1)
    #expect(children[0].state["value"] == 1)
    #expect(children[0].children[0].state["value"] == 2)
  }

  @Test func childrenMadeWhileDecodingAreRestoredToo() throws {
    let app = try restoration()
    try app.preserve(Node("list", [Node("detail", value: "alice")]))
    let list = Node("list")
    list.makesChildren = ["detail"]
    app.restore(list)
    #expect(list.children.map(\.restorationIdentifier) == ["detail"])
    #expect(list.children.first?.value == "alice")
  }

  @Test func anElementThatFailsToEncodeIsNamedAndTheRestIsSaved() throws {
    let app = try restoration()
    let root = tree()
    root.children[0].failEncoding = true
    #expect(throws: StateError.notEncoded(element: "tabs/book", reason: "Failure()")) {
      try app.preserve(root)
    }
    let archive = try #require(try app.files.read())
    #expect(archive.elements[0].child("book")?.state == [:])
    #expect(archive.elements[0].child("list")?.child("detail")?.state["value"] == "cheshire-cat")
  }

  @Test func anElementThatFailsToDecodeIsSkippedAndTheRestRestored() throws {
    let app = try restoration()
    try app.preserve(tree())
    let restored = blankTree()
    restored.children[0].failDecoding = true
    guard case .restored(_, let skipped) = app.restore(restored) else {
      Issue.record("not restored")
      return
    }
    #expect(skipped == ["tabs/book"])
    #expect(restored.children[2].children[0].value == "cheshire-cat")
  }

  @Test func theAppOptsInTwiceWithAppWideValues() throws {
    let app = try restoration(version: "1.0")
    app.shouldSave = { coder in
      try coder.encode("dark", forKey: "theme")
      return true
    }
    try app.preserve(tree())
    let upgraded = try restoration(version: "2.0")
    var seen: (String, String?)?
    upgraded.shouldRestore = { saved in
      seen = (saved.savedBy, saved.appState.decode(String.self, forKey: "theme"))
      return saved.savedBy == "2.0"
    }
    guard case .declined = upgraded.restore(blankTree()) else {
      Issue.record("not declined")
      return
    }
    #expect(seen?.0 == "1.0" && seen?.1 == "dark")
    // Declined is not discarded: the archive is still there for a version that wants it.
    #expect(try app.files.read() != nil)
    // "May I save?" — no: nothing is kept, so the next launch starts fresh.
    app.shouldSave = { _ in false }
    try app.preserve(tree())
    #expect(try app.files.read() == nil)
    guard case .nothingSaved = app.restore(blankTree()) else {
      Issue.record("something restored")
      return
    }
  }

  @Test func theTimeOfSavingIsRecorded() throws {
    let before = Date().timeIntervalSince1970
    let app = try restoration()
    try app.preserve(tree())
    let saved = try #require(try app.files.read()).savedAt.secondsSinceReferenceDate
    let seconds = saved + 978_307_200
    #expect(seconds >= before - 1 && seconds <= Date().timeIntervalSince1970 + 1)
  }

  @Test func clearRemovesTheStateAndItsDirectory() throws {
    let app = try restoration()
    try app.preserve(tree())
    try app.clear()
    #expect(!FileManager.default.fileExists(atPath: app.files.directory))
    guard case .nothingSaved = app.restore(blankTree()) else {
      Issue.record("restored after clear")
      return
    }
  }

  // MARK: - A restoration that died

  @Test func aMarkNobodyHoldsMeansTheLastRestorationDied() throws {
    let app = try restoration()
    try app.preserve(tree())
    // What a process that died restoring leaves: the mark, unlocked.
    _ = FileManager.default.createFile(atPath: app.files.markPath, contents: nil)
    guard case .discarded(.diedWhileRestoring) = app.restore(blankTree()) else {
      Issue.record("not discarded")
      return
    }
    #expect(!FileManager.default.fileExists(atPath: app.archivePath))
    #expect(!FileManager.default.fileExists(atPath: app.files.markPath))
    // Once: the next launch finds nothing, and saves and restores as usual after.
    guard case .nothingSaved = app.restore(blankTree()) else {
      Issue.record("discarded twice")
      return
    }
  }

  @Test func anotherInstanceRestoringNowIsNotTakenForADeadOne() throws {
    let app = try restoration()
    try app.preserve(tree())
    // Another instance restoring: the mark held with a shared lock.
    _ = FileManager.default.createFile(atPath: app.files.markPath, contents: nil)
    let other = open(app.files.markPath, O_RDWR)
    defer { close(other) }
    #expect(flock(other, LOCK_SH | LOCK_NB) == 0)
    let restored = blankTree()
    guard case .restored = app.restore(restored) else {
      Issue.record("not restored")
      return
    }
    #expect(restored.children[0].value == 87)
    // The other is still restoring: its mark stays.
    #expect(FileManager.default.fileExists(atPath: app.files.markPath))
  }

  /// An element whose decoding runs `body`: what happens meanwhile, in another process.
  final class During: Restorable {
    let body: () throws -> Void
    init(_ body: @escaping () throws -> Void) { self.body = body }
    var restorationIdentifier: String? { "tabs" }
    func decodeRestorableState(with coder: StateCoder) throws { try body() }
  }

  @Test func aClearDuringARestorationKeepsItsMarkUntilItEnds() throws {
    let app = try restoration()
    try app.preserve(tree())
    var markDuring = false
    app.restore(
      During {
        try app.clear()  // `plistctl state clear` while the app restores
        markDuring = FileManager.default.fileExists(atPath: app.files.markPath)
      })
    #expect(markDuring)
    #expect(!FileManager.default.fileExists(atPath: app.files.markPath))
    #expect(!FileManager.default.fileExists(atPath: app.archivePath))
  }

  @Test func aRestorationEndingRemovesOnlyItsOwnMark() throws {
    let app = try restoration()
    try app.preserve(tree())
    var newer: Int32 = -1
    app.restore(
      During {
        // Meanwhile the mark is removed and another instance makes and holds a new one.
        try FileManager.default.removeItem(atPath: app.files.markPath)
        newer = open(app.files.markPath, O_RDWR | O_CREAT, 0o600)
        #expect(flock(newer, LOCK_SH) == 0)
      })
    defer { close(newer) }
    #expect(FileManager.default.fileExists(atPath: app.files.markPath))
  }

  @Test func aRestorationThatFinishesLeavesNoMark() throws {
    let app = try restoration()
    try app.preserve(tree())
    app.restore(blankTree())
    #expect(!FileManager.default.fileExists(atPath: app.files.markPath))
    #expect(FileManager.default.fileExists(atPath: app.archivePath))
  }

  // MARK: - Two instances

  @Test func concurrentSavesNeverLeaveAPartialArchive() async throws {
    let home = state.url.path
    await withTaskGroup(of: Void.self) { group in
      for instance in 0..<2 {
        group.addTask {
          let app = try? StateRestoration(
            domain: "org.example.App", version: "\(instance)", stateHome: home)
          for page in 0..<40 {
            do { try app?.preserve(Node("book", value: .integer(PlistInteger(page)))) } catch {
              Issue.record("a save failed: \(error)")
            }
          }
        }
      }
      group.addTask {
        let files = try? StateFiles(domain: "org.example.App", stateHome: home)
        for _ in 0..<200 {
          do { _ = try files?.read() } catch { Issue.record("a reader saw \(error)") }
        }
      }
    }
    let archive = try #require(try restoration().files.read())
    #expect(archive.elements[0].state["value"] == 39)
  }

  // MARK: - Where

  @Test func theStateDirectoryFollowsXDG() {
    #expect(StateFiles.stateHome(xdgStateHome: "/x/state", home: "/home/u") == "/x/state")
    #expect(
      StateFiles.stateHome(xdgStateHome: "relative", home: "/home/u") == "/home/u/.local/state")
    #expect(StateFiles.stateHome(xdgStateHome: nil, home: "/home/u/") == "/home/u/.local/state")
    #expect(StateFiles.stateHome(xdgStateHome: "", home: nil) == nil)
  }

  @Test(arguments: ["", "../x", "a/b", ".hidden", "-app"])
  func aDomainThatCouldLeaveTheStateDirectoryIsRefused(_ name: String) {
    #expect(throws: StateError.self) {
      try StateRestoration(domain: name, version: "1", stateHome: state.url.path)
    }
  }
}
