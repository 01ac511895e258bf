import Foundation
import Testing

/// `watch` run as a separate process while another writes, renames and deletes. Every step
/// waits for the line it causes (bounded), never for a fixed time.
@Suite("watch")
struct WatchCommandTests {
  /// A running `plistctl watch` whose output is collected as it arrives.
  final class Watch: @unchecked Sendable {
    let process = Process()
    private let outputPipe = Pipe()
    private let condition = NSCondition()
    private var text = ""
    /// Whether the output pipe has reached its end (every writer gone).
    private var outputEnded = false

    /// Starts `plistctl watch ARGUMENTS`, or another program that watches (with more
    /// variables in its environment, and its standard error collected too when asked).
    init(
      _ box: Sandbox, program: URL? = nil, _ arguments: [String],
      environment: [String: String] = [:], collectingErrors: Bool = false
    ) throws {
      process.executableURL = program ?? CLI.executable
      process.arguments = program == nil ? ["watch"] + arguments : arguments
      process.environment = box.environment.merging(environment) { $1 }
      process.standardOutput = outputPipe
      if collectingErrors { process.standardError = outputPipe }
      process.terminationHandler = { [weak self] _ in
        guard let self else { return }
        self.condition.lock()
        self.condition.broadcast()
        self.condition.unlock()
      }
      // A thread of its own reads the output, blocking in read(2): libdispatch's read
      // sources (`readabilityHandler`) crash its event loop now and then on Linux
      // (`_dispatch_event_loop_drain`, swift-corelibs-foundation#3276) when many pipes and
      // processes come and go, as they do in this suite. The thread holds the handle, so
      // its descriptor stays open until the output ends.
      let handle = outputPipe.fileHandleForReading
      Thread { [weak self] in
        while true {
          let data = handle.availableData
          guard let self else { return }
          self.condition.lock()
          self.text += String(decoding: data, as: UTF8.self)
          if data.isEmpty { self.outputEnded = true }
          self.condition.broadcast()
          self.condition.unlock()
          if data.isEmpty { return }
        }
      }.start()
      try process.run()
    }

    /// Everything printed so far.
    var output: String {
      condition.lock()
      defer { condition.unlock() }
      return text
    }

    /// Waits until a line of the output is exactly `line`, at most ten seconds.
    func waitFor(_ line: String) {
      let deadline = Date().addingTimeInterval(10)
      condition.lock()
      defer { condition.unlock() }
      while !text.split(separator: "\n").contains(Substring(line)) {
        if !condition.wait(until: deadline) { return }
      }
    }

    /// Waits until the output contains `text`, at most `seconds`.
    func waitForText(_ wanted: String, seconds: Double) {
      let deadline = Date().addingTimeInterval(seconds)
      condition.lock()
      defer { condition.unlock() }
      while !text.contains(wanted) {
        if !condition.wait(until: deadline) { return }
      }
    }

    /// Waits for the process to end and its output to be collected to the end, at most
    /// `seconds`, and kills it if it has not ended; whether it ended by itself.
    func waitForExit(seconds: Double) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      condition.lock()
      while (process.isRunning || !outputEnded) && condition.wait(until: deadline) {}
      condition.unlock()
      guard process.isRunning else {
        process.waitUntilExit()
        return true
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return false
    }

    /// Waits until the watch is in place: writes a probe value until a line about it
    /// appears, then deletes it and waits for that line. What came before is not the test's.
    func waitUntilReady(_ box: Sandbox, domain: String, key: String) throws {
      let deadline = Date().addingTimeInterval(10)
      var attempt = 0
      while !output.contains(" \(key) ") && Date() < deadline {
        attempt += 1
        _ = try box.ok("write", domain, key, "-int", "\(attempt)")
        condition.lock()
        _ = condition.wait(until: Date().addingTimeInterval(0.1))
        condition.unlock()
      }
      _ = try box.ok("delete", domain, key)
      readyLine = "plistctl delete \(domain) \(key)"
      waitFor(readyLine)
    }

    private var readyLine = ""

    /// A test that failed before `stop()` leaves no watcher behind: its reader thread would
    /// block on the pipe for good.
    deinit {
      if process.isRunning { process.terminate() }
    }

    /// Stops the process; returns the lines printed after the watch was ready (its output
    /// read to the end, for five seconds at most).
    func stop() -> String {
      process.terminate()
      process.waitUntilExit()
      let deadline = Date().addingTimeInterval(5)
      condition.lock()
      while !outputEnded && condition.wait(until: deadline) {}
      condition.unlock()
      let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
      let start = lines.lastIndex(of: Substring(readyLine)).map { $0 + 1 } ?? 0
      return lines[start...].joined(separator: "\n")
    }
  }

  @Test func printsReplayableChangesThroughReplacementDeletionAndRecreation() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let watch = try Watch(box, ["com.w"])
    try watch.waitUntilReady(box, domain: "com.w", key: "probe")
    _ = try box.ok("write", "com.w", "a", "-int", "1")
    watch.waitFor("plistctl write com.w a -int 1")
    _ = try box.ok("write", "com.w", "b", "two words")
    watch.waitFor("plistctl write com.w b -string 'two words'")
    _ = try box.ok("write", "com.w", "c", "{ x = (1); }")
    watch.waitFor(
      "plistctl write com.w c '<dict><key>x</key><array><string>1</string></array></dict>'")
    // Replace the file by a rename, as an editor or a sync tool would.
    let copy = box.directory.path("copy.plist")
    try Data("{ a = 2; }".utf8).write(to: URL(fileURLWithPath: copy))
    #expect(rename(copy, box.file("com.w")) == 0)
    watch.waitFor("plistctl delete com.w c")
    try FileManager.default.removeItem(atPath: box.file("com.w"))
    watch.waitFor("plistctl delete com.w a")
    _ = try box.ok("write", "com.w", "d", "-bool", "yes")
    watch.waitFor("plistctl write com.w d -bool true")
    #expect(
      watch.stop() == """
        plistctl write com.w a -int 1
        plistctl write com.w b -string 'two words'
        plistctl write com.w c '<dict><key>x</key><array><string>1</string></array></dict>'
        plistctl write com.w a -string 2
        plistctl delete com.w b
        plistctl delete com.w c
        plistctl delete com.w a
        plistctl write com.w d -bool true

        """)
  }

  @Test func goesOnWatchingWhenItsDirectoryIsRemovedAndMadeAgain() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let watch = try Watch(box, ["com.w"])
    try watch.waitUntilReady(box, domain: "com.w", key: "probe")
    _ = try box.ok("write", "com.w", "a", "-int", "1")
    watch.waitFor("plistctl write com.w a -int 1")
    try FileManager.default.removeItem(atPath: box.root)
    watch.waitFor("plistctl delete com.w a")
    _ = try box.ok("write", "com.w", "b", "-int", "2")
    watch.waitFor("plistctl write com.w b -int 2")
    // Twice over: the watch on the new directory is itself followed.
    try FileManager.default.removeItem(atPath: box.root)
    watch.waitFor("plistctl delete com.w b")
    _ = try box.ok("write", "com.w", "c", "-int", "3")
    watch.waitFor("plistctl write com.w c -int 3")
    #expect(
      watch.stop() == """
        plistctl write com.w a -int 1
        plistctl delete com.w a
        plistctl write com.w b -int 2
        plistctl delete com.w b
        plistctl write com.w c -int 3

        """)
  }

  @Test func watchesOneKeyAndReplays() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let watch = try Watch(box, ["-g", ":Deep:k"])
    try watch.waitUntilReady(box, domain: "-g", key: ":Deep:k")
    _ = try box.ok("write", "-g", "Other", "1")
    _ = try box.ok("write", "-g", ":Deep:k", "-date", "2024-01-02 03:04:05 +0000")
    watch.waitFor("plistctl write -g :Deep:k -date 2024-01-02T03:04:05Z")
    let output = watch.stop()
    #expect(output == "plistctl write -g :Deep:k -date 2024-01-02T03:04:05Z\n")
    // The printed line, run by a shell, sets the same value in another root.
    let replay = try Sandbox()
    defer { replay.remove() }
    let shell = try CLI.runProcess(
      ["-c", output.replacingOccurrences(of: "plistctl", with: "\"$0\""), CLI.executable.path],
      environment: replay.environment, program: URL(fileURLWithPath: "/bin/sh"))
    #expect(shell.status == 0)
    #expect(try replay.ok("read", "-g", ":Deep:k") == "2024-01-02 03:04:05 +0000\n")
  }
}
