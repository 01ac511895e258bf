#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - The signals that end or stop a program, turned into bytes on a pipe

/// SIGTERM (logout, `systemctl stop`), SIGHUP (the terminal closed), SIGINT and SIGTSTP (a
/// terminal's "to the background"), and SIGCONT (back from it), caught so that ordinary code
/// can act first — save an app's state — and then let the signal do what it meant.
///
/// The handler writes the signal's number to a pipe and returns: nothing of the program's
/// runs in it, and it allocates, locks and counts references to nothing (it reads plain
/// memory filled before it was installed, and calls `write`). Whoever reads the pipe calls
/// `finishExitSignal` when done, which ends the process by the signal, or stops it until
/// SIGCONT.
///
/// A full-screen terminal session open meanwhile hands these signals here too
/// (`ExitSignalCatch.forward`), and `finishExitSignal` leaves and re-enters its full-screen
/// mode. A signal the process ignored when catching started (`nohup`) stays ignored. A
/// second ending signal before the first was taken ends the process at once.
enum ExitSignalCatch {
  /// The signals caught, in a fixed order.
  static let signals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGTSTP, SIGCONT]
  /// Whether `signal` ends the process by default.
  static func terminates(_ signal: Int32) -> Bool {
    signal == SIGTERM || signal == SIGHUP || signal == SIGINT
  }

  /// The pipe's writing end (index 0), whether catching is on (1), and how many ending
  /// signals wait untaken (2), read by the handlers. Allocated once, never freed.
  nonisolated(unsafe) fileprivate static let words: UnsafeMutablePointer<Int32> = {
    let words = UnsafeMutablePointer<Int32>.allocate(capacity: 3)
    words.initialize(repeating: 0, count: 3)
    return words
  }()
  fileprivate static let writer = 0
  fileprivate static let active = 1
  fileprivate static let pendingEnds = 2

  /// Whether catching is on in this process.
  static var isActive: Bool { words[active] != 0 }
}

extension Platform {
  /// Starts catching the exit signals, once per process: the returned pipe's reader becomes
  /// readable with one byte (the signal's number) per signal.
  ///
  /// - Throws: `SystemError` when the pipe cannot be made, or catching is on already.
  static func catchExitSignals() throws(SystemError) -> Wakeup {
    guard !ExitSignalCatch.isActive else {
      throw SystemError(operation: .watch, path: "exit signals", errno: .fileExists)
    }
    let pipe = try makeWakeup()
    // What a handler may reach, made now: never first in a handler (an allocation there).
    prepareTerminalSignalState()
    TemporaryFiles.prepareForSignals()
    ExitSignalCatch.words[ExitSignalCatch.writer] = pipe.writer
    ExitSignalCatch.words[ExitSignalCatch.active] = 1
    for signal in ExitSignalCatch.signals {
      var current = sigaction()
      sigaction(signal, nil, &current)
      if SignalDisposition.handlerAddress(current) == SignalDisposition.ignoredHandler
        && signal != SIGCONT
      {
        continue
      }
      SignalDisposition.install(onExitSignal, for: signal, previous: &current)
    }
    var set = sigset_t()
    sigemptyset(&set)
    for signal in ExitSignalCatch.signals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    return pipe
  }

  /// Reads the signals caught since the last call, in order (none when there were none).
  static func takeExitSignals(from pipe: Wakeup) -> [Int32] {
    var bytes = [UInt8](repeating: 0, count: 64)
    var signals: [Int32] = []
    while true {
      let count = retryingInterrupts {
        bytes.withUnsafeMutableBytes { read(pipe.reader, $0.baseAddress, $0.count) }
      }
      guard count > 0 else { break }
      signals += bytes.prefix(count).map { Int32($0) }
    }
    // After the reads: a signal caught in between waits in the pipe, and counting it as
    // taken only delays the "second signal ends at once" rule, never kills a program that
    // looked at the first.
    ExitSignalCatch.words[ExitSignalCatch.pendingEnds] = 0
    return signals
  }

  /// Does what a caught signal meant, now that the program has acted on it: a terminating
  /// one leaves full-screen mode, removes temporary files and ends the process by the
  /// signal (its exit status says so, as if never caught); SIGTSTP leaves full-screen mode
  /// and stops the process, and on SIGCONT returns to full screen (the session redraws);
  /// SIGCONT (after a stop that was not SIGTSTP: SIGSTOP, a debugger) returns to full screen.
  static func finishExitSignal(_ signal: Int32) {
    if ExitSignalCatch.terminates(signal) {
      leaveTerminalForSignal()
      TemporaryFiles.removeAll()
      SignalDisposition.reraise(signal, with: sigaction())
      // Blocked elsewhere, or ignored after all: the process goes on.
      var previous = sigaction()
      SignalDisposition.install(onExitSignal, for: signal, previous: &previous)
    } else if signal == SIGTSTP {
      leaveTerminalForSignal()
      SignalDisposition.reraise(SIGTSTP, with: sigaction())
      // Continued (or the stop was discarded: an orphaned process group).
      var previous = sigaction()
      SignalDisposition.install(onExitSignal, for: SIGTSTP, previous: &previous)
      resumeTerminalAfterStop()
    } else if signal == SIGCONT {
      resumeTerminalAfterStop()
    }
  }

  /// Stops the process as Ctrl-Z would (a full-screen program reads Ctrl-Z as a key): through
  /// SIGTSTP, so the exit-signal catching — the program's own state capture — sees it first
  /// when it is on, and the terminal's handler otherwise.
  static func stopAsFromTerminal() {
    raise(SIGTSTP)
  }
}

/// Writes the signal's number to the pipe, saving errno (the interrupted code may read it).
/// A second ending signal while one still waits untaken — a program too busy, or stuck, to
/// look — ends the process at once, as the terminal's own handler would: a stuck program
/// must still die of a repeated SIGTERM or Ctrl-C, without its state saved.
private func onExitSignal(_ signal: Int32) {
  let savedErrno = errno
  if signal == SIGTERM || signal == SIGHUP || signal == SIGINT {
    if ExitSignalCatch.words[ExitSignalCatch.pendingEnds] > 0 {
      Platform.leaveTerminalForSignal()
      TemporaryFiles.removeAll()
      SignalDisposition.reraise(signal, with: sigaction())
    }
    ExitSignalCatch.words[ExitSignalCatch.pendingEnds] += 1
  }
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(ExitSignalCatch.words[ExitSignalCatch.writer], &byte, 1)
  errno = savedErrno
}

extension ExitSignalCatch {
  /// For the terminal's own handlers: hands the signal to the pipe when catching is on and
  /// it is one of the caught signals (true), so the program acts on it first.
  static func forward(_ signal: Int32) -> Bool {
    guard words[active] != 0,
      signal == SIGTERM || signal == SIGHUP || signal == SIGINT || signal == SIGTSTP
        || signal == SIGCONT
    else { return false }
    onExitSignal(signal)
    return true
  }
}

extension Platform {
  /// The numbers of SIGTSTP and SIGCONT, for the layers above (which import no libc).
  static let signalNumbers = (stop: SIGTSTP, resume: SIGCONT)
}

extension Platform {
  /// Runs `handler` when the process exits normally (`atexit`).
  static func runAtExit(_ handler: @escaping @convention(c) () -> Void) {
    atexit(handler)
  }
}
