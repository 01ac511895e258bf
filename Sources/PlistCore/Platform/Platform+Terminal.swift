#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Terminals: what they are, their size and their modes

/// A terminal's settings (`termios`), saved to be restored exactly.
struct TerminalSettings {
  var value: termios
}

extension Platform {
  /// The standard input descriptor.
  static let standardInput: Int32 = STDIN_FILENO
  /// The standard error descriptor.
  static let standardError: Int32 = STDERR_FILENO
  /// The standard output descriptor.
  static let standardOutput: Int32 = STDOUT_FILENO

  /// Whether a descriptor is a terminal (`isatty`).
  static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The terminal's window size (`TIOCGWINSZ`), or nil when it cannot be told or is zero
  /// (a pseudo-terminal nobody has sized yet).
  static func windowSize(_ fd: Int32) -> (rows: Int, columns: Int)? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
      return nil
    }
    return (Int(size.ws_row), Int(size.ws_col))
  }

  /// The terminal's current settings (`tcgetattr`).
  static func terminalSettings(_ fd: Int32) throws(SystemError) -> TerminalSettings {
    var settings = termios()
    guard tcgetattr(fd, &settings) == 0 else {
      throw SystemError(operation: .configure, path: descriptorName(fd))
    }
    return TerminalSettings(value: settings)
  }

  /// Applies settings once the output written so far has been sent (`TCSADRAIN`).
  static func applyTerminalSettings(_ settings: TerminalSettings, to fd: Int32)
    throws(SystemError)
  {
    var value = settings.value
    guard retryingInterrupts({ tcsetattr(fd, TCSADRAIN, &value) }) == 0 else {
      throw SystemError(operation: .configure, path: descriptorName(fd))
    }
  }

  /// Raw mode, as `cfmakeraw` makes it but with output processing kept: keys arrive one by
  /// one and unechoed, Ctrl-C, Ctrl-Z and Ctrl-\ as bytes 3, 26 and 28 (no ISIG), Ctrl-S and
  /// Ctrl-Q as bytes (no IXON), Enter as `\r` (no ICRNL). OPOST stays on, so a stray `\n`
  /// still returns to the line's start; frames position the cursor for every line anyway.
  /// A read returns as soon as one byte is there (VMIN 1, VTIME 0).
  static func rawSettings(from settings: TerminalSettings) -> TerminalSettings {
    var raw = settings.value
    raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
    raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
    raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    return TerminalSettings(value: raw)
  }

  private static func descriptorName(_ fd: Int32) -> String {
    switch fd {
    case STDIN_FILENO: return "<stdin>"
    case STDOUT_FILENO: return "<stdout>"
    default: return "<terminal>"
    }
  }
}

// MARK: - Waiting and reading

extension Platform {
  /// Waits until some of the descriptors are readable (or hung up, or invalid: reading them
  /// tells which), at most `timeoutMilliseconds` (nil: no limit). A signal does not end the
  /// wait early; the time left is waited again.
  ///
  /// - Returns: The readable descriptors, in the order given; empty when the time ran out
  ///   (or, never seen in practice, `poll` itself failed).
  static func waitForReadable(_ fds: [Int32], timeoutMilliseconds: Int?) -> [Int32] {
    var polls = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let deadline = timeoutMilliseconds.map { monotonicMilliseconds() + max(0, $0) }
    while true {
      let wait = deadline.map { max(0, $0 - monotonicMilliseconds()) } ?? -1
      let count = poll(&polls, nfds_t(polls.count), Int32(clamping: wait))
      if count >= 0 { return polls.filter { $0.revents != 0 }.map(\.fd) }
      // Interrupted: not `retryingInterrupts`, as the wait left is computed again.
      if Errno.current != .interrupted { return [] }
    }
  }

  /// Reads what a descriptor has (up to 4 KiB): call after `waitForReadable` named it.
  ///
  /// - Returns: The bytes, empty when there were none after all; nil at the end of input
  ///   or on an error (a terminal that is gone reads as `EIO`).
  static func readAvailable(_ fd: Int32) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = retryingInterrupts {
      buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    }
    if count > 0 { return Array(buffer.prefix(count)) }
    if count == 0 { return nil }
    return Errno.current == .wouldBlock ? [] : nil
  }
}
