#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Fault injection (debug builds only)

/// The kinds of system call a test can make fail: the ones whose failure a safe write must
/// survive with the old file intact and nothing left behind.
enum FaultPoint: CaseIterable, Sendable {
  /// `open` (reading a file, creating a temporary file, a directory to lock).
  case open
  /// `read` of a file's bytes.
  case read
  /// `write` of a file's bytes.
  case write
  /// `fsync` of a file.
  case sync
  /// `rename` into place.
  case rename
  /// `flock`.
  case lock
}

#if DEBUG
  /// A test's plan of which call fails, as SQLite's test VFS has: the `failing`th call of
  /// kind `point` (counted from 1) fails with `failure` as its errno; every call is counted, so a clean run
  /// tells how many points a test has to try. Set for one task with
  /// `FaultPlan.$current.withValue(plan) { … }`; other tasks (other tests running at the same
  /// time) are untouched. Release builds have no plan and no cost.
  final class FaultPlan: @unchecked Sendable {
    @TaskLocal static var current: FaultPlan?

    let point: FaultPoint?
    let failing: Int
    let failure: Errno
    /// Calls seen so far, by kind (the plan is used on one task, so no lock is needed).
    private(set) var counts: [FaultPoint: Int] = [:]
    /// Whether the planned failure happened.
    private(set) var fired = false
    /// What the test does at a pause point (`Platform.pauseIfAsked`), in its own process:
    /// an app's save at the moment before a rename, say.
    var atPause: ((String) -> Void)?

    /// A plan that fails nothing and only counts.
    init() {
      point = nil
      failing = 0
      failure = .invalidArgument
    }

    init(failing: Int, of point: FaultPoint, errno failure: Errno) {
      self.point = point
      self.failing = failing
      self.failure = failure
    }

    /// Counts a call; true (with errno set to `failure`) when it is the one to fail.
    func shouldFail(_ call: FaultPoint) -> Bool {
      let count = counts[call, default: 0] + 1
      counts[call] = count
      guard call == point, count == failing else { return false }
      fired = true
      errno = failure.rawValue
      return true
    }
  }
#endif

extension Platform {
  /// Test-only (a debug build): with `PLISTCTL_TEST_PAUSE` naming this point, the process
  /// writes `paused at POINT` to standard error and waits there for a signal, so that a
  /// test can signal a write at a chosen moment; a `FaultPlan`'s `atPause` is run here
  /// first. Nothing in a release build.
  @inline(__always)
  static func pauseIfAsked(at point: StaticString) {
    #if DEBUG
      FaultPlan.current?.atPause?(point.description)
      guard let asked = environmentValue("PLISTCTL_TEST_PAUSE"), asked == point.description
      else { return }
      let line = Array("paused at \(point)\n".utf8)
      _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      while true { pause() }
    #endif
  }

  /// Whether a test's `FaultPlan` makes this call fail (it then sets `errno`); always false
  /// in a release build.
  @inline(__always)
  static func injectedFault(_ call: FaultPoint) -> Bool {
    #if DEBUG
      guard let plan = FaultPlan.current else { return false }
      return plan.shouldFail(call)
    #else
      return false
    #endif
  }
}
