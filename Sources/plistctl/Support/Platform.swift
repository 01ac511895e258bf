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
/// signals, and reading the environment.
enum Platform {
  static let standardInput: Int32 = STDIN_FILENO
  static let standardOutput: Int32 = STDOUT_FILENO
  static let standardError: Int32 = STDERR_FILENO

  static func exit(_ status: ExitStatus) -> Never {
    terminate(status.rawValue)
  }

  /// Makes sure SIGINT, SIGTERM and SIGHUP end the process: a parent may have started it
  /// with them blocked (test runners do), and `watch` runs until interrupted.
  static func unblockTerminationSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
    sigprocmask(SIG_UNBLOCK, &signals, nil)
  }

  /// An environment variable's value, if set.
  static func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}

/// libc's `exit`, out of reach of `Platform.exit`'s name.
private func terminate(_ code: Int32) -> Never { exit(code) }
