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
  /// Whether it was killed for running past its deadline.
  var timedOut = false
  /// Whether it printed more than `RunOptions.outputLimit` (the rest was read and dropped).
  var outputTruncated = false

  /// Standard error as text, its last non-empty line (git's reason for a failure).
  var lastErrorLine: String {
    let text = String(decoding: errors, as: UTF8.self)
    return text.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
  }
}

/// libc's `pipe2`, which Glibc's Swift module does not declare (it is behind `_GNU_SOURCE`).
@_silgen_name("pipe2")
private func pipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

/// A pipe whose two ends close on exec.
private func pipeClosingOnExec(_ fds: inout [Int32]) -> Int32 {
  fds.withUnsafeMutableBufferPointer { buffer in
    guard let base = buffer.baseAddress else { return -1 }
    return pipe2(base, O_CLOEXEC)
  }
}

extension Platform {
  /// How a program is run: what it inherits, and how long it may take.
  struct RunOptions {
    /// Variables to set (or replace) in this process's environment for it.
    var environment: [String: String] = [:]
    /// Variables of this process's environment it does not get: names with one of these
    /// prefixes, unless named in `keptVariables`.
    var droppedPrefixes: [String] = []
    /// Variables kept although a dropped prefix matches them.
    var keptVariables: Set<String> = []
    /// Descriptors of this process it inherits under the same numbers (a lock it must hold
    /// for as long as it runs, even should this process die first). It gets no other
    /// descriptor above standard error (see `run`).
    var inherited: [Int32] = []
    /// Milliseconds after which it is killed (SIGKILL), or nil to wait for ever.
    var timeoutMilliseconds: Int?
    /// Bytes for its standard input, which ends after them; nil: `/dev/null`.
    var input: [UInt8]?
    /// How many bytes of its standard output are kept (the rest is read and dropped).
    var outputLimit = 1 << 20
  }

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
    try run(arguments, options: RunOptions(environment: environment))
  }

  /// Runs a program found on `PATH` as `options` say, with the standard input they give, and
  /// collects its output; past the deadline it is killed and its result says so.
  ///
  /// - Parameters:
  ///   - arguments: The program's name, then its arguments.
  ///   - options: Its environment, inherited descriptors and deadline.
  /// - Returns: The status and output.
  /// - Throws: `SystemError` when the program cannot be started (not installed, say).
  static func run(_ arguments: [String], options: RunOptions) throws(SystemError)
    -> ProgramResult
  {
    var outputPipe: [Int32] = [0, 0]
    var errorPipe: [Int32] = [0, 0]
    // Close-on-exec from the start: a spawn on another thread must not inherit a write end
    // (this read would then never see the end).
    guard pipeClosingOnExec(&outputPipe) == 0 else {
      throw SystemError(operation: .create, path: "pipe")
    }
    guard pipeClosingOnExec(&errorPipe) == 0 else {
      let failure = SystemError(operation: .create, path: "pipe")
      close(outputPipe[0])
      close(outputPipe[1])
      throw failure
    }
    // Standard input is a socket rather than a pipe: a send to a program that exited
    // without reading it all fails with EPIPE instead of raising SIGPIPE in this process.
    var inputPair: [Int32] = [-1, -1]
    if options.input != nil {
      let made = inputPair.withUnsafeMutableBufferPointer {
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0, $0.baseAddress)
      }
      guard made == 0 else {
        let failure = SystemError(operation: .create, path: "socketpair")
        for fd in outputPipe + errorPipe { close(fd) }
        throw failure
      }
    }
    defer { for fd in inputPair where fd >= 0 { close(fd) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if options.input != nil {
      posix_spawn_file_actions_adddup2(&actions, inputPair[1], 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    // The child gets the descriptors it is given and no other. This library opens its own
    // with close-on-exec, but the program it is part of may not (Foundation's `Data.write`
    // does not): a write descriptor of a domain file inherited by git, or by a helper git
    // leaves running (a credential cache, an ssh master), would look like an app's save in
    // progress to every reader for as long as that process lives. Those open now are closed
    // in the child (glibc's `addclosefrom_np` is not visible to Swift); one another thread
    // opens meanwhile still passes, and one it closes meanwhile is skipped by the spawn.
    for fd in descriptorsPassedOnExec() where !options.inherited.contains(fd) {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
    // A descriptor duplicated onto its own number loses close-on-exec in the child only
    // (POSIX 2024; glibc since 2.29).
    for fd in options.inherited { posix_spawn_file_actions_adddup2(&actions, fd, fd) }

    var variables: [String] = []
    var index = 0
    while let entry = environ[index] {
      let text = String(cString: entry)
      let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
      let dropped =
        options.droppedPrefixes.contains { name.hasPrefix($0) }
        && !options.keptVariables.contains(name)
      if options.environment[name] == nil && !dropped { variables.append(text) }
      index += 1
    }
    for (name, value) in options.environment { variables.append(name + "=" + value) }

    // A program with a deadline runs in a process group of its own, so that the kill at the
    // deadline reaches what it started too (ssh, a proxy command), which would otherwise
    // live on holding the descriptors it inherited.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    if options.timeoutMilliseconds != nil {
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    var child = pid_t()
    let started = withCStrings(arguments) { argv in
      withCStrings(variables) { envp in
        posix_spawnp(&child, arguments[0], &actions, &attributes, argv, envp)
      }
    }
    close(outputPipe[1])
    close(errorPipe[1])
    if inputPair[1] >= 0 {
      close(inputPair[1])
      inputPair[1] = -1
    }
    defer {
      close(outputPipe[0])
      close(errorPipe[0])
    }
    guard started == 0 else {
      throw SystemError(operation: .read, path: arguments[0], errno: Errno(rawValue: started))
    }
    let deadline = options.timeoutMilliseconds.map { monotonicMilliseconds() + $0 }
    let (output, errors, finished) = collect(
      outputPipe[0], errorPipe[0], feeding: inputPair[0], options.input ?? [], of: child,
      until: deadline, keeping: options.outputLimit)
    // Past the deadline: killed, and not waited for to close its output (a child of its own,
    // such as ssh, may hold the pipes open).
    if !finished { kill(-child, SIGKILL) }
    var status: Int32 = 0
    _ = retryingInterrupts { waitpid(child, &status, 0) }
    let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return ProgramResult(
      status: code, output: output.bytes, errors: errors, timedOut: !finished,
      outputTruncated: output.truncated)
  }

  /// Reads two pipes to their ends at once (reading one after the other could leave the
  /// program blocked writing to the other when its buffer fills), while sending `input` to
  /// `inputSocket` (when it is not -1) as the program takes it, then ending it.
  /// Until `deadline` (monotonic milliseconds), if any: then the third value is false.
  /// Once `child` has exited, what is left in the pipes is read and the ends are not waited
  /// for: something it started and left running (an ssh connection master) may hold them.
  private static func collect(
    _ first: Int32, _ second: Int32, feeding inputSocket: Int32, _ input: [UInt8],
    of child: pid_t, until deadline: Int?, keeping outputLimit: Int
  ) -> (output: (bytes: [UInt8], truncated: Bool), errors: [UInt8], finished: Bool) {
    var buffers: [[UInt8]] = [[], []]
    var truncated = false
    // What a program prints on standard error is kept up to 1 MiB (a remote's messages
    // reach git's).
    let limits = [outputLimit, 1 << 20]
    var fds = [
      pollfd(fd: first, events: Int16(POLLIN), revents: 0),
      pollfd(fd: second, events: Int16(POLLIN), revents: 0),
      pollfd(fd: inputSocket, events: Int16(POLLOUT), revents: 0),
    ]
    var sent = 0
    if inputSocket >= 0 && input.isEmpty {
      shutdown(inputSocket, Int32(SHUT_WR))
      fds[2].fd = -1
    }
    var chunk = [UInt8](repeating: 0, count: 16_384)
    var exited = false
    while fds.contains(where: { $0.fd >= 0 }) {
      // In slices of 100 ms, to notice the child's exit while a pipe stays open.
      var wait: Int32 = exited ? 0 : 100
      if let deadline {
        let left = deadline - monotonicMilliseconds()
        if left <= 0 { return ((buffers[0], truncated), buffers[1], false) }
        wait = min(wait, Int32(clamping: left))
      }
      let ready = poll(&fds, nfds_t(fds.count), wait)
      if ready < 0 {
        // Interrupted: not `retryingInterrupts`, as the wait left is computed again.
        if Errno.current == .interrupted { continue }
        break
      }
      if ready == 0 {
        if exited { break }
        var info = siginfo_t()
        exited =
          waitid(P_PID, id_t(child), &info, WEXITED | WNOHANG | WNOWAIT) == 0
          && info._sifields._sigchld.si_pid == child
        continue
      }
      for slot in 0..<2 where fds[slot].fd >= 0 && fds[slot].revents != 0 {
        let count = retryingInterrupts {
          chunk.withUnsafeMutableBytes { read(fds[slot].fd, $0.baseAddress, $0.count) }
        }
        if count > 0 {
          let room = max(0, limits[slot] - buffers[slot].count)
          buffers[slot] += chunk[0..<min(count, room)]
          if slot == 0 && count > room { truncated = true }
        } else {
          fds[slot].fd = -1
        }
      }
      if fds[2].fd >= 0 && fds[2].revents != 0 {
        let count = retryingInterrupts {
          input[sent...].withUnsafeBytes {
            send(inputSocket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
          }
        }
        if count > 0 { sent += count }
        let failed = count < 0 && Errno.current != .wouldBlock
        if sent == input.count || failed {
          // The end of its input (or a program that stopped reading it).
          shutdown(inputSocket, Int32(SHUT_WR))
          fds[2].fd = -1
        }
      }
    }
    return ((buffers[0], truncated), buffers[1], true)
  }

  /// This process's descriptors above standard error that a program it starts would
  /// inherit (those without close-on-exec), from `/proc/self/fd`.
  private static func descriptorsPassedOnExec() -> [Int32] {
    let names = (try? directoryEntries("/proc/self/fd")) ?? []
    return names.compactMap { Int32($0) }.filter { fd in
      guard fd > 2 else { return false }
      let flags = fcntl(fd, F_GETFD)
      return flags >= 0 && flags & FD_CLOEXEC == 0
    }
  }

  /// Calls `body` with a NULL-terminated array of C strings.
  private static func withCStrings<Result>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
  ) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
  }
}
