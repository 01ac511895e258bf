import Foundation
import PlistCore
import TestSupport
import Testing

/// Real property lists from the corpus (an app's Info.plist, entitlements, a binary
/// Info.plist), copied into a temporary directory for the plutil and PlistBuddy modes to
/// change; python3's plistlib and Foundation read the results.
struct ToolModeFixtures {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("PlistCoreTests/Fixtures/corpus/real")

  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  func remove() { directory.remove() }

  /// Copies a corpus file in under a name; its path.
  @discardableResult
  func copy(_ corpusName: String, as name: String) throws -> String {
    try directory.write(
      name, bytes: [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(corpusName))))
    return path(name)
  }

  func path(_ name: String) -> String { directory.path(name) }

  /// What plistlib reads from a file here.
  func plistlib(_ name: String) throws -> PlistValue {
    try PlistlibOracle.value(ofFile: path(name))
  }

  /// What Foundation's PropertyListSerialization reads, and the format it found.
  func foundation(_ name: String) throws -> (Any, PropertyListSerialization.PropertyListFormat) {
    var format = PropertyListSerialization.PropertyListFormat.xml
    let object = try PropertyListSerialization.propertyList(
      from: Data(try directory.read(name)), options: [], format: &format)
    return (object, format)
  }

  /// The format a file is in, as PlistCore's reader finds it.
  func format(_ name: String) throws -> PlistFormat {
    try PropertyList.decode(try directory.read(name)).format
  }

  /// A run of a mode in process (`plutil …`, `buddy …`), in this directory's paths.
  func run(_ arguments: String..., stdin: String = "") throws -> CLI.Result {
    try CLI.run(arguments, stdin: Array(stdin.utf8))
  }
}
