/// Whether `condition` comes to hold within `limit`, polled every 5 ms: for what another
/// thread does at its own moment, bounded in time.
///
/// - Parameters:
///   - limit: How long to wait at most.
///   - condition: What to wait for.
/// - Returns: Whether it held in time.
public func eventually(within limit: Duration = .seconds(10), _ condition: () -> Bool) async
  -> Bool
{
  let deadline = ContinuousClock.now + limit
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}
