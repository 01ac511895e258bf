import Foundation

/// Whether `condition` comes to hold within `limit`, polled every 5 ms: for what another
/// thread does at its own moment, bounded in time. The default limit is a minute, far
/// beyond what a passing test waits: Swift Testing runs synchronous tests on the
/// cooperative pool (two threads on a 2-core machine), so a few long synchronous tests can
/// hold an async test's tasks, the one that collects a stream included, for seconds (a 10 s
/// limit failed so in a loaded run).
///
/// - Parameters:
///   - limit: How long to wait at most.
///   - condition: What to wait for.
/// - Returns: Whether it held in time.
public func eventually(within limit: Duration = .seconds(60), _ condition: () -> Bool) async
  -> Bool
{
  let deadline = ContinuousClock.now + limit
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}

/// `eventually` for a synchronous test, which blocks its thread while it polls (every
/// 2 ms): whether `condition` comes to hold within `limit`, looked at once more after it.
///
/// - Parameters:
///   - limit: How long to wait at most.
///   - condition: What to wait for.
/// - Returns: Whether it held in time.
public func waitUntil(within limit: Duration = .seconds(60), _ condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + limit
  while ContinuousClock.now < deadline {
    if condition() { return true }
    usleep(2000)
  }
  return condition()
}
