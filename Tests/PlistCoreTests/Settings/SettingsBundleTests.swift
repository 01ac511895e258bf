import Foundation
import Testing

@testable import PlistCore

/// Loading bundles made up to break the loader: cycles, self-references, missing and
/// escaping child panes, nesting past the limit, roots that are no panes. Loading never
/// fails on what is inside a bundle; each problem is a finding, and only a missing bundle
/// throws.
@Suite("Settings bundles: loading")
struct SettingsBundleTests {
  // MARK: - Child panes

  @Test func aCycleOfChildPanesIsReportedAndEachPaneLoadedOnce() throws {
    let box = try SyntheticBundle(root: [Element.child("A"), Element.toggle("rootKey")])
    defer { box.remove() }
    try box.pane("A", [Element.child("B"), Element.toggle("aKey")])
    try box.pane("B", [Element.child("A"), Element.toggle("bKey")])
    let bundle = try box.bundle()
    #expect(bundle.panes.map(\.name) == ["Root", "A", "B"])
    #expect(
      bundle.loadFindings == [
        SettingsFinding(
          file: "B.plist", keyPath: ":PreferenceSpecifiers:0:File",
          problem: .childPaneCycle(["Root", "A", "B", "A"]))
      ])
    #expect(
      bundle.loadFindings.map(\.description) == [
        "B.plist:PreferenceSpecifiers:0:File: child pane cycle: Root → A → B → A (not followed)"
      ])
    // The element that closes the cycle leads nowhere; the others lead to their panes.
    let b = try #require(bundle.pane(named: "B"))
    #expect(bundle.childPane(of: b.specifiers[0], in: b) == nil)
    #expect(bundle.childPane(of: bundle.root.specifiers[0], in: bundle.root)?.name == "A")
    // The schema walks each pane once, a child where it is referenced: every key, once.
    #expect(try box.schema().keys.map(\.key) == ["bKey", "aKey", "rootKey"])
  }

  @Test func aPaneThatLeadsToItselfIsACycle() throws {
    let box = try SyntheticBundle(root: [Element.child("Root"), Element.child("A")])
    defer { box.remove() }
    try box.pane("A", [Element.toggle("k"), Element.child("A")])
    let bundle = try box.bundle()
    #expect(bundle.panes.map(\.name) == ["Root", "A"])
    #expect(
      bundle.loadFindings.map(\.description) == [
        "Root.plist:PreferenceSpecifiers:0:File: child pane cycle: Root → Root (not followed)",
        "A.plist:PreferenceSpecifiers:1:File: child pane cycle: Root → A → A (not followed)",
      ])
  }

  /// Two panes leading to one (a diamond) is no cycle: the shared pane loads once and both
  /// elements lead to it.
  @Test func aPaneReachedTwiceIsSharedNotACycle() throws {
    let box = try SyntheticBundle(root: [Element.child("A"), Element.child("B")])
    defer { box.remove() }
    try box.pane("A", [Element.child("Shared")])
    try box.pane("B", [Element.child("Shared")])
    try box.pane("Shared", [Element.toggle("shared")])
    let bundle = try box.bundle()
    #expect(bundle.panes.map(\.name) == ["Root", "A", "Shared", "B"])
    #expect(bundle.loadFindings.isEmpty)
    for name in ["A", "B"] {
      let pane = try #require(bundle.pane(named: name))
      #expect(bundle.childPane(of: pane.specifiers[0], in: pane)?.name == "Shared")
    }
  }

  @Test func aMissingChildPaneIsAFinding() throws {
    let box = try SyntheticBundle(root: [Element.toggle("k"), Element.child("Nowhere")])
    defer { box.remove() }
    let bundle = try box.bundle()
    #expect(bundle.panes.map(\.name) == ["Root"])
    #expect(
      bundle.loadFindings.map(\.description) == [
        "Root.plist:PreferenceSpecifiers:1:File: child pane 'Nowhere' has no Nowhere.plist"
      ])
    #expect(bundle.childPane(of: bundle.root.specifiers[1], in: bundle.root) == nil)
  }

  /// `File` names a plist inside the bundle: `..` and absolute paths are refused even when
  /// the file they name exists.
  @Test(arguments: ["../Outside", "/etc/passwd", "sub/../../Outside", "a//b"])
  func aChildPaneOutsideTheBundleIsRefused(_ file: String) throws {
    let box = try SyntheticBundle(root: [Element.child(file)])
    defer { box.remove() }
    try box.directory.write(
      "Outside.plist", bytes: try PropertyList.encode(["PreferenceSpecifiers": []], as: .xml))
    let bundle = try box.bundle()
    #expect(bundle.panes.count == 1)
    #expect(
      bundle.loadFindings == [
        SettingsFinding(
          file: "Root.plist", keyPath: ":PreferenceSpecifiers:0:File",
          problem: .childPaneOutsideBundle(file))
      ])
    #expect(bundle.loadFindings[0].description.hasSuffix("leads outside the bundle"))
  }

  /// A chain of child panes `depthLimit` deep loads whole; one level more is cut off with
  /// one finding, and the loader stops there however long the chain goes on.
  @Test func childPanesNestUpToTheDepthLimit() throws {
    let limit = SettingsBundle.depthLimit
    let box = try SyntheticBundle(root: [Element.child("P1")])
    defer { box.remove() }
    for level in 1...(limit + 5) {
      try box.pane("P\(level)", [Element.toggle("key\(level)"), Element.child("P\(level + 1)")])
    }
    let bundle = try box.bundle()
    #expect(bundle.panes.count == limit + 1)  // levels 0 (the root) to `limit`
    #expect(bundle.panes.last?.name == "P\(limit)")
    #expect(
      bundle.loadFindings.map(\.description) == [
        "P\(limit).plist:PreferenceSpecifiers:1:File: child panes nest deeper than \(limit) levels (not followed)"
      ])
  }

  @Test func aChainExactlyAtTheLimitHasNoFinding() throws {
    let limit = SettingsBundle.depthLimit
    let box = try SyntheticBundle(root: [Element.child("P1")])
    defer { box.remove() }
    for level in 1...limit {
      try box.pane("P\(level)", level < limit ? [Element.child("P\(level + 1)")] : [])
    }
    let bundle = try box.bundle()
    #expect(bundle.panes.count == limit + 1)
    #expect(bundle.loadFindings.isEmpty)
  }

  // MARK: - Roots

  /// A lone plist: its directory is the bundle, its base name the root pane's name, and
  /// its child panes are found beside it.
  @Test func aLonePanePlistIsItsOwnRoot() throws {
    let box = try SyntheticBundle()
    defer { box.remove() }
    try box.pane("Prefs", [Element.toggle("k"), Element.child("Child")])
    try box.pane("Child", [Element.text("name")])
    let bundle = try SettingsBundle(path: box.path + "/Prefs.plist")
    #expect(bundle.path == box.path)
    #expect(bundle.rootName == "Prefs")
    #expect(bundle.panes.map(\.name) == ["Prefs", "Child"])
    #expect(bundle.panes.map(\.file) == ["Prefs.plist", "Child.plist"])
    #expect(bundle.loadFindings.isEmpty)
    let root = try SettingsBundle(path: box.path + "/Prefs.plist").root
    #expect(root.specifiers.map(\.key) == ["k", nil])
  }

  @Test func aRootThatDoesNotParseIsAFindingNotACrash() throws {
    let box = try SyntheticBundle()
    defer { box.remove() }
    let truncated = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>Pre"
    try box.write("Root.plist", bytes: Array(truncated.utf8))
    let bundle = try box.bundle()
    #expect(bundle.panes.count == 1)
    #expect(bundle.root.specifiers.isEmpty)
    let finding = try #require(bundle.loadFindings.first)
    #expect(bundle.loadFindings.count == 1)
    #expect(finding.file == "Root.plist")
    guard case .unreadable(let reason) = finding.problem else {
      Issue.record("expected unreadable, got \(finding.problem)")
      return
    }
    #expect(reason.hasPrefix("xml: line 4"))
    #expect(finding.description == "Root.plist: " + reason)
    #expect(try box.schema().keys.isEmpty)
    #expect(try box.findings() == [finding.description])
  }

  @Test(arguments: [
    PlistValue.dictionary(["StringsTable": "Root"]),
    ["PreferenceSpecifiers": "not an array"],
    [["Type": "PSGroupSpecifier"]],
  ])
  func aRootWithoutPreferenceSpecifiersIsNotAPane(_ root: PlistValue) throws {
    let box = try SyntheticBundle()
    defer { box.remove() }
    try box.write("Root.plist", root)
    let bundle = try box.bundle()
    #expect(bundle.loadFindings == [SettingsFinding(file: "Root.plist", problem: .notAPane)])
    #expect(
      bundle.loadFindings[0].description
        == "Root.plist: not a Settings pane: the root needs a PreferenceSpecifiers array")
    #expect(bundle.root.specifiers.isEmpty)
  }

  @Test func anElementThatIsNotADictionaryIsSkippedWithAFinding() throws {
    let box = try SyntheticBundle(root: ["PSGroupSpecifier", Element.toggle("k"), 3])
    defer { box.remove() }
    let bundle = try box.bundle()
    #expect(bundle.root.specifiers.map(\.index) == [1])
    #expect(
      bundle.loadFindings.map(\.description) == [
        "Root.plist:PreferenceSpecifiers:0: an element that is not a dictionary",
        "Root.plist:PreferenceSpecifiers:2: an element that is not a dictionary",
      ])
    #expect(try box.schema().keys.map(\.key) == ["k"])
  }

  @Test func aChildPaneThatDoesNotParseIsAFindingAndAnEmptyPane() throws {
    let box = try SyntheticBundle(root: [Element.child("Broken"), Element.toggle("k")])
    defer { box.remove() }
    try box.write("Broken.plist", bytes: Array("{ unterminated".utf8))
    let bundle = try box.bundle()
    #expect(bundle.panes.map(\.name) == ["Root", "Broken"])
    #expect(bundle.pane(named: "Broken")?.specifiers.isEmpty == true)
    #expect(bundle.loadFindings.map(\.file) == ["Broken.plist"])
    #expect(try box.schema().keys.map(\.key) == ["k"])
  }

  @Test func aMissingBundleThrows() throws {
    let box = try SyntheticBundle()
    defer { box.remove() }
    for path in [box.directory.path("Nothing.bundle"), box.path, box.path + "/Root.plist"] {
      let error = try #require(throws: PlistError.self) { try SettingsBundle(path: path) }
      guard case .system(let system) = error else {
        Issue.record("expected a system error, got \(error)")
        continue
      }
      #expect(system.errno == .noSuchFileOrDirectory)
    }
  }

  // MARK: - What the loader does not know

  /// Types and keys that neither Apple nor InAppSettingsKit defines are kept whole, for
  /// whoever renders them, and lint names them; they never stop the bundle from loading.
  @Test func unknownTypesAndKeysAreKeptAndReportedNeverFatal() throws {
    let box = try SyntheticBundle(root: [
      ["Type": "XYZFancySpecifier", "Key": "fancy", "Sparkle": 3],
      Element.with(Element.toggle("k"), ["AppSpecific": ["nested": true]]),
      ["Key": "typeless", "Title": "No type"],
    ])
    defer { box.remove() }
    let schema = try box.schema()
    let specifiers = schema.bundle.root.specifiers
    #expect(specifiers.map(\.kind) == [.unknown("XYZFancySpecifier"), .toggle, .untyped])
    #expect(specifiers[0].fields["Sparkle"] == 3)
    #expect(specifiers[0].kind.typeName == "XYZFancySpecifier")
    #expect(specifiers[1].fields["AppSpecific"] == ["nested": true])
    #expect(schema.bundle.loadFindings.isEmpty)
    // The toggle still counts; the unknown element holds no value the schema knows.
    #expect(schema.keys.map(\.key) == ["k"])
    #expect(schema.factoryDefaults == ["k": true])
    #expect(
      try box.findings() == [
        "Root.plist:PreferenceSpecifiers:0:Type (fancy): unknown Type 'XYZFancySpecifier'",
        "Root.plist:PreferenceSpecifiers:1:AppSpecific (k): 'AppSpecific' does not belong to PSToggleSwitchSpecifier",
        "Root.plist:PreferenceSpecifiers:2 (typeless): an element needs Type",
      ])
  }
}
