import Foundation
import PlistCore
import Testing

/// The real Settings bundles of the library's tests, and small ones made up in a sandbox,
/// for the `settings` commands and the commands a schema changes.
enum SettingsFixtures {
  /// `Tests/PlistCoreTests/Fixtures/bundles`, found from this file (the CLI tests have no
  /// resources of their own).
  static let bundles = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("PlistCoreTests/Fixtures/bundles")

  /// A real bundle's directory (`inappsettingskit`, `linphone`, …).
  static func path(_ name: String) -> String {
    bundles.appendingPathComponent("\(name)/Settings.bundle").path
  }

  /// A value as a typed word (`bool:true`, `integer:36`, `real:0.5`, `string:x`), from
  /// what Foundation's readers give; booleans are told from numbers by their type.
  static func typed(_ value: Any) -> String {
    if let text = value as? String { return "string:" + text }
    guard let number = value as? NSNumber else { return "other:\(value)" }
    switch String(cString: number.objCType) {
    case "c", "B": return "bool:\(number.boolValue)"
    case "d", "f": return "real:\(number.doubleValue)"
    default: return "integer:\(number.int64Value)"
    }
  }

  /// The factory defaults Python's plistlib gathered for a bundle, as typed words.
  static func expectedDefaults(_ name: String) throws -> [String: String] {
    let data = try Data(contentsOf: bundles.appendingPathComponent("expected-defaults.json"))
    let all = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    let entries = try #require(all[name] as? [String: [String: Any]])
    return try entries.mapValues { node in
      let (kind, payload) = try #require(node.first)
      switch kind {
      case "integer", "real":
        let number = try #require(Double(payload as? String ?? ""))
        return kind == "integer" ? "integer:\(Int64(number))" : "real:\(number)"
      default: return typed(payload)
      }
    }
  }
}

extension Sandbox {
  /// Copies a real bundle into the sandbox, where a test may change or remove it.
  @discardableResult
  func copyBundle(_ name: String, to relative: String) throws -> String {
    let target = directory.path(relative)
    try FileManager.default.createDirectory(
      atPath: URL(fileURLWithPath: target).deletingLastPathComponent().path,
      withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: SettingsFixtures.path(name), toPath: target)
    return target
  }

  /// Writes a pane plist (`PreferenceSpecifiers` and other root keys) into a bundle
  /// directory inside the sandbox, making it.
  func writePane(
    _ bundle: String, _ name: String, _ elements: [PlistValue], keys: PlistDictionary = [:]
  ) throws {
    var root = keys
    root["PreferenceSpecifiers"] = .array(elements)
    try writeFile(
      bundle + "/" + name + ".plist", try PropertyList.encode(.dictionary(root), as: .xml))
  }

  /// Writes a file inside the sandbox, making its directories.
  func writeFile(_ relative: String, _ bytes: [UInt8]) throws {
    let url = URL(fileURLWithPath: directory.path(relative))
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  /// The plistctl record of attached bundles, as Foundation reads it.
  func attachments() throws -> [String: Any] {
    let path = root + "/plistctl/settings.plist"
    guard let data = FileManager.default.contents(atPath: path) else { return [:] }
    return try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
      ?? [:]
  }
}
