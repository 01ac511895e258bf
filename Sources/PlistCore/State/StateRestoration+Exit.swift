// MARK: - The exit points

extension StateRestoration {
  /// Acts on the exit signals waiting (`signals.descriptor` was readable): preserves `root`
  /// before an end or a stop, then lets each signal take effect (`ExitSignals.finish`: an end
  /// does not return). A failed save is written to standard error, once, and the signal
  /// still takes effect: the program is ending either way.
  ///
  /// - Returns: The signals handled (after a stop and a resume, draw the screen again).
  @discardableResult
  public func handle(_ signals: ExitSignals, preserving root: any Restorable) -> [ExitSignal] {
    let taken = signals.take()
    for signal in taken {
      if signal.endsOrStops, let failure = preserveFailure(root) {
        // Written on the terminal's own screen, not the full screen about to be left.
        signals.leaveFullScreen()
        report(failure)
      }
      signals.finish(signal)
    }
    return taken
  }

  /// Preserves `root` when the process exits normally (`exit`, or the end of `main`); not
  /// when it dies of a signal or a crash. A failed save is written to standard error.
  public func preserveAtExit(_ root: any Restorable) {
    ExitPreservation.register(self, root)
  }

  /// `preserve`, with a failure written to standard error as one line.
  func preserveReporting(_ root: any Restorable) {
    if let failure = preserveFailure(root) { report(failure) }
  }

  /// `preserve`, and its error if it failed.
  private func preserveFailure(_ root: any Restorable) -> StateError? {
    do { try preserve(root) } catch { return error }
    return nil
  }

  /// Writes a failed save to standard error, as one line (its text escaped: it may quote an
  /// element's error).
  private func report(_ failure: StateError) {
    let line = Array(TerminalText.escaped("\(domain): state not preserved: \(failure)").utf8 + [10])
    try? Platform.writeAll(fd: Platform.standardError, line, path: "<stderr>")
  }
}

/// The apps' roots to preserve at exit, run from one `atexit` handler (exit runs on the
/// exiting thread: ordinary code, not a signal handler).
private enum ExitPreservation {
  nonisolated(unsafe) static var entries: [(StateRestoration, any Restorable)] = []
  nonisolated(unsafe) static var installed = false

  static func register(_ restoration: StateRestoration, _ root: any Restorable) {
    entries.removeAll { $0.0 === restoration }
    entries.append((restoration, root))
    guard !installed else { return }
    installed = true
    Platform.runAtExit {
      let entries = ExitPreservation.entries
      ExitPreservation.entries = []
      for (restoration, root) in entries { restoration.preserveReporting(root) }
    }
  }
}
