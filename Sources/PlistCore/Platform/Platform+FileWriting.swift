#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Writing files, and replacing them atomically

extension Platform {

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
        ? -1
        : retryingInterrupts { write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset) }
      if wrote < 0 { throw SystemError(operation: .write, path: path) }
      offset += wrote
    }
  }

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
  static func isForeign(owner: uid_t, inStickyDirectory directory: String) -> Bool {
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
    // Never retried: on Linux the descriptor is closed even when `close` was interrupted.
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
}
