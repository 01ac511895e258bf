#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Wake-up pipes

/// The two ends of a wake-up pipe: a thread or a signal handler writes a byte to wake a
/// `poll` on the reader. Both ends are non-blocking, so a full pipe never blocks the waker.
struct Wakeup: Hashable, Sendable {
  let reader: Int32
  let writer: Int32
}

extension Platform {
  /// A new wake-up pipe (close-on-exec, non-blocking).
  static func makeWakeup() throws(SystemError) -> Wakeup {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw SystemError(operation: .watch, path: "pipe") }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    return Wakeup(reader: fds[0], writer: fds[1])
  }

  /// Signals a wake-up (a full pipe is signalled already).
  static func wake(_ wakeup: Wakeup) {
    var one: UInt8 = 1
    _ = write(wakeup.writer, &one, 1)
  }

  /// Empties the pipe, so the next `poll` waits for the next wake-up.
  static func drain(_ wakeup: Wakeup) {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(wakeup.reader, &bytes, bytes.count) > 0 {}
  }
}

extension Platform {
  /// Closes both ends of a wake-up pipe.
  static func closeWakeup(_ wakeup: Wakeup) {
    closeQuietly(wakeup.reader)
    closeQuietly(wakeup.writer)
  }
}
