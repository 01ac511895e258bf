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

  /// Reads a whole file.
  static func readFile(atPath path: String) throws(SystemError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(operation: .read, path: path) }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw SystemError(operation: .read, path: path, errno: .isADirectory)
    }
    return try readAll(fd: fd, path: path, sizeHint: Int(info.st_size))
  }

  /// Reads a descriptor to its end, straight into the array's uninitialised storage (no
  /// zero-filling pass over a large input first).
  static func readAll(fd: Int32, path: String, sizeHint: Int = 0) throws(SystemError) -> [UInt8] {
    // A regular file's size is known: one buffer holds it (the extra byte sees the end).
    // Streams start small and double.
    var capacity = sizeHint > 0 ? sizeHint + 1 : 16_384
    var bytes: [UInt8] = []
    while true {
      var readError: Int32 = 0
      var atEnd = false
      let previous = bytes
      bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
        guard let base = buffer.baseAddress else { return }
        previous.withUnsafeBufferPointer { old in
          if let start = old.baseAddress { base.initialize(from: start, count: old.count) }
        }
        var filled = previous.count
        while filled < capacity {
          let got = read(fd, base + filled, capacity - filled)
          if got > 0 {
            filled += got
          } else if got == 0 {
            atEnd = true
            break
          } else if Errno.current != .interrupted {
            readError = Errno.current.rawValue
            break
          }
        }
        initialized = filled
      }
      if readError != 0 {
        throw SystemError(operation: .read, path: path, errno: Errno(rawValue: readError))
      }
      if atEnd { return bytes }
      capacity *= 2
    }
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
      let wrote = write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
      if wrote < 0 {
        if Errno.current == .interrupted { continue }
        throw SystemError(operation: .write, path: path)
      }
      offset += wrote
    }
  }

  // MARK: - Atomic replacement

  /// Creates a uniquely named temporary file beside `path`, opened for writing with `mode`.
  static func createTemporary(besides path: String, mode: UInt32) throws(SystemError)
    -> (fd: Int32, path: String)
  {
    var template = Array((path + ".tmp-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemp(base)
    }
    guard fd >= 0 else { throw SystemError(operation: .create, path: directory(of: path)) }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    let name = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if fchmod(fd, mode_t(mode)) != 0 {
      let failure = SystemError(operation: .create, path: name)
      close(fd)
      unlink(name)
      throw failure
    }
    return (fd, name)
  }

  /// The current time's whole seconds (the realtime clock).
  static func currentSecond() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int(now.tv_sec)
  }

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
    if fsync(fd) != 0 && Errno.current != .invalidArgument {
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

  /// Renames `from` over `to` in one step, then flushes the directory entry.
  static func replace(_ to: String, with from: String) throws(SystemError) {
    guard rename(from, to) == 0 else { throw SystemError(operation: .rename, path: to) }
    let dir = open(directory(of: to), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if dir >= 0 {
      _ = fsync(dir)
      close(dir)
    }
  }

  /// Removes a file; a missing file is not an error.
  static func removeFile(atPath path: String) throws(SystemError) {
    if unlink(path) != 0 && Errno.current != .noSuchFileOrDirectory {
      throw SystemError(operation: .remove, path: path)
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

  /// Creates a directory (and its missing parents) with `mode`; an existing one is fine.
  static func makeDirectories(_ path: String, mode: UInt32) throws(SystemError) {
    if kind(atPath: path) == .directory { return }
    let parent = directory(of: path)
    if parent != path && parent != "." && kind(atPath: parent) == .missing {
      try makeDirectories(parent, mode: mode)
    }
    if mkdir(path, mode_t(mode)) != 0 && Errno.current != .fileExists {
      throw SystemError(operation: .create, path: path)
    }
  }

  /// Removes a directory and everything in it (links themselves, never what they point
  /// to); a missing one is fine.
  static func removeTree(_ path: String) throws(SystemError) {
    switch kind(atPath: path) {
    case .missing: return
    case .directory:
      for name in try directoryEntries(path) { try removeTree(path + "/" + name) }
      guard rmdir(path) == 0 else { throw SystemError(operation: .remove, path: path) }
    default:
      try removeFile(atPath: path)
    }
  }

  /// The names in a directory, without `.` and `..`.
  static func directoryEntries(_ path: String) throws(SystemError) -> [String] {
    guard let dir = opendir(path) else { throw SystemError(operation: .list, path: path) }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}

// MARK: - Identity

/// What tells one version of a file from another without reading it: device, inode, size,
/// and modification and change times to the nanosecond. An atomic replace changes the
/// inode; Foundation's in-place rewrite changes the times (and usually the size).
struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let modified: Int64
  let changed: Int64
}

extension Platform {
  /// The identity of the file at a path (following links), or nil when there is none.
  static func identity(atPath path: String) -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileIdentity(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
      changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
  }
}
