import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// The books' Wonderland (Examples/Wonderland) under tmux: the reader turns to page 87,
/// opens a character, and leaves by every way a Linux program is left; the next launch shows
/// the same tab, character and page. Every step waits for the screen it causes.
@Suite("Wonderland's state restored under tmux")
struct WonderlandTests {
  static let wonderland = ChildProcess.product("wonderland")
  static let domain = "org.plistctl.Wonderland"

  /// A state directory of the test's own, and the app run in it.
  final class App {
    let state: TemporaryDirectory
    init() throws { state = try TemporaryDirectory() }
    var archive: String { state.path(WonderlandTests.domain + "/restoration.plist") }

    func start(_ environment: [String: String] = [:], jobControl: Bool = true) async throws
      -> Tmux
    {
      try await Tmux.start(
        WonderlandTests.wonderland,
        environment: environment.merging(["XDG_STATE_HOME": state.url.path]) { $1 },
        jobControl: jobControl)
    }

    /// Launches, waits for the first frame, and returns the session.
    func launch(_ environment: [String: String] = [:], expecting status: String) async throws
      -> Tmux
    {
      let tmux = try await start(environment)
      _ = try await tmux.waitForLine(startingWith: status)
      return tmux
    }
  }

  /// Page 87 of the book, then the characters tab with the Caterpillar open.
  private func read(in tmux: Tmux) async throws {
    try tmux.sendKeys(Array(repeating: "Right", count: 86))
    try await tmux.waitForLine("Page 87 of 120")
    try tmux.sendKeys("Tab", "Down", "Down", "Enter")
    try await tmux.waitForLine("Character: Caterpillar")
  }

  /// A first launch that reads to page 87 and the Caterpillar, and quits with `q`.
  private func savedReading(_ app: App) async throws {
    let first = try await app.launch(expecting: "fresh start")
    defer { first.kill() }
    try await read(in: first)
    try first.type("q")
    #expect(try await first.waitForExit() == 0)
  }

  /// The second launch shows the Caterpillar on the characters tab, and the book at 87.
  private func expectRestored(_ app: App) async throws {
    let tmux = try await app.launch(expecting: "restored (saved by 1.0)")
    defer { tmux.kill() }
    try await tmux.waitForLine("Character: Caterpillar")
    try tmux.sendKeys("Escape")
    try await tmux.waitForLine("> Caterpillar")
    try tmux.sendKeys("Tab")
    try await tmux.waitForLine("Page 87 of 120")
  }

  /// Each way out: how to leave, and the status the shell sees.
  enum Exit: String, CaseIterable, CustomTestStringConvertible {
    case quitKey, sigterm, sighup, sigint, controlZThenKill, sigtstpThenKill
    var testDescription: String { rawValue }
  }

  @Test(arguments: Exit.allCases)
  func stateSurvivesEveryExit(_ exit: Exit) async throws {
    let app = try App()
    let tmux = try await app.launch(expecting: "fresh start")
    defer { tmux.kill() }
    try await read(in: tmux)
    let pid = try tmux.programProcess()
    switch exit {
    case .quitKey:
      try tmux.type("q")
      #expect(try await tmux.waitForExit() == 0)
    case .sigterm, .sighup, .sigint:
      let signal = [.sigterm: SIGTERM, .sighup: SIGHUP, .sigint: SIGINT][exit]!
      kill(pid, signal)
      // Ended by the signal itself, after saving: the status says so, as if never caught.
      #expect(try await tmux.waitForExit() == 128 + signal)
      #expect(try tmux.settingsRestored())
    case .controlZThenKill, .sigtstpThenKill:
      if exit == .controlZThenKill { try tmux.sendKeys("C-z") } else { kill(pid, SIGTSTP) }
      try await tmux.waitForLine("[stopped]")
      #expect(try tmux.settingsAsBefore())
      kill(pid, SIGKILL)
    }
    #expect(FileManager.default.fileExists(atPath: app.archive))
    #expect(try permissions(app.archive) == 0o600)
    try await expectRestored(app)
  }

  @Test func aSecondSigtermEndsAStuckProgramAtOnce() async throws {
    let app = try App()
    let tmux = try await app.launch(expecting: "fresh start")
    defer { tmux.kill() }
    try tmux.type("b")
    try await tmux.waitForLine("busy…")
    let pid = try tmux.programProcess()
    kill(pid, SIGTERM)  // waits for the loop, which is stuck
    // Two signals pending at once would be one: send the second once the first is handled.
    await waitUntilDelivered(SIGTERM, to: pid)
    kill(pid, SIGTERM)  // ends it now
    #expect(try await tmux.waitForExit() == 128 + SIGTERM)
    #expect(try tmux.settingsRestored())
    // Nothing was saved: the loop never took the first signal.
    #expect(!FileManager.default.fileExists(atPath: app.archive))
  }

  /// Waits until no `signal` is pending for the process (`/proc/PID/status`). `eventually`
  /// looks once more after its limit: under the whole suite this task may be resumed only
  /// long after it (130 s was seen), and the signal handled long before.
  private func waitUntilDelivered(_ signal: Int32, to pid: pid_t) async {
    let bit = UInt64(1) << UInt64(signal - 1)
    let delivered = await eventually {
      let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
      let pending = status.split(separator: "\n").filter {
        $0.hasPrefix("SigPnd:") || $0.hasPrefix("ShdPnd:")
      }.compactMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
      return pending.count == 2 && pending.allSatisfy { $0 & bit == 0 }
    }
    #expect(delivered, "signal \(signal) still pending for \(pid)")
  }

  /// SIGSTOP, which no program sees (a debugger's), then SIGCONT: the loop hears of the
  /// continue and draws the whole screen again, over what was written meanwhile.
  @Test func aStopNoProgramSeesIsRedrawnWhenContinued() async throws {
    let app = try App()
    let tmux = try await app.start(jobControl: false)
    defer { tmux.kill() }
    _ = try await tmux.waitForLine(startingWith: "fresh start")
    let pid = try tmux.programProcess()
    kill(pid, SIGSTOP)
    #expect(await eventually { Platform.isStopped(process: pid) }, "\(pid) did not stop")
    try tmux.writeToTerminal("\u{1B}[2J\u{1B}[Hscribbled over")
    try await tmux.waitForLine("scribbled over")
    kill(pid, SIGCONT)
    let screen = try await tmux.waitFor("the frame drawn again") { screen in
      screen.contains("Page 1 of 120") && !screen.contains("scribbled over")
    }
    #expect(screen.first?.hasPrefix("Wonderland") == true)
    try tmux.sendKeys("Right")
    try await tmux.waitForLine("Page 2 of 120")
  }

  @Test func aSuspendedProgramComesBackAndKeepsGoing() async throws {
    let app = try App()
    let tmux = try await app.launch(expecting: "fresh start")
    defer { tmux.kill() }
    try tmux.sendKeys("Right", "Right")
    try await tmux.waitForLine("Page 3 of 120")
    try tmux.sendKeys("C-z")
    try await tmux.waitForLine("[stopped]")
    try tmux.sendKeys("Enter")  // the shell's `fg`
    try await tmux.waitForLine("Page 3 of 120")
    try tmux.sendKeys("Right")
    try await tmux.waitForLine("Page 4 of 120")
    try tmux.type("q")
    #expect(try await tmux.waitForExit() == 0)
    #expect(try tmux.settingsRestored())
    let again = try await app.launch(expecting: "restored (saved by 1.0)")
    defer { again.kill() }
    try await again.waitForLine("Page 4 of 120")
  }

  @Test func aCrashWhileRestoringIsNotRepeated() async throws {
    let app = try App()
    try await savedReading(app)

    let crashing = try await app.start(
      ["WONDERLAND_CRASH_WHILE_RESTORING": "1", "SWIFT_BACKTRACE": "enable=no"])
    #expect(try await crashing.waitForExit() > 128)
    crashing.kill()

    let third = try await app.launch(
      expecting: "fresh start: the last launch died restoring; state cleared")
    defer { third.kill() }
    try await third.waitForLine("Page 1 of 120")
  }

  @Test func aKillWhileRestoringDiscardsTheArchive() async throws {
    let app = try App()
    try await savedReading(app)

    let paused = try await app.start(["PLISTCTL_TEST_PAUSE": "restoring"])
    try await paused.waitForLine("paused at restoring")
    kill(try paused.programProcess(), SIGKILL)
    _ = try await paused.waitForExit()
    paused.kill()

    let next = try await app.launch(
      expecting: "fresh start: the last launch died restoring; state cleared")
    try next.type("q")
    #expect(try await next.waitForExit() == 0)
    next.kill()
    // Only once: what that launch saved is restored by the next, as always.
    let after = try await app.launch(expecting: "restored (saved by 1.0)")
    after.kill()
  }

  @Test func anArchiveFromAnotherVersionIsRefused() async throws {
    let app = try App()
    try await savedReading(app)
    let upgraded = try await app.launch(
      ["WONDERLAND_VERSION": "2.0"], expecting: "fresh start: state saved by 1.0 not restored")
    upgraded.kill()
  }

  @Test func theSelectionFollowsTheCharacterInAListSortedAnew() async throws {
    let app = try App()
    let first = try await app.launch(expecting: "fresh start")
    try first.sendKeys("Tab", "Down", "Down", "Down", "Down")
    try await first.waitForLine("> Cheshire Cat")
    try first.type("q")
    _ = try await first.waitForExit()
    first.kill()
    let reversed = try await app.launch(
      ["WONDERLAND_SORT": "reverse"], expecting: "restored (saved by 1.0)")
    defer { reversed.kill() }
    // Fifth from the top before, sixth now: the row moved, the character did not.
    let screen = try await reversed.waitForLine("> Cheshire Cat")
    #expect(screen.firstIndex(of: "> Cheshire Cat") == 2 + 5)
  }

  @Test func anUnreadableArchiveIsReportedOnceAndCleared() async throws {
    let app = try App()
    try FileManager.default.createDirectory(
      atPath: app.state.path(Self.domain), withIntermediateDirectories: true)
    try Data("not a plist".utf8).write(to: URL(fileURLWithPath: app.archive))
    let tmux = try await app.launch(expecting: "fresh start: unreadable state cleared")
    defer { tmux.kill() }
    // Removed at launch (ending the app now would save a new one: tmux's end is a SIGHUP).
    #expect(!FileManager.default.fileExists(atPath: app.archive))
  }

  private func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }
}
