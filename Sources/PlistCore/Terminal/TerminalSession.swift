/// The terminal as a full-screen program uses it: raw mode on the alternate screen with the
/// cursor hidden, keys and resizes as events, and frames drawn by changed lines.
///
/// Everything is restored on `close()` (or when the session is released), and also when the
/// process is interrupted, terminated, hung up, stopped (and resumed: full screen comes back)
/// or crashes. One session is open at a time, used from one thread.
///
/// ```swift
/// let terminal = try TerminalSession.open(term: environment["TERM"])
/// defer { terminal.close() }
/// while true {
///   terminal.draw(render(model, terminal.size))
///   switch terminal.nextEvent(watching: [wakeup]) { … }
/// }
/// ```
package final class TerminalSession {
  /// The terminal's size: as it was when opened, then as of the last `.resized` event.
  package private(set) var size: TerminalSize

  private let input: Int32
  private let output: Int32
  private let resizeWakeup: Wakeup
  private let restore: TerminalModeRestore
  private var writer = FrameWriter()
  private var decoder = KeyDecoder()
  private var isOpen = true

  /// Opens the session on standard input and output.
  ///
  /// - Parameter term: The `TERM` environment variable.
  /// - Returns: The session, in full-screen mode.
  /// - Throws: `TerminalError.notATerminal` when standard input or output is not a terminal,
  ///   `.unsupportedTerminal` when `term` is nil, empty or `dumb`, `.alreadyOpen`, or
  ///   `.system` when the terminal cannot be set up.
  package static func open(term: String?) throws(TerminalError) -> TerminalSession {
    try open(input: Platform.standardInput, output: Platform.standardOutput, term: term)
  }

  /// Opens the session on two descriptors of a terminal (the tests use a pseudo-terminal).
  static func open(input: Int32, output: Int32, term: String?) throws(TerminalError)
    -> TerminalSession
  {
    guard Platform.isTerminal(input) else { throw .notATerminal("<stdin>") }
    guard Platform.isTerminal(output) else { throw .notATerminal("<stdout>") }
    guard let term, !term.isEmpty, term != "dumb" else { throw .unsupportedTerminal(term) }
    guard !Platform.isTerminalModeActive else { throw .alreadyOpen }
    let wakeup: Wakeup
    let restore: TerminalModeRestore
    do {
      wakeup = try Platform.makeWakeup()
    } catch {
      throw .system(error)
    }
    do {
      restore = try Platform.enterTerminalMode(
        TerminalModeSetup(
          input: input, output: output, enter: TerminalControl.enterFullScreen,
          leave: TerminalControl.leaveFullScreen, resizeWakeup: wakeup))
    } catch {
      Platform.closeQuietly(wakeup.reader)
      Platform.closeQuietly(wakeup.writer)
      throw .system(error)
    }
    return TerminalSession(input: input, output: output, wakeup: wakeup, restore: restore)
  }

  private init(input: Int32, output: Int32, wakeup: Wakeup, restore: TerminalModeRestore) {
    self.input = input
    self.output = output
    self.resizeWakeup = wakeup
    self.restore = restore
    self.size = Self.currentSize(input: input, output: output)
  }

  deinit { close() }

  /// Leaves full-screen mode and restores the terminal's settings exactly as they were, and
  /// the signal handlers. Closing again does nothing.
  package func close() {
    guard isOpen else { return }
    isOpen = false
    Platform.leaveTerminalMode(restore)
    Platform.closeQuietly(resizeWakeup.reader)
    Platform.closeQuietly(resizeWakeup.writer)
  }

  // MARK: - Drawing

  /// Draws a frame for the current `size`, writing only the lines that differ from the
  /// previous frame's. (A write that fails makes the next frame draw every line.)
  ///
  /// - Parameter frame: What the screen should show.
  package func draw(_ frame: TerminalFrame) {
    guard isOpen else { return }
    let bytes = writer.bytes(for: frame, size: size)
    guard !bytes.isEmpty else { return }
    do {
      try Platform.writeAll(fd: output, bytes, path: "<stdout>")
    } catch {
      writer.invalidate()
    }
  }

  /// Makes the next `draw` write every line (for Ctrl-L, or after other output).
  func invalidate() { writer.invalidate() }

  // MARK: - Events

  /// Waits for the next event: keys, a resize, one of `descriptors` readable, the end of
  /// input, or the timeout. A resize comes first, then keys, then the descriptors.
  ///
  /// - Parameters:
  ///   - descriptors: More descriptors to wait on (a change watcher's wake-up pipe).
  ///   - timeout: The longest wait; nil waits as long as it takes.
  /// - Returns: The event (`.endOfInput` once closed).
  package func nextEvent(watching descriptors: [Int32] = [], timeout: Duration? = nil)
    -> TerminalEvent
  {
    guard isOpen else { return .endOfInput }
    let deadline = timeout.map { Platform.monotonicMilliseconds() + Self.milliseconds($0) }
    while true {
      let wait = deadline.map { max(0, $0 - Platform.monotonicMilliseconds()) }
      let ready = Platform.waitForReadable(
        [resizeWakeup.reader, input] + descriptors, timeoutMilliseconds: wait)
      if ready.isEmpty { return .timeout }
      if ready.contains(resizeWakeup.reader) {
        Platform.drain(resizeWakeup)
        size = Self.currentSize(input: input, output: output)
        writer.invalidate()
        return .resized(rows: size.rows, columns: size.columns)
      }
      if ready.contains(input) {
        guard let bytes = Platform.readAvailable(input) else { return .endOfInput }
        let keys = decoder.decode(bytes)
        if !keys.isEmpty { return .keys(keys) }
      }
      if let descriptor = descriptors.first(where: ready.contains) { return .ready(descriptor) }
      // Only part of a key arrived: wait for the rest, in the time left.
    }
  }

  private static func currentSize(input: Int32, output: Int32) -> TerminalSize {
    let size = Platform.windowSize(output) ?? Platform.windowSize(input) ?? (24, 80)
    return TerminalSize(rows: size.rows, columns: size.columns)
  }

  /// Whole milliseconds, rounded up (so a short timeout still waits).
  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 && attoseconds >= 0 else { return 0 }
    let perMillisecond: Int64 = 1_000_000_000_000_000
    return Int(seconds) * 1000 + Int((attoseconds + perMillisecond - 1) / perMillisecond)
  }
}
