/// A watch for changes that runs on a thread of its own until `cancel()` is called
/// (`Defaults.observeChanges`, `CloudStore.observeChanges`).
///
/// The change streams (`changes(forKeys:)`, `changes(syncingEvery:)`) are built on it
/// `@_alwaysEmitIntoClient`, so they are compiled into the programs that call them. If
/// PlistCore made an `AsyncStream` itself, every program on PlistCore would link Swift
/// Concurrency, and with it libdispatch, whose constructor reads sysfs at start-up: 13 µs of
/// plistctl's 0.2 ms `read`, although plistctl never observes.
public final class ChangeObservation: Sendable {
  private let stop: @Sendable () -> Void

  init(stop: @escaping @Sendable () -> Void) {
    self.stop = stop
  }

  /// Stops the watch. Changes already under way may still arrive; then the end is reported.
  /// Cancelling again, or after the watch ended, does nothing.
  public func cancel() {
    stop()
  }
}
