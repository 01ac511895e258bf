import Foundation
import PlistCore
import Testing

/// The rows of a pane as the Settings app lays them out, and their lines of text.
@Suite("Settings bundles: rows and text")
struct SettingsTextTests {
  static func describe(_ row: SettingsRow) -> String {
    switch row.kind {
    case .header: return "header \(row.title)"
    case .footer: return "footer \(row.title)"
    case .radioOption(let choice, let isChecked):
      return "option \(choice) \(row.title)\(isChecked ? " checked" : "")"
    case .childPane(let pane): return "child \(pane)"
    default: return "\(row.kind) \(row.title)=\(row.value)\(row.isDefault ? " (default)" : "")"
    }
  }

  /// A group's footer comes under the group's last element, not under its header; a radio
  /// group is a group of its own and ends the one before it.
  @Test func aFooterComesUnderItsGroupsElements() throws {
    let box = try SyntheticBundle(root: [
      Element.group("One", footer: "Under one"),
      Element.toggle("a", title: "A"),
      Element.child("Child"),
      [
        "Type": "PSRadioGroupSpecifier", "Title": "Pick", "Key": "r", "DefaultValue": 1,
        "Values": [1, 2], "Titles": ["X", "Y"], "FooterText": "Under pick",
      ],
      Element.group("Two", footer: "Under two"),
    ])
    defer { box.remove() }
    try box.pane("Child", [])
    let schema = try box.schema()
    let rows = schema.rows(of: schema.bundle.root) { key in
      key == "a" ? (false, false) : schema.factoryDefaults[key].map { ($0, true) }
    }
    #expect(
      rows.map(Self.describe) == [
        "header One", "toggle A=OFF", "child Child", "footer Under one", "header Pick",
        "option 0 X checked", "option 1 Y", "footer Under pick", "header Two", "footer Under two",
      ])
  }

  /// A title value the app has not written shows its `DefaultValue`, by its label.
  @Test func anUnsetTitleValueShowsItsDefault() throws {
    let box = try SyntheticBundle(root: [
      [
        "Type": "PSTitleValueSpecifier", "Title": "Level", "Key": "level", "DefaultValue": 2,
        "Values": [1, 2], "Titles": ["Low", "High"],
      ]
    ])
    defer { box.remove() }
    let schema = try box.schema()
    let unset = schema.rows(of: schema.bundle.root) { _ in nil }
    #expect(unset.map(Self.describe) == ["readOnly Level=High (default)"])
    let set = schema.rows(of: schema.bundle.root) { _ in (1, false) }
    #expect(set.map(Self.describe) == ["readOnly Level=Low"])
  }

  @Test func aRowIsOneLineOfTheWidthGiven() throws {
    let box = try SyntheticBundle(root: [
      Element.text("note", "first\nsecond\tthird", title: "Note"),
      Element.with(Element.child("Child", title: "More"), ["Key": "note"]),
      Element.group(String(repeating: "long header ", count: 4)),
    ])
    defer { box.remove() }
    try box.pane("Child", [])
    let schema = try box.schema()
    let rows = schema.rows(of: schema.bundle.root) { _ in ("first\nsecond\tthird", true) }
    let lines = rows.flatMap { SettingsText.lines(of: $0, width: 30) }
    #expect(
      lines == [
        "  Note first↵second… (default)",
        "  More" + String(repeating: " ", count: 23) + "›",
        "",
        "LONG HEADER LONG HEADER LONG",
        "HEADER LONG HEADER",
      ])
    #expect(lines.allSatisfy { $0.count <= 30 })
  }
}
