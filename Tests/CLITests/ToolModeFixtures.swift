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

  /// What Foundation's PropertyListSerialization reads, as a value (booleans told from
  /// numbers by their type), to compare with plistlib's.
  func foundationValue(_ name: String) throws -> PlistValue {
    try Self.value(of: try foundation(name).0)
  }

  /// Whether plistlib and Foundation read a file alike — the interop the modes promise.
  func readAlike(_ name: String) throws -> Bool {
    try plistlib(name) == foundationValue(name)
  }

  private struct Unknown: Error {}

  private static func value(of object: Any) throws -> PlistValue {
    switch object {
    case let text as String: return .string(text)
    case let number as NSNumber:
      switch String(cString: number.objCType) {
      case "c", "B": return .boolean(number.boolValue)
      case "d", "f": return .real(number.doubleValue)
      case "Q": return .integer(PlistInteger(number.uint64Value))
      default: return .integer(PlistInteger(number.int64Value))
      }
    case let date as Date:
      return .date(PlistDate(secondsSinceReferenceDate: date.timeIntervalSinceReferenceDate))
    case let data as Data: return .data(PlistData([UInt8](data)))
    case let items as [Any]: return .array(try items.map(value(of:)))
    case let dictionary as [String: Any]:
      return .dictionary(PlistDictionary(try dictionary.mapValues(value(of:))))
    default: throw Unknown()
    }
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
