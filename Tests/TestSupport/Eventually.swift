import Foundation

/// Whether `condition` comes to hold within `limit`, polled every 5 ms: for what another
/// thread does at its own moment, bounded in time, and looked at once more after the limit.
/// The default limit is a minute, far beyond what a passing test waits; pauses do not count
/// against it (see `PollingLimit`).
///
/// - Parameters:
///   - limit: How long to look at most, pauses left out.
///   - pauses: How much pausing to leave out at most.
///   - condition: What to wait for.
/// - Returns: Whether it held in time.
public func eventually(
  within limit: Duration = .seconds(60), pausesUpTo pauses: Duration = .seconds(300),
  _ condition: () -> Bool
) async -> Bool {
  var looking = PollingLimit(limit, pausesUpTo: pauses)
  while true {
    if condition() { return true }
    // Cancelled, the task's sleeps would end at once: it would spin to the limit.
    guard looking.allowsAnotherLook(), !Task.isCancelled else { return condition() }
    try? await Task.sleep(for: .milliseconds(5))
  }
}

/// Waits `limit` of looking time, pauses left out (see `PollingLimit`), or until the task is
/// cancelled: the timer of a test that bounds another task's wait. (`Task.sleep` counts the
/// time the pool held the timer's task back: a timer resumed after a minute of other tests'
/// work ends a wait whose task is still queued behind it.)
///
/// - Parameter limit: How long to wait at most, pauses left out.
/// - Returns: Whether the whole limit passed (false: the task was cancelled first).
@discardableResult
public func waitOut(_ limit: Duration) async -> Bool {
  await !eventually(within: limit) { Task.isCancelled }
}

/// `eventually` for a synchronous test, which blocks its thread while it polls (every
/// 2 ms), looked at once more after the limit.
///
/// - Parameters:
///   - limit: How long to look at most, pauses left out.
///   - pauses: How much pausing to leave out at most.
///   - condition: What to wait for.
/// - Returns: Whether it held in time.
public func waitUntil(
  within limit: Duration = .seconds(60), pausesUpTo pauses: Duration = .seconds(300),
  _ condition: () -> Bool
) -> Bool {
  var looking = PollingLimit(limit, pausesUpTo: pauses)
  while true {
    if condition() { return true }
    guard looking.allowsAnotherLook() else { return condition() }
    usleep(2000)
  }
}

/// The limit of a polling wait, counting only the time the waiter was looking.
///
/// Swift Testing runs synchronous tests on the cooperative pool (two threads on a 2-core
/// machine), so in a loaded run a waiting test's task can be held back for a minute or more
/// behind other tests' work — and so can the task that would make its condition hold (the one
/// that collects a change stream). A waiter that comes back past a plain deadline and looks
/// once more finds that task still queued behind it, and fails although nothing was late but
/// the machine (CI failed so). Here a gap of more than `longestLook` between two looks is a
/// pause, not looking: it moves the deadline on, so the waiter goes on polling, and yields,
/// after it. Bounded all the same: the pauses left out add up to `pauses` at most (five
/// minutes unless a test says otherwise).
struct PollingLimit {
  /// A gap between two looks longer than any poll takes when the waiter is running.
  static let longestLook = Duration.milliseconds(250)

  private var deadline: ContinuousClock.Instant
  private let end: ContinuousClock.Instant
  private var lastLook: ContinuousClock.Instant

  init(_ limit: Duration, pausesUpTo pauses: Duration) {
    let now = ContinuousClock.now
    deadline = now + limit
    end = deadline + pauses
    lastLook = now
  }

  /// Called after each look that did not see the condition: whether to look again.
  mutating func allowsAnotherLook() -> Bool {
    let now = ContinuousClock.now
    let gap = now - lastLook
    lastLook = now
    if gap > Self.longestLook { deadline = min(deadline + gap, end) }
    return now < deadline
  }
}
