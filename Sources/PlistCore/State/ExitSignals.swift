/// The signals that end or stop a Linux program — SIGTERM (logout, `systemctl stop`),
/// SIGHUP (its terminal closed), SIGINT, SIGTSTP (a terminal's "to the background") — and
/// SIGCONT (back from it), delivered to the program's own code before they take effect, so
/// that it can preserve its state first (`StateRestoration.handle(_:preserving:)`).
///
/// No Swift code runs in a signal handler: the handler writes the signal's number to a pipe,
/// and `descriptor` becomes readable. The program's loop waits on it with its other input
/// (a `poll`), takes the signals, acts, and calls `finish`, which does what the signal meant:
/// ends the process by it (its exit status says so), or stops it until SIGCONT. (The state
/// is the program's, used from its own thread: so it is the program's loop that acts, not a
/// thread of PlistCore's beside it.)
///
/// A signal the process ignored when catching started (`nohup`'s SIGHUP) stays ignored. A
/// second SIGTERM, SIGHUP or SIGINT while the first is still untaken — a loop that is stuck —
/// ends the process at once, unsaved: catching never makes a program hard to stop.
/// A full-screen terminal session hands these signals over too, and `finish` leaves and
/// re-enters its full-screen mode around a stop or an end.
public final class ExitSignals: Sendable {
  /// The descriptor that is readable while signals wait to be taken.
  public var descriptor: Int32 { pipe.reader }
  private let pipe: Wakeup

  private init(pipe: Wakeup) {
    self.pipe = pipe
  }

  private static let shared: Result<ExitSignals, SystemError> = Result {
    () throws(SystemError) in ExitSignals(pipe: try Platform.catchExitSignals())
  }

  /// Starts catching, once per process (later calls return the same catcher).
  ///
  /// - Throws: `SystemError` when the pipe cannot be made.
  public static func catching() throws(SystemError) -> ExitSignals {
    try shared.get()
  }

  /// The signals that arrived since the last call, in order; none when there were none.
  public func take() -> [ExitSignal] {
    Platform.takeExitSignals(from: pipe).compactMap(ExitSignal.init(number:))
  }

  /// Does what a signal meant, now that the program has acted on it: `.terminate` ends the
  /// process by the signal; `.stop` stops it, and returns once it is continued (a
  /// full-screen session is back, with a resize event to redraw); `.resume` puts a
  /// full-screen session back too (after a stop by SIGSTOP, which no program sees).
  public func finish(_ signal: ExitSignal) {
    Platform.finishExitSignal(signal.number)
  }

  /// Leaves full-screen mode now, before `finish` would: a line written then stays on the
  /// terminal's own screen (a failed save's).
  func leaveFullScreen() {
    Platform.leaveTerminalForSignal()
  }

  /// Stops this process as Ctrl-Z stops a program that reads it as a signal. A full-screen
  /// program reads Ctrl-Z as a key (raw mode), and calls this: while signals are caught, the
  /// stop arrives through `descriptor` like one sent from outside, state preserved first.
  public static func stopAsFromTerminal() {
    Platform.stopAsFromTerminal()
  }
}

/// One caught signal, by what it means to the program.
public enum ExitSignal: Equatable, Sendable {
  /// The program is asked to end: SIGTERM, SIGHUP or SIGINT (the number).
  case terminate(Int32)
  /// The program is being stopped (SIGTSTP): it may not run again, if it is killed while
  /// stopped.
  case stop
  /// The program was continued after a stop (SIGCONT).
  case resume

  /// Whether state should be preserved now: before ending, and before stopping.
  public var endsOrStops: Bool { self != .resume }

  /// The signal's number.
  public var number: Int32 {
    switch self {
    case .terminate(let number): number
    case .stop: Platform.signalNumbers.stop
    case .resume: Platform.signalNumbers.resume
    }
  }

  init?(number: Int32) {
    if number == Platform.signalNumbers.stop {
      self = .stop
    } else if number == Platform.signalNumbers.resume {
      self = .resume
    } else if ExitSignalCatch.terminates(number) {
      self = .terminate(number)
    } else {
      return nil
    }
  }
}
