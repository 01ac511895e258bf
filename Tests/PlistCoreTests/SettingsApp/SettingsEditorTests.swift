import Foundation
import Testing

@testable import PlistCore

/// The Settings app's model without a terminal: keys in, writes and frames out, on the
/// Pigeon fixture bundle (a multi-value, a toggle, a slider, text fields, a title value, a
/// child pane with a radio group).
@Suite("Settings app: the model")
struct SettingsEditorTests {
  static let size = TerminalSize(rows: 24, columns: 80)

  /// An editor over the Pigeon bundle, with the values of `stored` as the user's and the
  /// bundle's defaults behind them.
  static func editor(_ stored: [String: PlistValue] = [:], language: String = "en") throws
    -> SettingsEditor
  {
    let path = Fixtures.root.appendingPathComponent("bundles/pigeon/Settings.bundle").path
    let schema = try SettingsSchema(bundlePath: path, preferredLanguages: [language])
    var editor = SettingsEditor(schema: schema, title: "com.example.pigeon")
    editor.refresh { key in
      if let value = stored[key] { return (value, false) }
      return schema[key]?.defaultValue.map { ($0, true) }
    }
    return editor
  }

  static func screen(_ editor: SettingsEditor) -> [String] {
    editor.render(size: size).lines.map(\.text)
  }

  /// Presses keys, collecting the writes.
  static func press(_ keys: [TerminalKey], _ editor: inout SettingsEditor)
    -> [SettingsEditor.Action]
  {
    keys.flatMap { editor.handle($0) }
  }

  @Test func theRootPaneLooksLikeTheSettingsApp() throws {
    let screen = Self.screen(try Self.editor())
    #expect(screen.count == 24)
    #expect(screen[0].hasPrefix(" Pigeon"))
    #expect(screen.contains(" MAP"))
    #expect(screen.contains { $0.hasPrefix("▸ Map Type") && $0.hasSuffix("Standard (default)") })
    #expect(screen.contains { $0.hasPrefix("  Show Traffic") && $0.hasSuffix("ON (default)") })
    #expect(screen.contains { $0.contains("Satellite images need a connection.") })
    #expect(screen.contains { $0.hasPrefix("  Advanced") && $0.hasSuffix("›") })
    #expect(screen.allSatisfy { DisplayWidth.of($0) <= 80 })
  }

  @Test func aToggleFlipsWithSpaceOrEnter() throws {
    var editor = try Self.editor()
    #expect(
      Self.press([.down, .character(" ")], &editor) == [
        .write(key: "HPShowTraffic", value: false)
      ])
    editor = try Self.editor(["HPShowTraffic": false])
    #expect(
      Self.press([.character("j"), .enter], &editor) == [
        .write(key: "HPShowTraffic", value: true)
      ])
  }

  @Test func aMultiValueOpensItsChoicesWithACheckMark() throws {
    var editor = try Self.editor(["HPMapType": 2])
    #expect(Self.press([.enter], &editor).isEmpty)
    let page = Self.screen(editor)
    #expect(page[0].contains("Pigeon › Map Type"))
    #expect(page.contains { $0.hasPrefix("    Standard") })
    #expect(page.contains { $0.hasPrefix("▸") == false && $0.contains("✓ Hybrid") })
    #expect(Self.press([.up, .enter], &editor) == [.write(key: "HPMapType", value: 1)])
    #expect(Self.screen(editor)[0].hasPrefix(" Pigeon") && !Self.screen(editor)[0].contains("›"))
  }

  @Test func aSliderMovesWithArrowsOrTakesATypedValue() throws {
    var editor = try Self.editor()
    _ = Self.press([.down, .down], &editor)
    #expect(Self.press([.right], &editor) == [.write(key: "HPZoom", value: 0.55)])
    #expect(Self.press([.character("h")], &editor) == [.write(key: "HPZoom", value: 0.45)])
    #expect(
      Self.press(
        [.enter, .control("u"), .character("0"), .character("."), .character("8"), .enter], &editor)
        == [.write(key: "HPZoom", value: 0.8)])
    _ = Self.press([.enter, .control("u"), .character("x"), .enter], &editor)
    #expect(editor.message == "'x' is not a number")
  }

  @Test func aTextFieldIsEditedInPlaceAndASecureOneMasked() throws {
    var editor = try Self.editor(["HPName": "Ann"])
    _ = Self.press([.character("G")], &editor)  // the last row: Version
    _ = Self.press([.up, .up, .up], &editor)  // Name
    _ = Self.press([.enter, .backspace, .character("a")], &editor)
    let frame = editor.render(size: Self.size)
    #expect(frame.lines.contains { $0.text.hasPrefix("▸ Name: Ana") })
    #expect(frame.cursor?.column == DisplayWidth.of("▸ Name: Ana"))
    #expect(Self.press([.enter], &editor) == [.write(key: "HPName", value: "Ana")])
    // Escape leaves the value alone.
    #expect(Self.press([.enter, .character("z"), .escape], &editor).isEmpty)
    _ = Self.press([.down, .enter, .character("s"), .character("3")], &editor)
    #expect(Self.screen(editor).contains { $0.hasPrefix("▸ Password: ••") })
    #expect(Self.press([.enter], &editor) == [.write(key: "HPPassword", value: "s3")])
  }

  /// A bundle's title with controls in it is drawn escaped, so it is wider than written:
  /// the cursor of a field typed into is placed after the title as drawn.
  @Test func theCursorFollowsATitleAsDrawn() throws {
    let box = try SyntheticBundle(root: [Element.text("name", "Ann", title: "Na\r\nme\u{202E}")])
    defer { box.remove() }
    var editor = SettingsEditor(schema: try box.schema(), title: "com.example.text")
    editor.refresh { _ in ("Ann", false) }
    _ = Self.press([.enter, .character("a")], &editor)
    let frame = editor.render(size: Self.size)
    let drawn = #"▸ Na\r\nme\U202e: Anna"#
    #expect(frame.lines.contains { $0.text.hasPrefix(drawn) })
    #expect(frame.cursor?.column == DisplayWidth.of(drawn))
  }

  @Test func aSecureValueIsNeverShown() throws {
    let editor = try Self.editor(["HPPassword": "hunter2"])
    #expect(!Self.screen(editor).contains { $0.contains("hunter2") })
    #expect(Self.screen(editor).contains { $0.hasPrefix("  Password") && $0.hasSuffix("•••••••") })
  }

  @Test func aChildPaneIsEnteredAndLeftWithABreadcrumb() throws {
    var editor = try Self.editor()
    _ = Self.press([.character("G"), .up, .enter], &editor)
    var screen = Self.screen(editor)
    #expect(screen[0].contains("Pigeon › Advanced"))
    #expect(screen.contains(" UNITS"))
    #expect(screen.contains { $0.contains("(•) Metric") })
    // A radio option is picked inline; a string-valued toggle writes its own values.
    #expect(Self.press([.down, .enter], &editor) == [.write(key: "HPUnits", value: "imperial")])
    #expect(Self.press([.down, .enter], &editor) == [.write(key: "HPLogging", value: "on")])
    _ = Self.press([.escape], &editor)
    screen = Self.screen(editor)
    #expect(screen[0].hasPrefix(" Pigeon") && !screen[0].contains("Advanced"))
    // ← on a row that is not a slider goes back too.
    _ = Self.press([.enter, .left], &editor)
    #expect(!Self.screen(editor)[0].contains("Advanced"))
  }

  @Test func searchFindsTitlesAndKeysAcrossPanes() throws {
    var editor = try Self.editor()
    _ = Self.press([.character("/")] + "log".map { .character($0) }, &editor)
    let results = Self.screen(editor)
    #expect(results.contains(" / log"))
    #expect(results.contains { $0.contains("Logging") && $0.hasSuffix("Pigeon › Advanced") })
    _ = Self.press([.enter, .enter], &editor)
    #expect(Self.screen(editor)[0].contains("Advanced"))
    #expect(Self.screen(editor).contains { $0.hasPrefix("▸ Logging") })
  }

  @Test func helpListsTheKeysAndQuitQuits() throws {
    var editor = try Self.editor()
    _ = Self.press([.character("?")], &editor)
    #expect(Self.screen(editor).contains { $0.contains("Esc") && $0.contains("back") })
    _ = Self.press([.character("x")], &editor)
    #expect(Self.screen(editor)[0].hasPrefix(" Pigeon"))
    #expect(Self.press([.character("q")], &editor) == [.quit])
    #expect(Self.press([.control("c")], &editor) == [.quit])
  }

  @Test func aTitleValueIsReadOnly() throws {
    var editor = try Self.editor()
    #expect(Self.press([.character("G"), .enter], &editor).isEmpty)
    #expect(editor.message?.contains("cannot be changed") == true)
  }

  @Test func newValuesShowWhenRefreshed() throws {
    var editor = try Self.editor()
    editor.refresh { $0 == "HPMapType" ? (1, false) : nil }
    #expect(
      Self.screen(editor).contains { $0.hasPrefix("▸ Map Type") && $0.hasSuffix("Satellite") })
  }

  @Test func theGermanBundleIsShownInGerman() throws {
    let screen = Self.screen(try Self.editor(language: "de_DE.UTF-8"))
    #expect(screen.contains(" KARTE"))
    #expect(screen.contains { $0.hasPrefix("▸ Kartentyp") })
  }

  @Test func aSmallOrWideTerminalGetsAFrameOfItsSize() throws {
    var editor = try Self.editor()
    _ = Self.press([.character("G")], &editor)
    for size in [TerminalSize(rows: 8, columns: 30), TerminalSize(rows: 40, columns: 120)] {
      let lines = editor.render(size: size).lines.map(\.text)
      #expect(lines.count == size.rows)
      #expect(lines.allSatisfy { DisplayWidth.of($0) <= size.columns })
      // The selected row (the last) is in view.
      #expect(lines.contains { $0.hasPrefix("▸ Version") })
    }
  }
}
