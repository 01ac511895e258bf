#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Advisory locks

extension Platform {
  /// Takes an exclusive advisory lock on a directory, waiting for it; close the returned
  /// descriptor to release it.
  static func lockDirectory(_ path: String) throws(SystemError) -> Int32 {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(operation: .lock, path: path) }
    while flock(fd, LOCK_EX) != 0 {
      if Errno.current == .interrupted { continue }
      let failure = SystemError(operation: .lock, path: path)
      close(fd)
      throw failure
    }
    return fd
  }
}
