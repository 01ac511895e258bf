import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// TerminalSession in a real terminal: TerminalProbe run under tmux, keys sent, the screen
/// read. Every step waits for the screen it causes (at most ten seconds), never a fixed time.
@Suite("TerminalProbe under tmux")
struct TerminalProbeTests {
  static let probe = ChildProcess.product("TerminalProbe")

  /// Starts the probe and waits for its first frame.
  private func start(environment: [String: String] = [:]) async throws -> Tmux {
    let tmux = try await Tmux.start(Self.probe, environment: environment)
    try await tmux.waitForLine("size 80x24")
    return tmux
  }

  /// Waits until the probe's `keys:` line ends with these keys (it shows the last five).
  private func waitForKeys(_ keys: String, in tmux: Tmux) async throws {
    _ = try await tmux.waitForLine(startingWith: "keys: ") { $0.hasSuffix(" " + keys) }
  }

  /// The probe's process, from its `pid:` line.
  private func pid(in tmux: Tmux) async throws -> pid_t {
    let line = try await tmux.waitForLine(startingWith: "events: ")
    return try #require(line.split(separator: " ").last.flatMap { pid_t($0) })
  }

  // MARK: - Keys

  @Test func arrowKeysAndViLetters() async throws {
    let tmux = try await start()
    defer { tmux.kill() }
    try tmux.sendKeys("Up", "Down", "Left", "Right")
    try await waitForKeys("up down left right", in: tmux)
    try tmux.type("hjkl")
    try await waitForKeys("character(h) character(j) character(k) character(l)", in: tmux)
    try tmux.type("gG/?")
    try await waitForKeys("character(g) character(G) character(/) character(?)", in: tmux)
  }

  @Test func homeEndPagesAndEditingKeys() async throws {
    let tmux = try await start()
    defer { tmux.kill() }
    try tmux.sendKeys("Home", "End", "PPage", "NPage")
    try await waitForKeys("home end pageUp pageDown", in: tmux)
    try tmux.sendKeys("Tab", "BTab", "BSpace", "DC", "Enter")
    try await waitForKeys("tab backTab backspace delete enter", in: tmux)
    try tmux.sendKeys("Space", "C-a", "C-z")
    try await waitForKeys("character( ) control(a) control(z)", in: tmux)
  }

  @Test func escapeAloneIsTheEscapeKey() async throws {
    let tmux = try await start()
    defer { tmux.kill() }
    try tmux.sendKeys("Escape")
    try await waitForKeys("escape", in: tmux)
    try tmux.type("j")
    try await waitForKeys("escape character(j)", in: tmux)
  }

  @Test func utf8Characters() async throws {
    let tmux = try await start()
    defer { tmux.kill() }
    try tmux.type("é紅Ж")
    try await waitForKeys("character(é) character(紅) character(Ж)", in: tmux)
  }

  // MARK: - Drawing

  @Test func resizeRedrawsForTheNewSize() async throws {
    let tmux = try await start()
    defer { tmux.kill() }
    try expectClippedWideLine(in: try tmux.capture(), columns: 80)
    try tmux.resize(columns: 100, rows: 30)
    let screen = try await tmux.waitForLine("size 100x30")
    try expectClippedWideLine(in: screen, columns: 100)
    // The footer moved to the new last row.
    let footer = try await tmux.waitFor("the footer on row 30") { $0.count >= 30 }
    #expect(footer[29] == "q quits")
  }

  /// The probe's long line of wide characters ends in `…` within the width, never split.
  private func expectClippedWideLine(
    in screen: [String], columns: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let line = try #require(screen.first { $0.hasPrefix("紅 綠 藍") }, sourceLocation: sourceLocation)
    #expect(line.hasSuffix("…"), sourceLocation: sourceLocation)
    #expect(DisplayWidth.of(line) <= columns, sourceLocation: sourceLocation)
    #expect(DisplayWidth.of(line) >= columns - 1, sourceLocation: sourceLocation)
  }

  // MARK: - Leaving

  @Test func rawModeWhileRunningAndQRestores() async throws {
    let tmux = try await start()
    defer { tmux.kill() }
    let settings = try tmux.currentSettings().split { $0 == " " || $0 == "\n" || $0 == ";" }
    for flag in ["-icanon", "-echo", "-isig", "-ixon", "-icrnl", "opost"] {
      #expect(settings.contains(Substring(flag)), "\(flag) while running")
    }
    #expect(try tmux.screenModes() == (alternate: true, cursorVisible: false))
    try tmux.type("q")
    #expect(try await tmux.waitForExit() == 0)
    #expect(try tmux.settingsRestored())
    #expect(try tmux.screenModes() == (alternate: false, cursorVisible: true))
  }

  @Test func controlCQuitsAndRestores() async throws {
    let tmux = try await start()
    defer { tmux.kill() }
    try tmux.sendKeys("C-c")
    #expect(try await tmux.waitForExit() == 130)
    #expect(try tmux.settingsRestored())
    #expect(try tmux.screenModes() == (alternate: false, cursorVisible: true))
  }

  @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
  func signalRestoresAndEndsTheProcess(_ signal: Int32) async throws {
    let tmux = try await start()
    defer { tmux.kill() }
    kill(try await pid(in: tmux), signal)
    #expect(try await tmux.waitForExit() == 128 + signal)
    #expect(try tmux.settingsRestored())
    #expect(try tmux.screenModes() == (alternate: false, cursorVisible: true))
  }

  @Test func crashRestores() async throws {
    let tmux = try await start(environment: ["SWIFT_BACKTRACE": "enable=no"])
    defer { tmux.kill() }
    try tmux.type("!")
    #expect(try await tmux.waitForExit() > 128)
    #expect(try tmux.settingsRestored())
    #expect(try tmux.screenModes() == (alternate: false, cursorVisible: true))
  }

  @Test func stopRestoresAndContinueComesBack() async throws {
    let tmux = try await start()
    defer { tmux.kill() }
    kill(try await pid(in: tmux), SIGTSTP)
    try await tmux.waitForLine("[stopped]")
    #expect(try tmux.settingsAsBefore())
    #expect(try tmux.screenModes() == (alternate: false, cursorVisible: true))
    try tmux.sendKeys("Enter")  // the shell's `fg`
    try await tmux.waitForLine("size 80x24")
    try tmux.type("x")
    try await waitForKeys("character(x)", in: tmux)
    #expect(try tmux.screenModes() == (alternate: true, cursorVisible: false))
    try tmux.type("q")
    #expect(try await tmux.waitForExit() == 0)
    #expect(try tmux.settingsRestored())
  }

  // MARK: - Refusals

  @Test func notATerminalPrintsOneLineAndFails() throws {
    let result = try ChildProcess.run(Self.probe, [], environment: ["TERM": "xterm-256color"])
    #expect(result.status == 1)
    #expect(result.stderr == "TerminalProbe: <stdin> is not a terminal\n")
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: [("dumb", "TERM=dumb cannot move the cursor"), (nil, "TERM is not set")])
  func unsupportedTerminalIsRefused(_ term: String?, _ message: String) async throws {
    let tmux = try await Tmux.start(Self.probe, term: term)
    defer { tmux.kill() }
    #expect(try await tmux.waitForExit() == 1)
    #expect(try tmux.capture().contains("TerminalProbe: \(message)"))
    #expect(try tmux.settingsRestored())
  }
}
