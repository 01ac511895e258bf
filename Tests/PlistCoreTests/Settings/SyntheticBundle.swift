import Foundation
import PlistCore
import TestSupport

/// A Settings bundle made up for one test in a temporary directory: panes written as XML
/// plists from their elements, strings tables as text, anything else as raw bytes.
struct SyntheticBundle {
  let directory: TemporaryDirectory
  /// The bundle directory.
  var path: String { directory.path("Settings.bundle") }

  init() throws {
    directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// A bundle whose `Root.plist` holds these elements.
  init(root elements: [PlistValue], keys: PlistDictionary = [:]) throws {
    try self.init()
    try pane("Root", elements, keys: keys)
  }

  /// Writes `<name>.plist`: a root dictionary with `PreferenceSpecifiers` and other keys.
  func pane(_ name: String, _ elements: [PlistValue], keys: PlistDictionary = [:]) throws {
    var root = keys
    root["PreferenceSpecifiers"] = .array(elements)
    try write(name + ".plist", .dictionary(root))
  }

  /// Writes a plist (any root) inside the bundle as XML.
  func write(_ file: String, _ value: PlistValue) throws {
    try write(file, bytes: try PropertyList.encode(value, as: .xml))
  }

  /// Writes bytes inside the bundle, making the directories on the way.
  func write(_ file: String, bytes: [UInt8]) throws {
    let url = URL(fileURLWithPath: path + "/" + file)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  /// Writes `<language>.lproj/<table>.strings` in UTF-8, one `"key" = "value";` a line.
  func strings(_ language: String, table: String = "Root", _ entries: [String: String]) throws {
    let lines = entries.sorted { $0.key < $1.key }.map { "\"\($0.key)\" = \"\($0.value)\";" }
    try write(
      "\(language).lproj/\(table).strings", bytes: Array(lines.joined(separator: "\n").utf8))
  }

  func bundle(languages: [String] = []) throws -> SettingsBundle {
    try SettingsBundle(path: path, preferredLanguages: languages)
  }

  func schema(languages: [String] = []) throws -> SettingsSchema {
    try SettingsSchema(bundlePath: path, preferredLanguages: languages)
  }

  /// The lint findings, as lint prints them (without the bundle's path).
  func findings() throws -> [String] {
    SettingsLint.findings(for: try schema()).map(\.description)
  }

  func remove() { directory.remove() }
}

/// Elements of a pane, as literals.
enum Element {
  static func group(_ title: String? = nil, footer: String? = nil) -> PlistValue {
    var fields: PlistDictionary = ["Type": "PSGroupSpecifier"]
    if let title { fields["Title"] = .string(title) }
    if let footer { fields["FooterText"] = .string(footer) }
    return .dictionary(fields)
  }

  static func child(_ file: String, title: String = "Child") -> PlistValue {
    ["Type": "PSChildPaneSpecifier", "Title": .string(title), "File": .string(file)]
  }

  static func toggle(_ key: String, _ defaultValue: PlistValue = true, title: String = "Toggle")
    -> PlistValue
  {
    [
      "Type": "PSToggleSwitchSpecifier", "Title": .string(title), "Key": .string(key),
      "DefaultValue": defaultValue,
    ]
  }

  static func text(_ key: String, _ defaultValue: PlistValue = "", title: String = "Text")
    -> PlistValue
  {
    [
      "Type": "PSTextFieldSpecifier", "Title": .string(title), "Key": .string(key),
      "DefaultValue": defaultValue,
    ]
  }

  static func slider(
    _ key: String, _ defaultValue: PlistValue, _ minimum: PlistValue, _ maximum: PlistValue
  )
    -> PlistValue
  {
    [
      "Type": "PSSliderSpecifier", "Key": .string(key), "DefaultValue": defaultValue,
      "MinimumValue": minimum, "MaximumValue": maximum,
    ]
  }

  static func multi(
    _ key: String, _ defaultValue: PlistValue, values: [PlistValue], titles: [PlistValue],
    title: String = "Choice"
  ) -> PlistValue {
    [
      "Type": "PSMultiValueSpecifier", "Title": .string(title), "Key": .string(key),
      "DefaultValue": defaultValue, "Values": .array(values), "Titles": .array(titles),
    ]
  }

  /// An element with the given fields added to (or replacing) a base element's.
  static func with(_ base: PlistValue, _ changes: PlistDictionary) -> PlistValue {
    var fields = base.dictionaryValue ?? PlistDictionary()
    for (key, value) in changes { fields[key] = value }
    return .dictionary(fields)
  }

  /// An element without some of a base element's fields.
  static func without(_ base: PlistValue, _ keys: String...) -> PlistValue {
    var fields = base.dictionaryValue ?? PlistDictionary()
    for key in keys { fields.removeValue(forKey: key) }
    return .dictionary(fields)
  }
}
