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
  /// Takes an exclusive advisory lock on a directory; close the returned descriptor to
  /// release it. A lock held elsewhere is waited for in the kernel's queue (polling would let
  /// a busy writer starve the others), at most `timeoutMilliseconds`: then `SystemError`
  /// with `.timedOut` — a stopped or hung holder must not block every other writer of the
  /// directory for ever. flock has no timeout of its own, and a timer signal would be the
  /// host program's business, so a contended lock is waited for on a thread of its own.
  static func lockDirectory(_ path: String, timeoutMilliseconds: Int) throws(SystemError)
    -> Int32
  {
    let fd = injectedFault(.open) ? -1 : open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(operation: .lock, path: path) }
    let locked = injectedFault(.lock) ? -1 : retryingInterrupts { flock(fd, LOCK_EX | LOCK_NB) }
    if locked == 0 { return fd }
    let reason = Errno.current
    guard reason == .wouldBlock else {
      close(fd)
      throw SystemError(operation: .lock, path: path, errno: reason)
    }
    let wait = LockWait(fd: fd)
    guard startThread({ wait.block() }) else {
      close(fd)
      throw SystemError(operation: .lock, path: path, errno: .wouldBlock)
    }
    if let failure = wait.result(within: timeoutMilliseconds) {
      throw SystemError(operation: .lock, path: path, errno: failure)
    }
    return fd
  }

  /// Who holds a `flock` lock on a file: the process's id, and whether it is stopped
  /// (`kill -STOP`, a debugger), from `/proc/locks`; nil when it cannot be told.
  static func lockHolder(ofFileAt path: String) -> (process: Int32, stopped: Bool)? {
    var info = stat()
    guard stat(path, &info) == 0, let table = try? readFile(atPath: "/proc/locks") else {
      return nil
    }
    // A line: `1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF` (waiters: `1: -> FLOCK …`);
    // the device is major:minor in hexadecimal, as glibc splits a dev_t.
    let device = UInt64(info.st_dev)
    let wanted = [
      ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff),
      (device & 0xff) | ((device >> 12) & ~0xff), UInt64(info.st_ino),
    ]
    for line in String(decoding: table, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 6, fields[1] == "FLOCK", let process = Int32(fields[4]) else {
        continue
      }
      let parts = fields[5].split(separator: ":")
      guard parts.count == 3,
        [UInt64(parts[0], radix: 16), UInt64(parts[1], radix: 16), UInt64(parts[2])] == wanted
      else { continue }
      return (process, isStopped(process: process))
    }
    return nil
  }
}

/// One contended lock being waited for: a thread blocks in `flock` while the caller waits on
/// a condition with a deadline. A caller that gives up leaves the descriptor to the thread,
/// which closes it (releasing the lock) once it gets it.
private final class LockWait: @unchecked Sendable {
  private enum State {
    case waiting, locked
    case failed(Errno)
    case abandoned
  }

  private let fd: Int32
  private var state = State.waiting
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init(fd: Int32) {
    self.fd = fd
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// The waiting thread's work.
  func block() {
    var failure: Errno?
    if Platform.retryingInterrupts({ flock(fd, LOCK_EX) }) != 0 { failure = Errno.current }
    pthread_mutex_lock(mutex)
    if case .abandoned = state {
      close(fd)
    } else {
      state = failure.map { .failed($0) } ?? .locked
      pthread_cond_signal(condition)
    }
    pthread_mutex_unlock(mutex)
  }

  /// Waits for the thread at most `milliseconds`; nil once the lock is taken, else why not
  /// (`.timedOut`, or flock's error). The descriptor is closed on failure.
  func result(within milliseconds: Int) -> Errno? {
    var deadline = timespec()
    clock_gettime(CLOCK_MONOTONIC, &deadline)
    let nanoseconds = Int(deadline.tv_nsec) + (milliseconds % 1000) * 1_000_000
    deadline.tv_sec += milliseconds / 1000 + nanoseconds / 1_000_000_000
    deadline.tv_nsec = nanoseconds % 1_000_000_000
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while case .waiting = state {
      if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT {
        if case .waiting = state {
          state = .abandoned
          return .timedOut
        }
      }
    }
    switch state {
    case .locked: return nil
    case .failed(let reason):
      close(fd)
      return reason
    case .waiting, .abandoned: return .timedOut
    }
  }
}

// MARK: - Files kept for their lock

extension Platform {
  /// Opens a file used only for its lock (a mark that something is under way), creating it
  /// (mode 0600) when missing: the descriptor, and whether the file was there already.
  static func openLockFile(_ path: String) throws(SystemError) -> (fd: Int32, existed: Bool) {
    let flags = O_RDWR | O_CLOEXEC | O_NOFOLLOW
    while true {
      let created = open(path, flags | O_CREAT | O_EXCL, 0o600)
      if created >= 0 { return (created, false) }
      guard Errno.current == .fileExists else { throw SystemError(operation: .create, path: path) }
      let existing = open(path, flags)
      if existing >= 0 { return (existing, true) }
      // Removed between the two opens: create it again.
      guard Errno.current == .noSuchFileOrDirectory else {
        throw SystemError(operation: .lock, path: path)
      }
    }
  }

  /// Opens an existing file for its lock, without following a link; nil when it is not there.
  static func openExisting(_ path: String) -> Int32? {
    let fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
    return fd >= 0 ? fd : nil
  }

  /// Whether an open descriptor and a path name the same file (device and inode): the path
  /// was not removed and made again since the descriptor was opened.
  static func isSameFile(_ fd: Int32, atPath path: String) -> Bool {
    var open = stat()
    var named = stat()
    return fstat(fd, &open) == 0 && lstat(path, &named) == 0 && open.st_dev == named.st_dev
      && open.st_ino == named.st_ino
  }

  /// Takes a shared or an exclusive lock on an open file without waiting: whether it was
  /// taken (an exclusive one is not while anyone holds either kind).
  static func tryLock(_ fd: Int32, exclusive: Bool) -> Bool {
    retryingInterrupts { flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) } == 0
  }
}
