#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - A folder that others write into

/// A folder whose contents another machine decides (a cloud store's `replicas/`, brought by
/// git or a sync tool), opened once without following a link. Every name in it is then
/// reached through the open descriptor with `O_NOFOLLOW`: whatever links the other machine
/// plants — the folder itself, a file in it — no read or write goes through one to a place
/// of this machine's.
struct SharedFolder: ~Copyable {
  let fd: Int32
  /// The folder's path, for messages.
  let path: String

  /// Opens a folder; a link, or anything else that is not a folder, is refused with
  /// `.notADirectory` (a link in the path's last component), and a missing one with
  /// `.noSuchFileOrDirectory`.
  init(path: String) throws(SystemError) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else {
      let errno = Errno.current
      throw SystemError(
        operation: .list, path: path, errno: errno == .tooManyLinks ? .notADirectory : errno)
    }
    self.fd = fd
    self.path = path
  }

  deinit { close(fd) }

  /// The names in the folder, without `.` and `..`.
  func names() throws(SystemError) -> [String] {
    let copy = dup(fd)
    guard copy >= 0, let dir = fdopendir(copy) else {
      throw SystemError(operation: .list, path: path)
    }
    defer { closedir(dir) }
    return Platform.names(in: dir)
  }

  /// A regular file's bytes, nil when there is none; a link, a FIFO or a device is
  /// `.notRegular`, one over `limit` bytes `.tooLarge` (neither is read).
  func read(_ name: String, limit: Int) throws(SystemError) -> Platform.FileContents<[UInt8]>? {
    let fd = openat(self.fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      let errno = Errno.current
      if errno == .noSuchFileOrDirectory { return nil }
      if errno == .tooManyLinks { return .notRegular }
      throw SystemError(operation: .read, path: path + "/" + name, errno: errno)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw SystemError(operation: .read, path: path + "/" + name)
    }
    guard info.st_mode & S_IFMT == S_IFREG else { return .notRegular }
    guard Int(info.st_size) <= limit else { return .tooLarge }
    guard
      let bytes = try Platform.readAll(
        fd: fd, path: path + "/" + name, sizeHint: Int(info.st_size), limit: limit)
    else { return .tooLarge }
    return .bytes(bytes)
  }

  /// Replaces `name` with `bytes` atomically: written to `temporaryName` in the folder
  /// (created, never opened through a link), flushed, renamed over `name` — which replaces a
  /// link of that name rather than writing where it points — and the folder flushed.
  /// (`flushing` false: a cache made again from elsewhere, not worth waiting for the disk.)
  func replace(
    _ name: String, with bytes: [UInt8], temporaryName: String, mode: UInt32,
    flushing: Bool = true
  ) throws(SystemError) {
    let target = path + "/" + name
    _ = unlinkat(fd, temporaryName, 0)
    let file = openat(
      fd, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(mode))
    guard file >= 0 else { throw SystemError(operation: .create, path: target) }
    do throws(SystemError) {
      try Platform.writeAll(fd: file, bytes, path: target)
      if flushing {
        try Platform.syncAndClose(fd: file, path: target)
      } else if close(file) != 0 {
        throw SystemError(operation: .write, path: target)
      }
    } catch {
      _ = unlinkat(fd, temporaryName, 0)
      throw error
    }
    guard renameat(fd, temporaryName, fd, name) == 0 else {
      let failure = SystemError(operation: .rename, path: target)
      _ = unlinkat(fd, temporaryName, 0)
      throw failure
    }
    if flushing { _ = fsync(fd) }
  }

  /// `replace(_:with:temporaryName:mode:)` unless the file already holds `bytes` (so that
  /// a copy written again unchanged raises no event for a watch or a sync tool).
  func replaceIfDifferent(
    _ name: String, with bytes: [UInt8], temporaryName: String, mode: UInt32,
    flushing: Bool = true
  ) throws(SystemError) {
    if case .bytes(let current) = try read(name, limit: bytes.count + 1), current == bytes {
      return
    }
    try replace(name, with: bytes, temporaryName: temporaryName, mode: mode, flushing: flushing)
  }

  /// Removes a name (a file or a link itself, never what a link points to); a missing one
  /// is fine.
  func remove(_ name: String) throws(SystemError) {
    if unlinkat(fd, name, 0) != 0 && Errno.current != .noSuchFileOrDirectory {
      throw SystemError(operation: .remove, path: path + "/" + name)
    }
  }
}
