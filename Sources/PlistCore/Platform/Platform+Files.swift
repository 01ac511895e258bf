#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Reading, writing and replacing files

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
    return try sizeForReading(fd, path, limit, regularOnly: regularOnly).flatMap {
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
    return try sizeForReading(fd, path, limit, regularOnly: true).flatMap {
      (size) throws(SystemError) in
      guard size > 0 else {
        guard let bytes = try readAll(fd: fd, path: path, limit: limit) else { return .tooLarge }
        return .bytes(FileBytes(copying: bytes))
      }
      let file = FileBytes(capacity: size)
      adviseHugePages(UnsafeMutableRawBufferPointer(file.storage))
      file.count = try readFully(fd, into: file.storage, from: 0, path: path).filled
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

  /// An open file's size to read (0 for a stream), or why it is not read.
  private static func sizeForReading(_ fd: Int32, _ path: String, _ limit: Int, regularOnly: Bool)
    throws(SystemError) -> FileContents<Int>
  {
    var info = stat()
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
      let got = injectedFault(.read) ? -1 : read(fd, base + filled, buffer.count - filled)
      if got > 0 {
        filled += got
      } else if got == 0 {
        return (filled, true)
      } else if Errno.current != .interrupted {
        throw SystemError(operation: .read, path: path)
      }
    }
    return (filled, false)
  }

  // MARK: - Writing

  /// Writes all bytes to a descriptor.
  static func writeAll(fd: Int32, _ bytes: [UInt8], path: String) throws(SystemError) {
    let failure = bytes.withUnsafeBytes { raw -> SystemError? in
      do throws(SystemError) { try writeAll(fd: fd, raw, path: path) } catch { return error }
      return nil
    }
    if let failure { throw failure }
  }

  /// Writes all bytes to a descriptor, retrying short writes and EINTR.
  static func writeAll(fd: Int32, _ raw: UnsafeRawBufferPointer, path: String) throws(SystemError) {
    var offset = 0
    while offset < raw.count {
      let wrote =
        injectedFault(.write)
        ? -1 : write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
      if wrote < 0 {
        if Errno.current == .interrupted { continue }
        throw SystemError(operation: .write, path: path)
      }
      offset += wrote
    }
  }

  // MARK: - Atomic replacement

  /// How a temporary file beside its target is named.
  enum TemporaryName {
    /// `<target>.plistctl-new`, one name per target, for a writer holding the lock of the
    /// target's directory: a file of that name is then a killed writer's leftover, and is
    /// replaced (so leftovers never pile up).
    case fixed
    /// `<target>.plistctl-new-<random>`, for a writer without that lock.
    case unique
  }

  /// A temporary file being written, registered for removal should a signal end the process.
  struct Temporary {
    let fd: Int32
    let path: String
    fileprivate let slot: Int?
  }

  /// Creates the temporary file that will replace `target`. When the target exists, the new
  /// file gets its owner, group and permissions (as `sed -i` and vim keep them: a root-run
  /// write to another user's file leaves it theirs); a new file gets `mode` less the umask.
  /// A symbolic link or anything else already at the temporary name is never written through.
  static func createTemporary(for target: String, naming: TemporaryName, mode: UInt32)
    throws(SystemError) -> Temporary
  {
    var info = stat()
    let existing = stat(target, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? info : nil
    var attempt = 0
    while true {
      attempt += 1
      let path =
        naming == .fixed
        ? target + TemporaryFiles.suffix.description
        : target + TemporaryFiles.suffix.description + "-" + randomSuffix()
      let slot = TemporaryFiles.register(path)
      let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
      let fd = injectedFault(.open) ? -1 : open(path, flags, mode_t(existing == nil ? mode : 0o600))
      if fd >= 0 {
        let temporary = Temporary(fd: fd, path: path, slot: slot)
        if let existing { try adopt(existing, temporary) }
        return temporary
      }
      // Named by its directory: that is what cannot be written (permissions, a full disk).
      let failure = SystemError(operation: .create, path: directory(of: target))
      TemporaryFiles.unregister(slot)
      // A leftover of a killed writer (fixed), or a name taken (unique): once more.
      guard failure.errno == .fileExists, attempt < 3 else { throw failure }
      if naming == .fixed { _ = unlink(path) }
    }
  }

  /// Gives a new temporary file the owner, group and permissions of the file it replaces.
  private static func adopt(_ existing: stat, _ temporary: Temporary) throws(SystemError) {
    // Owner first: changing it clears set-user-ID bits, which fchmod then puts back. Only
    // root may give a file away; anyone else keeps the file as theirs (as sed -i does).
    if existing.st_uid != geteuid() || existing.st_gid != getegid() {
      _ = fchown(temporary.fd, existing.st_uid, existing.st_gid)
    }
    if fchmod(temporary.fd, existing.st_mode & 0o7777) != 0 {
      let failure = SystemError(operation: .create, path: temporary.path)
      close(temporary.fd)
      removeTemporary(temporary)
      throw failure
    }
  }

  /// Eight random hexadecimal digits.
  private static func randomSuffix() -> String {
    var generator = SystemRandomNumberGenerator()
    let value = UInt32.random(in: .min ... .max, using: &generator)
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }

  /// Removes a temporary file that will not be renamed into place.
  static func removeTemporary(_ temporary: Temporary) {
    _ = unlink(temporary.path)
    TemporaryFiles.unregister(temporary.slot)
  }

  /// The file a write to `path` replaces: `path` itself, or the file its symbolic links
  /// finally name (a domain file that links into a dotfiles repository is updated there).
  /// The kernel resolves an existing target (an `O_PATH` open), so `fs.protected_symlinks`
  /// applies where it is on; and, whatever that setting, a link is not followed where the
  /// kernel's rule would refuse it: in a world-writable sticky directory (`/tmp`), a link
  /// owned by neither this user nor the directory's owner — what another user plants there
  /// to turn a privileged write elsewhere. (The rule is checked here too because the target
  /// is renamed over, and a dangling link's target created, not opened through the link.)
  static func writeTarget(of path: String) throws(SystemError) -> String {
    var current = path
    var links = 0
    while true {
      var link = stat()
      guard lstat(current, &link) == 0, link.st_mode & S_IFMT == S_IFLNK,
        let target = linkTarget(atPath: current)
      else { break }
      links += 1
      if links > 40 || DistrustedLinks.covers(current) {
        throw SystemError(operation: .write, path: current, errno: .tooManyLinks)
      }
      let directory = directory(of: current)
      if isForeign(owner: link.st_uid, inStickyDirectory: directory) {
        throw SystemError(operation: .write, path: current, errno: .permissionDenied)
      }
      current = target.hasPrefix("/") ? target : directory + "/" + target
    }
    guard links > 0 else { return path }
    let fd = open(path, openPathOnly | O_CLOEXEC)
    guard fd >= 0 else {
      // A dangling link: its target, as resolved above, is where the file will be.
      if Errno.current == .noSuchFileOrDirectory { return current }
      throw SystemError(operation: .write, path: path)
    }
    defer { close(fd) }
    return linkTarget(atPath: "/proc/self/fd/\(fd)") ?? current
  }

  /// The kernel's rule for links and FIFOs in a sticky directory anyone may write to (`/tmp`):
  /// one that belongs to neither this user nor the directory's owner is not followed or
  /// written into, whatever `fs.protected_symlinks` and `fs.protected_fifos` say.
  private static func isForeign(owner: uid_t, inStickyDirectory directory: String) -> Bool {
    var parent = stat()
    return owner != geteuid() && stat(directory, &parent) == 0 && parent.st_mode & S_ISVTX != 0
      && parent.st_mode & S_IWOTH != 0 && owner != parent.st_uid
  }

  /// `O_PATH` (Linux; Glibc hides it behind `_GNU_SOURCE`): open a file only to name it, which
  /// needs no permission on the file itself.
  private static let openPathOnly: Int32 = 0o10_000_000

  /// `UTIME_OMIT` (a macro Swift does not import): leave this time as it is.
  private static let utimeOmit = (1 << 30) - 2

  /// Sets a file's modification time, leaving its access time alone. (Failure only loses
  /// the stamp's benefit, so it is not reported.)
  static func stampModificationTime(atPath path: String, second: Int, nanoseconds: Int = 0) {
    // A pair, not an array: an array of timespec has its type made at run time.
    var times = (
      timespec(tv_sec: 0, tv_nsec: utimeOmit), timespec(tv_sec: second, tv_nsec: nanoseconds)
    )
    withUnsafePointer(to: &times) { pair in
      pair.withMemoryRebound(to: timespec.self, capacity: 2) {
        _ = utimensat(AT_FDCWD, path, $0, 0)
      }
    }
  }

  /// Flushes a file to disk and closes it.
  static func syncAndClose(fd: Int32, path: String) throws(SystemError) {
    if (injectedFault(.sync) || fsync(fd) != 0) && Errno.current != .invalidArgument {
      let failure = SystemError(operation: .write, path: path)
      close(fd)
      throw failure
    }
    if close(fd) != 0 && Errno.current != .interrupted {
      throw SystemError(operation: .write, path: path)
    }
  }

  /// Closes a descriptor that may already be closed, ignoring the result.
  static func closeQuietly(_ fd: Int32) { _ = close(fd) }

  /// Renames a temporary file over `to` in one step, then flushes the directory entry.
  static func replace(_ to: String, with temporary: Temporary) throws(SystemError) {
    guard !injectedFault(.rename), rename(temporary.path, to) == 0 else {
      throw SystemError(operation: .rename, path: to)
    }
    TemporaryFiles.unregister(temporary.slot)
    let dir = open(directory(of: to), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if dir >= 0 {
      _ = fsync(dir)
      close(dir)
    }
  }

  /// The permission bits of an existing file, or nil when there is none.
  static func permissions(atPath path: String) -> UInt32? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return UInt32(info.st_mode & 0o7777)
  }

  static func directory(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    let dir = String(path[..<slash])
    return dir.isEmpty ? "/" : dir
  }

  // MARK: - Directories and links

  enum FileKind: Equatable {
    case missing, regular, directory, symbolicLink, other
  }

  /// What is at a path, without following a final symbolic link.
  static func kind(atPath path: String) -> FileKind {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFDIR: return .directory
    case S_IFLNK: return .symbolicLink
    default: return .other
    }
  }

  /// Whether anything is at a path, following symbolic links.
  static func exists(atPath path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// An output a user names that is not a file to replace.
  enum SpecialOutput: Equatable {
    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N`: the descriptor itself,
    /// whatever it is (a pipe, a socket, a terminal, a file opened for appending).
    case descriptor(Int32)
    /// A FIFO or a character device (a terminal, `/dev/null`) at the path.
    case device
  }

  /// What `path` names, if it is an output to write into rather than a file to replace.
  static func specialOutput(atPath path: String) -> SpecialOutput? {
    switch path {
    case "/dev/stdout": return .descriptor(1)
    case "/dev/stderr": return .descriptor(2)
    default: break
    }
    for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
      let number = path.dropFirst(prefix.count)
      if !number.isEmpty, number.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let fd = Int32(number)
      {
        return .descriptor(fd)
      }
    }
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let type = info.st_mode & S_IFMT
    return type == S_IFIFO || type == S_IFCHR ? .device : nil
  }

  /// Writes bytes into a special output, as it is: a descriptor as it stands, a FIFO or
  /// character device opened for writing (never created, truncated, or made the controlling
  /// terminal).
  ///
  /// - Returns: False, having written nothing, when the path no longer names a FIFO or a
  ///   character device once opened (replaced meanwhile): the caller replaces it instead.
  /// - Throws: `SystemError`; EACCES for a FIFO of another user in a sticky directory that
  ///   anyone may write to (`/tmp`), where replacing it would have been refused too and
  ///   writing into it would hand the output to that user.
  static func writeInto(_ output: SpecialOutput, path: String, _ bytes: [UInt8])
    throws(SystemError) -> Bool
  {
    if case .descriptor(let fd) = output {
      try writeAll(fd: fd, bytes, path: path)
      return true
    }
    // Checked before opening: opening a FIFO for writing waits for a reader.
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO,
      isForeign(
        owner: info.st_uid, inStickyDirectory: directory(of: (try? writeTarget(of: path)) ?? path))
    {
      throw SystemError(operation: .write, path: path, errno: .permissionDenied)
    }
    let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(operation: .write, path: path) }
    defer { close(fd) }
    guard fstat(fd, &info) == 0 else { throw SystemError(operation: .write, path: path) }
    let type = info.st_mode & S_IFMT
    guard type == S_IFIFO || type == S_IFCHR else { return false }
    try writeAll(fd: fd, bytes, path: path)
    return true
  }

  /// Whether a directory is at a path, following symbolic links.
  static func isDirectory(atPath path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// The target a symbolic link names (as written in the link), or nil.
  static func linkTarget(atPath path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4097)
    let length = readlink(path, &buffer, 4096)
    guard length > 0 else { return nil }
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Follows symbolic links (up to 40) to the file they finally name.
  static func resolvingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      guard kind(atPath: current) == .symbolicLink, let target = linkTarget(atPath: current)
      else { return current }
      current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
    }
    return current
  }
}
