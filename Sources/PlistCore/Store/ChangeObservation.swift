/// A watch for changes that runs on a thread of its own until `cancel()` is called
/// (`Defaults.observeChanges`, `CloudStore.observeChanges`): what the change streams
/// (`changes(forKeys:)`, `changes(syncingEvery:)`) are built on, and cancelled when their
/// consumer stops.
///
/// The streams are `@_alwaysEmitIntoClient`, compiled into the programs that call them. If
/// PlistCore made an `AsyncStream` itself, every program on PlistCore would link Swift
/// Concurrency, and with it libdispatch, whose constructor reads sysfs at start-up: 13 µs of
/// plistctl's 0.2 ms `read`, although plistctl never observes. Not public: the library's
/// changes are streams (STYLE.md), and an observation that is never cancelled keeps its
/// thread.
@usableFromInline
final class ChangeObservation: Sendable {
  private let stop: @Sendable () -> Void

  init(stop: @escaping @Sendable () -> Void) {
    self.stop = stop
  }

  /// Stops the watch. Changes already under way may still arrive; then the end is reported.
  /// Cancelling again, or after the watch ended, does nothing.
  @usableFromInline
  func cancel() {
    stop()
  }
}
