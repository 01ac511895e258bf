#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Full-screen mode that signals cannot leave behind

/// What `enterTerminalMode` needs: the terminal's descriptors, the bytes that enter and leave
/// full-screen mode (alternate screen, cursor), and the wake-up pipe a resize writes to.
struct TerminalModeSetup {
  let input: Int32
  let output: Int32
  let enter: [UInt8]
  let leave: [UInt8]
  let resizeWakeup: Wakeup
}

/// What `leaveTerminalMode` puts back: the signal dispositions and mask from before.
struct TerminalModeRestore {
  fileprivate let dispositions: [(signal: Int32, action: sigaction)]
  fileprivate let mask: sigset_t
}

extension Platform {
  /// Whether a terminal is in full-screen mode in this process (there is one terminal).
  static var isTerminalModeActive: Bool { SignalState.words[SignalState.active] != 0 }

  /// Enters raw mode and full-screen mode, and installs the signal handlers that keep the
  /// terminal usable whatever happens:
  /// - SIGWINCH writes a byte to the resize pipe (the self-pipe trick);
  /// - SIGINT, SIGTERM, SIGHUP and SIGQUIT restore the terminal and die of the signal (its
  ///   default action);
  /// - SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE and SIGTRAP (a crash, a Swift trap) restore
  ///   the terminal and hand the signal to the disposition from before (the crash reporter);
  /// - SIGTSTP restores the terminal and stops; on SIGCONT raw and full-screen mode come back
  ///   and the resize pipe is written, so the whole screen is drawn again.
  ///
  /// A terminating signal or SIGTSTP that the process ignored stays ignored. While the exit
  /// signals are caught (`catchExitSignals`), these handlers hand them over instead.
  ///
  /// The handlers only call `write`, `tcsetattr`, `sigaction`, `sigprocmask` and `raise`
  /// (async-signal-safe) on memory filled before they are installed.
  static func enterTerminalMode(_ setup: TerminalModeSetup) throws(SystemError)
    -> TerminalModeRestore
  {
    let saved = try terminalSettings(setup.input)
    SignalState.fill(setup, saved: saved.value, raw: rawSettings(from: saved).value)
    SignalState.words[SignalState.active] = 1
    var dispositions: [(signal: Int32, action: sigaction)] = []
    for (signal, handler) in SignalState.handlers {
      var previous = sigaction()
      sigaction(signal, nil, &previous)
      // A process started ignoring these (`nohup`, a background job) keeps ignoring them.
      let keptIgnored = SignalState.terminating + [SIGTSTP]
      if keptIgnored.contains(signal)
        && SignalDisposition.handlerAddress(previous) == SignalDisposition.ignoredHandler
      {
        continue
      }
      SignalDisposition.install(handler, for: signal, previous: &previous)
      SignalState.previous[Int(signal)] = previous
      dispositions.append((signal, previous))
    }
    var mask = sigset_t()
    var ours = SignalState.signalSet()
    pthread_sigmask(SIG_UNBLOCK, &ours, &mask)
    let restore = TerminalModeRestore(dispositions: dispositions, mask: mask)
    do {
      try applyTerminalSettings(TerminalSettings(value: SignalState.raw.pointee), to: setup.input)
    } catch {
      leaveTerminalMode(restore)
      throw error
    }
    SignalState.send(SignalState.enterBytes)
    return restore
  }

  /// Leaves full-screen and raw mode, restoring the settings saved on entry exactly, and puts
  /// back the signal dispositions. Our signals are blocked meanwhile, so none can re-enter
  /// raw mode half-way; one that came is delivered afterwards, to the old disposition.
  static func leaveTerminalMode(_ restore: TerminalModeRestore) {
    var ours = SignalState.signalSet()
    pthread_sigmask(SIG_BLOCK, &ours, nil)
    SignalState.send(SignalState.leaveBytes)
    var saved = SignalState.saved.pointee
    _ = retryingInterrupts { tcsetattr(SignalState.words[SignalState.input], TCSADRAIN, &saved) }
    SignalState.words[SignalState.active] = 0
    for (signal, action) in restore.dispositions {
      // Exit signals caught since entering stay caught (ExitSignalCatch owns them now).
      if ExitSignalCatch.isActive && ExitSignalCatch.signals.contains(signal) { continue }
      var previous = action
      sigaction(signal, &previous, nil)
    }
    var mask = restore.mask
    pthread_sigmask(SIG_SETMASK, &mask, nil)
  }
}

extension Platform {
  /// Leaves full-screen mode for a caught exit signal, as the terminal's own handler would
  /// have (`finishExitSignal`); nothing when no session is open.
  static func leaveTerminalForSignal() { SignalState.restoreTerminal() }

  /// Returns to full-screen mode after a stop, and asks the session for a full redraw.
  static func resumeTerminalAfterStop() { SignalState.resumeTerminal() }

  /// Makes the memory the terminal's signal code reads, so that a handler never makes it.
  static func prepareTerminalSignalState() { _ = (SignalState.words, SignalState.saved) }
}

// MARK: - The handlers' memory

/// What the signal handlers read. Allocated once, never freed, and filled before any handler
/// is installed: a handler must not allocate, lock or touch reference counts, so it reads
/// plain memory through these pointers.
private enum SignalState {
  nonisolated(unsafe) static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  nonisolated(unsafe) static let raw = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  /// Indexed by signal number: the disposition a crash is handed back to.
  nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
  /// Descriptors, lengths and the active flag, at the indices below.
  nonisolated(unsafe) static let words: UnsafeMutablePointer<Int32> = {
    // Zeroed: `active` is read before any session fills the rest (fresh memory from the
    // allocator is not always zero: a process that freed some before reads garbage).
    let words = UnsafeMutablePointer<Int32>.allocate(capacity: 6)
    words.initialize(repeating: 0, count: 6)
    return words
  }()
  /// The bytes that enter and that leave full-screen mode, `capacity` each.
  nonisolated(unsafe) static let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
  static let capacity = 128

  static let input = 0
  static let output = 1
  static let resizeWriter = 2
  static let active = 3
  static let enterCount = 4
  static let leaveCount = 5

  static var enterBytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: bytes, count: Int(words[enterCount]))
  }
  static var leaveBytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: bytes + capacity, count: Int(words[leaveCount]))
  }

  /// Signals that end the process by default.
  static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
  /// Every signal handled, with its handler.
  static let handlers: [(Int32, @convention(c) (Int32) -> Void)] =
    [(SIGWINCH, onResize), (SIGTSTP, onStop), (SIGCONT, onContinue)]
    + terminating.map { ($0, onTerminate) }
    + [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP].map { ($0, onCrash) }

  static func fill(_ setup: TerminalModeSetup, saved: termios, raw: termios) {
    // The handlers ask it whether to forward; made here, not first in a handler.
    _ = ExitSignalCatch.isActive
    self.saved.pointee = saved
    self.raw.pointee = raw
    words[input] = setup.input
    words[output] = setup.output
    words[resizeWriter] = setup.resizeWakeup.writer
    let enter = setup.enter.prefix(capacity)
    let leave = setup.leave.prefix(capacity)
    bytes.update(from: Array(enter), count: enter.count)
    (bytes + capacity).update(from: Array(leave), count: leave.count)
    words[enterCount] = Int32(enter.count)
    words[leaveCount] = Int32(leave.count)
    for signal in 0..<65 { previous[signal] = sigaction() }
  }

  static func signalSet() -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for (signal, _) in handlers { sigaddset(&set, signal) }
    return set
  }

  /// Writes all of `data` to the terminal (async-signal-safe: `write` only).
  static func send(_ data: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < data.count, let base = data.baseAddress {
      let wrote = Platform.retryingInterrupts {
        write(words[output], base + offset, data.count - offset)
      }
      guard wrote > 0 else { return }
      offset += wrote
    }
  }

  /// Leaves full-screen mode and restores the saved settings, at once.
  static func restoreTerminal() {
    guard words[active] != 0 else { return }
    send(leaveBytes)
    _ = tcsetattr(words[input], TCSANOW, saved)
  }

  /// Enters raw and full-screen mode again, and asks for a full redraw.
  static func resumeTerminal() {
    guard words[active] != 0 else { return }
    _ = tcsetattr(words[input], TCSANOW, raw)
    send(enterBytes)
    var one: UInt8 = 1
    _ = write(words[resizeWriter], &one, 1)
  }
}

// MARK: - The handlers

private func onResize(_ signal: Int32) {
  let savedErrno = errno
  var one: UInt8 = 1
  _ = write(SignalState.words[SignalState.resizeWriter], &one, 1)
  errno = savedErrno
}

private func onTerminate(_ signal: Int32) {
  if ExitSignalCatch.forward(signal) { return }
  SignalState.restoreTerminal()
  TemporaryFiles.removeAll()
  SignalDisposition.reraise(signal, with: sigaction())
}

private func onCrash(_ signal: Int32) {
  // The old disposition takes over. A fault happens again when the handler returns (the
  // same instruction runs again); an abort is raised again here.
  SignalState.restoreTerminal()
  var previous = SignalState.previous[Int(signal)]
  sigaction(signal, &previous, nil)
  if signal == SIGABRT { SignalDisposition.reraise(signal, with: previous) }
}

private func onStop(_ signal: Int32) {
  if ExitSignalCatch.forward(signal) { return }
  let savedErrno = errno
  SignalState.restoreTerminal()
  SignalDisposition.reraise(signal, with: sigaction())
  // Continued (or the stop was discarded, in an orphaned process group): handle the next
  // stop too, and go back to full screen (SIGCONT's handler does too; twice is harmless).
  var previous = sigaction()
  SignalDisposition.install(onStop, for: SIGTSTP, previous: &previous)
  SignalState.resumeTerminal()
  errno = savedErrno
}

private func onContinue(_ signal: Int32) {
  if ExitSignalCatch.forward(signal) { return }
  let savedErrno = errno
  SignalState.resumeTerminal()
  errno = savedErrno
}
