#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Temporary files that a signal or an exit cannot leave behind

/// The temporary files this process is writing now (each becomes a file by a rename, or is
/// removed). A signal that would end the process — SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ
/// (a write over `ulimit -f`), SIGALRM, SIGUSR1, SIGUSR2 — first removes them, then ends it
/// as it would have; so does `exit` midway. Only signals whose disposition is the default
/// are handled (a program's own handler or an ignored signal stays as it was). SIGKILL cannot
/// be caught: what it leaves, the next write of the same file removes (`createTemporary`).
///
/// The handler reads plain memory allocated once, never freed: a slot's path, then its
/// in-use flag set last; it unlinks only names that end like a temporary file's, so a slot
/// caught while being filled removes nothing else.
enum TemporaryFiles {
  /// The suffix of every temporary file's name (after the target's).
  static let suffix: StaticString = ".plistctl-new"
  private static let slotCount = 16
  private static let slotSize = 4096
  /// `slotCount` slots of `slotSize` bytes: a flag byte, then a NUL-terminated path.
  nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UInt8> = {
    let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: slotCount * slotSize)
    memory.initialize(repeating: 0, count: slotCount * slotSize)
    return memory
  }()
  nonisolated(unsafe) private static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    return mutex
  }()
  /// Installs the handlers, once per process, on first use.
  private static let handlersInstalled: Bool = {
    _ = (slots, suffix)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ, SIGALRM, SIGUSR1, SIGUSR2] {
      var current = sigaction()
      sigaction(signal, nil, &current)
      guard SignalDisposition.handlerAddress(current) == SignalDisposition.defaultHandler
      else { continue }
      SignalDisposition.install(onSignal, for: signal, previous: &current)
    }
    atexit { TemporaryFiles.removeAll() }
    return true
  }()

  /// Makes the slots' memory, for a handler that removes the files before any was made.
  static func prepareForSignals() { _ = slots }

  /// Records a temporary file about to be created; nil when it cannot be tracked (every slot
  /// taken, or a path too long), which costs only the clean-up.
  static func register(_ path: String) -> Int? {
    _ = handlersInstalled
    let bytes = Array(path.utf8)
    guard bytes.count < slotSize - 2, !bytes.contains(0) else { return nil }
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    for slot in 0..<slotCount where slots[slot * slotSize] == 0 {
      let start = slots + slot * slotSize
      (start + 1).update(from: bytes, count: bytes.count)
      start[1 + bytes.count] = 0
      start[0] = 1
      return slot
    }
    return nil
  }

  /// Forgets a temporary file that was renamed into place or removed.
  static func unregister(_ slot: Int?) {
    guard let slot else { return }
    pthread_mutex_lock(mutex)
    slots[slot * slotSize] = 0
    pthread_mutex_unlock(mutex)
  }

  /// Removes every registered temporary file (async-signal-safe: reads and `unlink` only).
  static func removeAll() {
    for slot in 0..<slotCount where slots[slot * slotSize] == 1 {
      let path = slots + slot * slotSize + 1
      var length = 0
      while length < slotSize - 2 && path[length] != 0 { length += 1 }
      guard namesTemporary(path, length: length) else { continue }
      path.withMemoryRebound(to: CChar.self, capacity: length + 1) { _ = unlink($0) }
    }
  }

  /// Whether a path's last component holds `suffix` (static bytes: no allocation).
  private static func namesTemporary(_ path: UnsafePointer<UInt8>, length: Int) -> Bool {
    let count = suffix.utf8CodeUnitCount
    var start = length - count
    while start >= 0 && path[start] != UInt8(ascii: "/") {
      var matches = true
      for index in 0..<count where path[start + index] != suffix.utf8Start[index] {
        matches = false
        break
      }
      if matches { return true }
      start -= 1
    }
    return false
  }
}

/// The handler: removes the temporary files, then dies of the signal as it would have.
private func onSignal(_ signal: Int32) {
  TemporaryFiles.removeAll()
  SignalDisposition.reraise(signal, with: sigaction())
}
