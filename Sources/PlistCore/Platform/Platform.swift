#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

/// Every libc call PlistCore makes, wrapped once, by concern: files (`Platform+Files`), locks
/// (`Platform+Locking`), change notification (`Platform+Watching`). Retries on EINTR and the
/// mapping of errno to `SystemError` live in these files and nowhere else.
enum Platform {
  /// A system call made again while a signal interrupts it (`EINTR`), as every call here
  /// that a signal can interrupt is made: its result, -1 for a failure with `errno` set. It
  /// allocates nothing and touches only `errno`, so a signal handler may use it too.
  @inline(__always)
  static func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    var result = call()
    while result < 0 && Errno.current == .interrupted { result = call() }
    return result
  }

  // MARK: - Memory

  /// Whether two byte ranges hold the same bytes (`memcmp`).
  static func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return true }
    return memcmp(x, y, a.count) == 0
  }

  /// Byte order of two byte ranges (`memcmp`, then the shorter first): negative, zero or
  /// positive.
  static func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    let common = min(a.count, b.count)
    if common > 0, let x = a.baseAddress, let y = b.baseAddress {
      let order = memcmp(x, y, common)
      if order != 0 { return Int(order) }
    }
    return a.count - b.count
  }

  /// The index of the first `byte` at or after `start` (`memchr`), or nil.
  static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int?
  {
    guard start < bytes.count, let base = bytes.baseAddress else { return nil }
    guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
    return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
  }

  // MARK: - Time

  /// The current time's whole seconds (the realtime clock).
  static func currentSecond() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int(now.tv_sec)
  }

  /// The current time in seconds since 1970, with its fraction (the realtime clock).
  static func currentTime() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// Milliseconds since 1970 (the realtime clock).
  static func currentMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }

  /// Milliseconds of the monotonic clock (deadlines that a clock change cannot move).
  static func monotonicMilliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
  }

  /// Sleeps for a few milliseconds.
  static func sleep(milliseconds: Int) {
    var delay = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    var remaining = timespec()
    while nanosleep(&delay, &remaining) != 0 && Errno.current == .interrupted { delay = remaining }
  }
}
