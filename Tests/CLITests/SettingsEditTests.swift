import Foundation
import TestSupport
import Testing

/// `settings edit` in a real terminal: plistctl run under tmux on the Pigeon bundle, keys
/// sent, the screen read, the domain file checked with Foundation's reader. Each step waits
/// for the screen it causes (at most ten seconds), never a fixed time.
@Suite("settings edit under tmux")
struct SettingsEditTests {
  static let domain = "com.example.pigeon"

  /// A sandbox with the Pigeon bundle attached, and the app started in it.
  private func start(columns: Int = 80, rows: Int = 24) async throws -> (Sandbox, Tmux) {
    let box = try Sandbox()
    _ = try box.ok("settings", "attach", Self.domain, SettingsFixtures.path("pigeon"))
    let tmux = try await Tmux.start(
      CLI.executable, ["settings", "edit", Self.domain], environment: box.environment,
      columns: columns, rows: rows)
    try await tmux.waitFor("the root pane") { $0.first?.hasPrefix(" Pigeon") == true }
    return (box, tmux)
  }

  /// Waits for a row: its title at the start (after the selection mark) and its value at
  /// the end.
  @discardableResult
  private func waitForRow(_ title: String, _ value: String, in tmux: Tmux, selected: Bool? = nil)
    async throws -> [String]
  {
    try await tmux.waitFor("the row \(title) … \(value)") { screen in
      // Not while a value is being typed (the status line then offers to save it).
      screen.last?.hasPrefix("⏎ save") == false
        && screen.contains { line in
          let marks = selected.map { $0 ? ["▸ "] : ["  "] } ?? ["▸ ", "  "]
          // Not the row being typed into (`▸ Name: Ann`): the value must be stored and shown.
          return marks.contains { line.hasPrefix($0 + title) && !line.hasPrefix($0 + title + ":") }
            && line.hasSuffix(value)
        }
    }
  }

  @Test func aToggleFlipsAndIsWrittenAtOnce() async throws {
    let (box, tmux) = try await start()
    defer {
      box.remove()
      tmux.kill()
    }
    try await waitForRow("Show Traffic", "ON (default)", in: tmux)
    try tmux.sendKeys("Down", "Space")
    try await waitForRow("Show Traffic", "OFF", in: tmux, selected: true)
    #expect(try box.contents(Self.domain)["HPShowTraffic"] as? Bool == false)
    try tmux.sendKeys("Enter")
    try await waitForRow("Show Traffic", "ON", in: tmux, selected: true)
    #expect(try box.contents(Self.domain)["HPShowTraffic"] as? Bool == true)
  }

  @Test func aMultiValueIsPickedOnItsPageOfChoices() async throws {
    let (box, tmux) = try await start()
    defer {
      box.remove()
      tmux.kill()
    }
    try tmux.sendKeys("Enter")
    try await tmux.waitFor("the choices") { screen in
      screen.first?.contains("Pigeon › Map Type") == true
        && screen.contains { $0.contains("✓ Standard") }
    }
    try tmux.sendKeys("Down", "Down", "Enter")
    try await waitForRow("Map Type", "Hybrid", in: tmux, selected: true)
    #expect(try box.contents(Self.domain)["HPMapType"] as? Int == 2)
  }

  @Test func aSliderMovesWithArrowsAndTakesATypedValue() async throws {
    let (box, tmux) = try await start()
    defer {
      box.remove()
      tmux.kill()
    }
    try tmux.sendKeys("Down", "Down", "Right", "Right")
    try await waitForRow("─", "0.6", in: tmux, selected: true)
    #expect(try box.contents(Self.domain)["HPZoom"] as? Double == 0.6)
    try tmux.sendKeys("Enter", "C-u")
    try tmux.type("0.25")
    try tmux.sendKeys("Enter")
    try await waitForRow("─", "0.25", in: tmux, selected: true)
    #expect(try box.contents(Self.domain)["HPZoom"] as? Double == 0.25)
    // A value the schema refuses is not written; the status line says why.
    try tmux.sendKeys("Enter", "C-u")
    try tmux.type("5")
    try tmux.sendKeys("Enter")
    try await tmux.waitFor("the refusal") { screen in
      screen.last?.contains("HPZoom cannot be -float 5") == true
    }
    #expect(try box.contents(Self.domain)["HPZoom"] as? Double == 0.25)
  }

  @Test func aTextFieldIsTypedIntoAndASecureOneMasked() async throws {
    let (box, tmux) = try await start()
    defer {
      box.remove()
      tmux.kill()
    }
    try tmux.sendKeys("Down", "Down", "Down", "Enter")
    try tmux.type("Ann Lee")
    try await tmux.waitForLine("▸ Name: Ann Lee")
    try tmux.sendKeys("Enter")
    try await waitForRow("Name", "Ann Lee", in: tmux, selected: true)
    #expect(try box.contents(Self.domain)["HPName"] as? String == "Ann Lee")
    try tmux.sendKeys("Down", "Enter")
    try tmux.type("s3cret")
    try await tmux.waitForLine("▸ Password: ••••••")
    try tmux.sendKeys("Enter")
    try await waitForRow("Password", "••••••", in: tmux, selected: true)
    #expect(try box.contents(Self.domain)["HPPassword"] as? String == "s3cret")
    #expect(!(try tmux.capture()).contains { $0.contains("s3cret") })
  }

  @Test func aChildPaneIsEnteredAndLeft() async throws {
    let (box, tmux) = try await start()
    defer {
      box.remove()
      tmux.kill()
    }
    try tmux.sendKeys("End", "Up", "Enter")
    try await tmux.waitFor("the Advanced pane") { screen in
      screen.first?.hasPrefix(" Pigeon › Advanced") == true
        && screen.contains { $0.contains("(•) Metric") }
    }
    try tmux.sendKeys("Down", "Space")
    try await tmux.waitFor("Imperial picked") { $0.contains { $0.contains("(•) Imperial") } }
    #expect(try box.contents(Self.domain)["HPUnits"] as? String == "imperial")
    try tmux.sendKeys("Escape")
    try await tmux.waitFor("the root pane again") { $0.first == " Pigeon" }
  }

  @Test func searchFindsARowInAnotherPane() async throws {
    let (box, tmux) = try await start()
    defer {
      box.remove()
      tmux.kill()
    }
    try tmux.type("/log")
    try await tmux.waitFor("the result") { screen in
      screen.contains { $0.contains("Logging") && $0.hasSuffix("Pigeon › Advanced") }
    }
    try tmux.sendKeys("Enter", "Enter")
    try await waitForRow("Logging", "OFF (default)", in: tmux, selected: true)
    try tmux.sendKeys("Space")
    try await waitForRow("Logging", "ON", in: tmux, selected: true)
    #expect(try box.contents(Self.domain)["HPLogging"] as? String == "on")
  }

  @Test func aChangeMadeElsewhereShowsUpLive() async throws {
    let (box, tmux) = try await start()
    defer {
      box.remove()
      tmux.kill()
    }
    try await waitForRow("Map Type", "Standard (default)", in: tmux)
    _ = try box.ok("write", Self.domain, "HPMapType", "-int", "1")
    try await waitForRow("Map Type", "Satellite", in: tmux)
    _ = try box.ok("reset", Self.domain, "HPMapType")
    try await waitForRow("Map Type", "Standard (default)", in: tmux)
  }

  /// The preferences directory removed and made again (a restore from a backup, a synced
  /// folder replaced): the app watches its parent too, as the change stream does, so it
  /// sees the new directory and the writes into it.
  @Test func aPreferencesDirectoryRemovedAndMadeAgainIsStillWatched() async throws {
    let (box, tmux) = try await start()
    defer {
      box.remove()
      tmux.kill()
    }
    _ = try box.ok("write", Self.domain, "HPMapType", "-int", "1")
    try await waitForRow("Map Type", "Satellite", in: tmux)
    try FileManager.default.removeItem(atPath: box.root)
    try await waitForRow("Map Type", "Standard (default)", in: tmux)
    _ = try box.ok("write", Self.domain, "HPMapType", "-int", "2")
    try await waitForRow("Map Type", "Hybrid", in: tmux)
  }

  @Test func helpQuitAndTheTerminalRestored() async throws {
    let (box, tmux) = try await start()
    defer {
      box.remove()
      tmux.kill()
    }
    try tmux.type("?")
    try await tmux.waitFor("the keys") { $0.first == " Keys" }
    try tmux.type("x")
    try await tmux.waitFor("the root pane") { $0.first == " Pigeon" }
    try tmux.type("q")
    #expect(try await tmux.waitForExit() == 0)
    #expect(try tmux.settingsRestored())
    #expect(try tmux.screenModes() == (alternate: false, cursorVisible: true))
  }

  @Test func controlCQuitsAndRestores() async throws {
    let (box, tmux) = try await start()
    defer {
      box.remove()
      tmux.kill()
    }
    try tmux.sendKeys("C-c")
    #expect(try await tmux.waitForExit() == 0)
    #expect(try tmux.settingsRestored())
  }

  @Test func aResizeRedrawsForTheNewSize() async throws {
    let (box, tmux) = try await start()
    defer {
      box.remove()
      tmux.kill()
    }
    try tmux.resize(columns: 50, rows: 12)
    let screen = try await tmux.waitFor("a 50 × 12 frame") { screen in
      screen.count == 12 && screen.contains { $0.hasPrefix("▸ Map Type") && $0.count == 50 }
    }
    #expect(screen.allSatisfy { $0.count <= 50 })
    #expect(screen.last?.isEmpty == false)  // the status line is still at the bottom
  }

  @Test func withoutATerminalItSaysSoInOneLine() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("settings", "attach", Self.domain, SettingsFixtures.path("pigeon"))
    let result = try box.runProcess("settings", "edit", Self.domain)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("plistctl settings show \(Self.domain)"))
  }

  @Test func aDumbTerminalIsRefused() async throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("settings", "attach", Self.domain, SettingsFixtures.path("pigeon"))
    let tmux = try await Tmux.start(
      CLI.executable, ["settings", "edit", Self.domain], term: "dumb",
      environment: box.environment)
    defer { tmux.kill() }
    #expect(try await tmux.waitForExit() == 1)
    #expect(try tmux.capture().contains { $0.contains("settings show") })
    #expect(try tmux.settingsRestored())
  }
}
