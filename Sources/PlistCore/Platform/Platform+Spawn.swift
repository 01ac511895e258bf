#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Running another program (the cloud store drives `git`)

/// What a finished program left: its exit status and everything it printed.
struct ProgramResult: Sendable {
  /// The exit status; 128 + the signal's number when a signal ended it.
  let status: Int32
  /// Standard output.
  let output: [UInt8]
  /// Standard error.
  let errors: [UInt8]

  /// Standard error as text, its last non-empty line (git's reason for a failure).
  var lastErrorLine: String {
    let text = String(decoding: errors, as: UTF8.self)
    return text.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
  }
}

extension Platform {
  /// Runs a program found on `PATH`, with standard input closed, and collects its output.
  ///
  /// - Parameters:
  ///   - arguments: The program's name, then its arguments.
  ///   - environment: Variables to set (or replace) in this process's environment for it.
  /// - Returns: The status and output.
  /// - Throws: `SystemError` when the program cannot be started (not installed, say).
  static func run(_ arguments: [String], environment: [String: String] = [:])
    throws(SystemError) -> ProgramResult
  {
    var outputPipe: [Int32] = [0, 0]
    var errorPipe: [Int32] = [0, 0]
    guard pipe(&outputPipe) == 0 else { throw SystemError(operation: .create, path: "pipe") }
    guard pipe(&errorPipe) == 0 else {
      let failure = SystemError(operation: .create, path: "pipe")
      close(outputPipe[0])
      close(outputPipe[1])
      throw failure
    }
    for fd in outputPipe + errorPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)

    var variables: [String] = []
    var index = 0
    while let entry = environ[index] {
      let text = String(cString: entry)
      let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
      if environment[name] == nil { variables.append(text) }
      index += 1
    }
    for (name, value) in environment { variables.append(name + "=" + value) }

    var child = pid_t()
    let started = withCStrings(arguments) { argv in
      withCStrings(variables) { envp in
        posix_spawnp(&child, arguments[0], &actions, nil, argv, envp)
      }
    }
    close(outputPipe[1])
    close(errorPipe[1])
    defer {
      close(outputPipe[0])
      close(errorPipe[0])
    }
    guard started == 0 else {
      throw SystemError(operation: .read, path: arguments[0], errno: Errno(rawValue: started))
    }
    let (output, errors) = collect(outputPipe[0], errorPipe[0])
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && Errno.current == .interrupted {}
    let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return ProgramResult(status: code, output: output, errors: errors)
  }

  /// Reads two pipes to their ends at once (reading one after the other could leave the
  /// program blocked writing to the other when its buffer fills).
  private static func collect(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
    var buffers: [[UInt8]] = [[], []]
    var fds = [
      pollfd(fd: first, events: Int16(POLLIN), revents: 0),
      pollfd(fd: second, events: Int16(POLLIN), revents: 0),
    ]
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while fds.contains(where: { $0.fd >= 0 }) {
      if poll(&fds, 2, -1) < 0 {
        if Errno.current == .interrupted { continue }
        break
      }
      for slot in 0..<2 where fds[slot].fd >= 0 && fds[slot].revents != 0 {
        let count = chunk.withUnsafeMutableBytes { read(fds[slot].fd, $0.baseAddress, $0.count) }
        if count > 0 {
          buffers[slot] += chunk[0..<count]
        } else if count == 0 || Errno.current != .interrupted {
          fds[slot].fd = -1
        }
      }
    }
    return (buffers[0], buffers[1])
  }

  /// Calls `body` with a NULL-terminated array of C strings.
  private static func withCStrings<Result>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
  ) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
  }

  /// The path of the running executable (for a command that must call it back, such as
  /// git's merge driver), or nil.
  static func executablePath() -> String? {
    linkTarget(atPath: "/proc/self/exe")
  }

  /// `count` random bytes from the kernel's generator (the standard library's system
  /// generator draws from `getrandom`).
  static func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }

  /// Milliseconds since 1970 (the realtime clock).
  static func currentMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }
}
