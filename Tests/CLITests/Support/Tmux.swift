import Foundation
import TestSupport

/// A program running in a tmux session with a server of its own (its socket in a temporary
/// directory), for the tests of full-screen programs: keys in, the screen out. Every wait
/// polls about every 20 ms up to a bound and then fails with the last screen; there are no
/// fixed sleeps.
///
/// The program runs under `sh` with job control (`set -m`, so it can really stop on
/// SIGTSTP) and a trap on SIGINT (else `sh` ends too when its child dies of one), which records the terminal's settings before (`stty -g`) and after it, prints
/// `[exited N]` and waits, so the pane stays readable. A stopped program shows `[stopped]`,
/// and Enter continues it (`fg`).
///
/// The server runs in the foreground (`tmux -D`) as this process's child: a daemonized server
/// would inherit the socket by which Foundation's `Process` sees its client exit, and keep it
/// open, so the client would never be seen to end.
final class Tmux {
  /// A tmux command that failed, or a wait that timed out (with the screen).
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private let session = "test"
  private let directory: TemporaryDirectory
  private let server = Process()
  private var killed = false
  private var socket: String { directory.path("tmux.sock") }

  /// Starts a program in a new session, 80×24 unless told otherwise.
  ///
  /// - Parameters:
  ///   - program: The executable.
  ///   - arguments: Its arguments.
  ///   - term: `TERM` inside the session (nil: unset).
  ///   - environment: The program's whole environment besides `TERM`, `LANG` and `PATH`.
  ///   - columns: The window's width.
  ///   - rows: The window's height.
  ///   - jobControl: Whether the pane's shell runs the program as a job (`set -m`): a stop
  ///     then gives the terminal back to the shell. Without it, a program stopped by SIGSTOP
  ///     stays the terminal's foreground, as under a debugger.
  /// - Returns: The session, its program started.
  /// - Throws: `Failure` when tmux fails to start.
  static func start(
    _ program: URL, _ arguments: [String] = [], term: String? = "xterm-256color",
    environment: [String: String] = [:], columns: Int = 80, rows: Int = 24,
    jobControl: Bool = true
  ) async throws -> Tmux {
    let tmux = try Tmux()
    do {
      try await tmux.startServer()
      var variables = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"].merging(environment) { $1 }
      variables["TERM"] = term
      let command =
        ["env", "-i"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        + ["sh", "-c", jobControl ? script : script.replacingOccurrences(of: "set -m; ", with: "")]
        + ["sh", tmux.directory.url.path, program.path] + arguments
      try tmux.tmux(
        ["set-option", "-g", "status", "off", ";", "set-option", "-g", "remain-on-exit", "on"]
          + [";", "new-session", "-d", "-s", tmux.session, "-x", "\(columns)", "-y", "\(rows)"]
          + ["--"] + command)
    } catch {
      tmux.kill()
      throw error
    }
    return tmux
  }

  /// What runs in the pane: the terminal's settings before and after the program, its exit
  /// status, and a stop reported and continued on Enter.
  private static let script = """
    dir=$1; shift; set -m; ulimit -c 0; trap : INT; stty -g > "$dir/before"; "$@"; s=$?
    if [ $s = 148 ]; then echo "[stopped]"; read _; fg; s=$?; fi
    stty -g > "$dir/after"; echo "[exited $s]"; read _
    """

  private init() throws {
    _ = try ExternalTool.require("tmux", package: "tmux")
    directory = try TemporaryDirectory()
  }

  /// Starts the server and waits for its socket.
  private func startServer() async throws {
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = ["tmux", "-u", "-S", socket, "-f", "/dev/null", "-D"]
    server.environment = ProcessInfo.processInfo.environment.merging(Self.environment) { $1 }
    server.standardInput = FileHandle.nullDevice
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    // Started from a dispatch thread, which blocks every signal, the server would inherit
    // that mask (and its panes from it): it would never see SIGCHLD, nor end on SIGTERM.
    var none = sigset_t()
    var previous = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    try server.run()
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    while !FileManager.default.fileExists(atPath: socket) {
      guard server.isRunning, clock.now < deadline else {
        throw Failure(description: "the tmux server did not start")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  deinit { kill() }

  // MARK: - Keys

  /// Sends keys by tmux's names: `Up`, `Enter`, `Escape`, `C-c`, `Space`, `BSpace`, `PPage`.
  func sendKeys(_ keys: String...) throws {
    try sendKeys(keys)
  }

  /// Sends keys by tmux's names, from an array (a key repeated: `Array(repeating:count:)`).
  func sendKeys(_ keys: [String]) throws {
    try tmux(["send-keys", "-t", session] + keys)
  }

  /// Sends text as typed, character by character.
  func type(_ text: String) throws {
    try tmux(["send-keys", "-t", session, "-l", "--", text])
  }

  /// Resizes the window (and so the program's terminal).
  func resize(columns: Int, rows: Int) throws {
    try tmux(["resize-window", "-t", session, "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// From now on, every byte the program writes to its terminal is appended to a file,
  /// whose path is returned: what reached the terminal, escape sequences included.
  func recordOutput() throws -> String {
    let path = directory.path("output")
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    try tmux(["pipe-pane", "-o", "-t", session, "cat >> '\(path)'"])
    return path
  }

  // MARK: - The screen

  /// The screen's lines, top first (trailing blank lines may be left out).
  func capture() throws -> [String] {
    let text = try tmux(["capture-pane", "-p", "-t", session])
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Waits until the screen satisfies `predicate`, polling about every 20 ms.
  ///
  /// - Returns: The screen that satisfied it.
  /// - Throws: `Failure` with the last screen when `timeout` passes first.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Duration = .seconds(10), _ predicate: ([String]) -> Bool
  ) async throws -> [String] {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var screen = try capture()
    while !predicate(screen) {
      guard clock.now < deadline else {
        throw Failure(
          description: "timed out waiting for \(what); the screen:\n"
            + screen.joined(separator: "\n"))
      }
      try await Task.sleep(for: .milliseconds(20))
      screen = try capture()
    }
    return screen
  }

  /// Waits until a line of the screen is exactly `line`.
  @discardableResult
  func waitForLine(_ line: String, timeout: Duration = .seconds(10)) async throws -> [String] {
    try await waitFor("the line \"\(line)\"", timeout: timeout) { $0.contains(line) }
  }

  /// Waits until a line starts with `prefix` and returns that line.
  func waitForLine(
    startingWith prefix: String, timeout: Duration = .seconds(10),
    where condition: (String) -> Bool = { _ in true }
  ) async throws -> String {
    let screen = try await waitFor("a line starting \"\(prefix)\"", timeout: timeout) {
      $0.contains { $0.hasPrefix(prefix) && condition($0) }
    }
    return screen.first { $0.hasPrefix(prefix) && condition($0) } ?? ""
  }

  /// Waits for the program to end and returns its exit status (128 + N for signal N).
  func waitForExit(timeout: Duration = .seconds(10)) async throws -> Int32 {
    let line = try await waitForLine(startingWith: "[exited ", timeout: timeout)
    guard let status = Int32(line.dropFirst("[exited ".count).dropLast()) else {
      throw Failure(description: "no status in \(line)")
    }
    return status
  }

  /// Writes text straight to the pane's terminal, as another program would (over the
  /// program's screen).
  func writeToTerminal(_ text: String) throws {
    let tty = try tmux(["display-message", "-p", "-t", session, "#{pane_tty}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: tty))
    defer { try? handle.close() }
    try handle.write(contentsOf: Data(text.utf8))
  }

  /// The program's process: the child of the pane's shell.
  func programProcess() throws -> pid_t {
    let shell = try tmux(["display-message", "-p", "-t", session, "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let children = try String(
      contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    guard let first = children.split(separator: " ").first, let pid = pid_t(first) else {
      throw Failure(description: "the pane's shell \(shell) runs no program")
    }
    return pid
  }

  // MARK: - The terminal's state

  /// Whether the terminal's settings after the program ended are those from before it
  /// started, exactly (`stty -g`). Call after `waitForExit`.
  func settingsRestored() throws -> Bool {
    let before = try directory.read("before")
    let after = try directory.read("after")
    return !before.isEmpty && before == after
  }

  /// The terminal's settings now, as `stty -a` prints them (while the program runs).
  func currentSettings() throws -> String {
    let tty = try tmux(["display-message", "-p", "-t", session, "#{pane_tty}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["stty", "-a", "-F", tty])
    return result.stdout
  }

  /// The terminal's settings now, compared with those before the program started.
  func settingsAsBefore() throws -> Bool {
    let tty = try tmux(["display-message", "-p", "-t", session, "#{pane_tty}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let now = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["stty", "-g", "-F", tty])
    let before = try directory.read("before")
    return now.stdoutBytes == before
  }

  /// Whether the alternate screen is on and whether the cursor shows.
  func screenModes() throws -> (alternate: Bool, cursorVisible: Bool) {
    let flags = try tmux(["display-message", "-p", "-t", session, "#{alternate_on}#{cursor_flag}"])
    return (flags.hasPrefix("1"), flags.dropFirst().hasPrefix("1"))
  }

  /// Ends the session and its server (and the program, if it still runs).
  func kill() {
    guard !killed else { return }
    killed = true
    _ = try? tmux(["kill-server"])
    if server.isRunning { server.terminate() }
    directory.remove()
  }

  // MARK: - Running tmux

  private static let environment = ["LANG": "C.UTF-8", "TMUX": ""]

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["tmux", "-u", "-S", socket] + arguments,
      environment: Self.environment, timeLimit: 30)
    guard result.status == 0 else {
      throw Failure(description: "tmux \(arguments.joined(separator: " ")): \(result.stderr)")
    }
    return result.stdout
  }
}
