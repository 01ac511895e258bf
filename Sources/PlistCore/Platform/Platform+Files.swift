#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Reading files

extension Platform {
  /// Reads a whole file (any kind: a pipe is read to its end).
  static func readFile(atPath path: String) throws(SystemError) -> [UInt8] {
    switch try readFile(atPath: path, limit: .max, regularOnly: false) {
    case .bytes(let bytes): return bytes
    case .notRegular, .tooLarge: return []  // (neither happens without a limit or a check)
    }
  }

  /// What reading a file with a limit found.
  enum FileContents<Bytes> {
    /// The whole file (or its size, or what was made of it).
    case bytes(Bytes)
    /// Not a regular file (a FIFO, a device, a socket), and only one was wanted.
    case notRegular
    /// More than the limit: the file's size says so, or a stream went past it.
    case tooLarge

    /// What reading goes on to find, when there is something to read.
    func flatMap<Other>(_ next: (Bytes) throws(SystemError) -> FileContents<Other>)
      throws(SystemError) -> FileContents<Other>
    {
      switch self {
      case .bytes(let bytes): return try next(bytes)
      case .notRegular: return .notRegular
      case .tooLarge: return .tooLarge
      }
    }
  }

  /// Reads a whole file, up to `limit` bytes. With `regularOnly`, anything but a regular
  /// file is refused before a byte is read: a FIFO is opened without waiting for a writer
  /// (a domain file must never make a command hang), and a device is not read.
  static func readFile(atPath path: String, limit: Int, regularOnly: Bool) throws(SystemError)
    -> FileContents<[UInt8]>
  {
    let fd = try openForReading(path, regularOnly: regularOnly)
    defer { close(fd) }
    var info = stat()
    return try sizeForReading(fd, path, limit, regularOnly: regularOnly, &info).flatMap {
      (size) throws(SystemError) in
      try readAll(fd: fd, path: path, sizeHint: size, limit: limit).map(FileContents.bytes)
        ?? .tooLarge
    }
  }

  /// `readFile(atPath:limit:regularOnly: true)` into memory of its own rather than an
  /// array: the first array a process makes costs the runtime's set-up of the standard
  /// library's array types (25 k instructions, an eighth of a `read D K`). It reads the size
  /// `fstat` gives and no more, without the further read that would see the end (a system
  /// call of every `read D K`): a file rewritten meanwhile (Foundation saves in place) then
  /// reads as part of its new text, which does not parse, and `DomainStore.settledRead`
  /// looks again, as for any file caught half-written. A file that says it is empty (as
  /// /proc's do) is read as a stream.
  static func readRegularFileBytes(atPath path: String, limit: Int) throws(SystemError)
    -> FileContents<FileBytes>
  {
    let fd = try openForReading(path, regularOnly: true)
    defer { close(fd) }
    var info = stat()
    return try sizeForReading(fd, path, limit, regularOnly: true, &info).flatMap {
      (size) throws(SystemError) in
      let file: FileBytes
      if size > 0 {
        file = FileBytes(capacity: size)
        adviseHugePages(UnsafeMutableRawBufferPointer(file.storage))
        file.count = try readFully(fd, into: file.storage, from: 0, path: path).filled
      } else {
        guard let bytes = try readAll(fd: fd, path: path, limit: limit) else { return .tooLarge }
        file = FileBytes(copying: bytes)
      }
      file.identity = FileIdentity(info)
      return .bytes(file)
    }
  }

  /// A file opened for reading; with `regularOnly`, without waiting for a FIFO's writer.
  private static func openForReading(_ path: String, regularOnly: Bool) throws(SystemError)
    -> Int32
  {
    var flags = O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0)
    if DistrustedLinks.covers(path) { flags |= O_NOFOLLOW }
    let fd = injectedFault(.open) ? -1 : open(path, flags)
    guard fd >= 0 else { throw SystemError(operation: .read, path: path) }
    return fd
  }

  /// An open file's size to read (0 for a stream), or why it is not read; `info` is what
  /// `fstat` said of it.
  private static func sizeForReading(
    _ fd: Int32, _ path: String, _ limit: Int, regularOnly: Bool, _ info: inout stat
  ) throws(SystemError) -> FileContents<Int> {
    guard fstat(fd, &info) == 0 else { throw SystemError(operation: .read, path: path) }
    let type = info.st_mode & S_IFMT
    if type == S_IFDIR { throw SystemError(operation: .read, path: path, errno: .isADirectory) }
    if type != S_IFREG && regularOnly { return .notRegular }
    if type == S_IFREG && Int(info.st_size) > limit { return .tooLarge }
    return .bytes(type == S_IFREG ? Int(info.st_size) : 0)
  }

  /// Reads a descriptor to its end, straight into the array's uninitialised storage (no
  /// zero-filling pass over a large input first); nil when it holds more than `limit`
  /// bytes (`/dev/zero`, an endless pipe: what was read is dropped as soon as it is over).
  static func readAll(fd: Int32, path: String, sizeHint: Int = 0, limit: Int = .max)
    throws(SystemError) -> [UInt8]?
  {
    // A regular file's size is known: one buffer holds it (the extra byte sees the end).
    // Streams start small and double, never past one byte over the limit.
    let ceiling = limit == .max ? Int.max : limit + 1
    var capacity = min(sizeHint > 0 ? sizeHint + 1 : 16_384, ceiling)
    var bytes: [UInt8] = []
    while true {
      var failure: SystemError?
      var atEnd = false
      let previous = bytes
      bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
        adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
        let kept = buffer.initialize(fromContentsOf: previous)
        do throws(SystemError) {
          (initialized, atEnd) = try readFully(fd, into: buffer, from: kept, path: path)
        } catch {
          (initialized, failure) = (kept, error)
        }
      }
      if let failure { throw failure }
      if bytes.count > limit { return nil }
      if atEnd { return bytes }
      capacity = capacity > ceiling / 2 ? ceiling : capacity * 2
    }
  }

  /// Reads into `buffer` from `start` until it is full or the descriptor is at its end,
  /// retrying EINTR; returns how much of it is filled, and whether the end was seen.
  private static func readFully(
    _ fd: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, from start: Int, path: String
  ) throws(SystemError) -> (filled: Int, atEnd: Bool) {
    guard let base = buffer.baseAddress else { return (0, false) }
    var filled = start
    while filled < buffer.count {
      let got =
        injectedFault(.read)
        ? -1 : retryingInterrupts { read(fd, base + filled, buffer.count - filled) }
      if got > 0 {
        filled += got
      } else if got == 0 {
        return (filled, true)
      } else {
        throw SystemError(operation: .read, path: path)
      }
    }
    return (filled, false)
  }
}
