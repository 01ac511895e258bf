#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

/// The command line's only libc calls: the standard descriptors, leaving with a status,
/// signals, reading the environment, and why the arguments could not be read.
enum Platform {
  static let standardInput: Int32 = STDIN_FILENO
  static let standardOutput: Int32 = STDOUT_FILENO
  static let standardError: Int32 = STDERR_FILENO

  static func exit(_ status: ExitStatus) -> Never {
    terminate(status.rawValue)
  }

  /// How every run starts with signals:
  /// - SIGINT, SIGTERM, SIGHUP and SIGQUIT are unblocked, so that they end the process (a
  ///   temporary file being written removed first): a parent may have started it with them
  ///   blocked (test runners do), and `watch` runs until interrupted;
  /// - SIGXFSZ is ignored, so that a write past `ulimit -f` fails with EFBIG, reported in one
  ///   line ("File too large") with the temporary file removed, instead of the signal
  ///   killing the process silently (exit 153).
  static func prepareSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&signals, signal) }
    sigprocmask(SIG_UNBLOCK, &signals, nil)
    signal(SIGXFSZ, SIG_IGN)
  }

  /// The time now, in whole seconds since 1970.
  static func currentSecond() -> Int64 { Int64(time(nil)) }

  /// An environment variable's value, if set.
  static func environmentVariable(_ name: String) -> String? {
    // `withCString`: passing the string itself would copy it into an array first.
    name.withCString { getenv($0) }.map { String(cString: $0) }
  }
}

extension Platform {
  /// Why the process has no arguments at all (not even its name): Swift's runtime in a static
  /// binary reads them from /proc/self/cmdline and says nothing when it cannot. Opening it
  /// again tells why: usually no file descriptor left below `ulimit -n`.
  static func unreadableArgumentsCause() -> String {
    let path = "/proc/self/cmdline"
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd < 0 else {
      close(fd)
      return "cannot read the command line: the process has no arguments"
    }
    let error = errno
    var because = String(cString: strerror(error))
    var limit = rlimit()
    #if canImport(Glibc)
      let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let openFiles = RLIMIT_NOFILE
    #endif
    if error == EMFILE, getrlimit(openFiles, &limit) == 0 {
      because += " (the limit is \(limit.rlim_cur): raise it with ulimit -n)"
    }
    return "cannot read the command line from \(path): \(because)"
  }
}

/// libc's `exit`, out of reach of `Platform.exit`'s name.
private func terminate(_ code: Int32) -> Never { exit(code) }
