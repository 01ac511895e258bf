#if os(Linux)
  import Synchronization

  /// The change streams alive in this process, each woken when something in memory changes
  /// (a registration, a volatile domain, a suite), which no file event would announce.
  enum DefaultsObservers {
    private static let wakeups = Mutex(Set<Wakeup>())

    static func add(_ wakeup: Wakeup) { wakeups.withLock { _ = $0.insert(wakeup) } }

    /// Unregisters a wake-up and closes it (under the lock, so no signal reaches a reused
    /// descriptor).
    static func remove(_ wakeup: Wakeup) {
      wakeups.withLock {
        $0.remove(wakeup)
        Platform.closeQuietly(wakeup.reader)
        Platform.closeQuietly(wakeup.writer)
      }
    }

    /// Wakes one stream, if it is still registered (under the lock: once removed, its
    /// descriptors are closed and their numbers may be another file's).
    static func wake(_ wakeup: Wakeup) {
      wakeups.withLock { if $0.contains(wakeup) { Platform.wake(wakeup) } }
    }

    /// Wakes every stream to compare the effective values again, and makes every merged
    /// view of the search list stale (`ProcessDefaults.memoryVersion`).
    static func notify() {
      ProcessDefaults.memoryVersion.add(1, ordering: .releasing)
      wakeups.withLock { for wakeup in $0 { Platform.wake(wakeup) } }
    }
  }
#endif
