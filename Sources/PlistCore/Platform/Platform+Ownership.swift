#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Who may change a file: what managed preferences trust

/// A file's owner and permission bits, and what it is (following links).
struct FileOwnership: Equatable {
  let owner: UInt32
  /// The permission bits (`st_mode & 0o7777`).
  let permissions: UInt32
  let isDirectory: Bool
  let isRegular: Bool

  /// Whether users other than the owner may change it: group or others may write.
  var isWritableByOthers: Bool { permissions & 0o022 != 0 }

  /// What `stat` or `fstat` said.
  init(_ info: stat) {
    let type = info.st_mode & S_IFMT
    owner = UInt32(info.st_uid)
    permissions = UInt32(info.st_mode & 0o7777)
    isDirectory = type == S_IFDIR
    isRegular = type == S_IFREG
  }
}

extension Platform {
  /// A path's owner and permission bits, following links; nil when nothing is there.
  static func ownership(atPath path: String) -> FileOwnership? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileOwnership(info)
  }

  /// A managed file's owner and mode and its bytes, both through one descriptor: the file
  /// whose owner was checked is the file that was read (a path looked up twice could be
  /// swapped between the looks). Nil bytes for a file that is not regular (a FIFO would
  /// make the reader wait) or larger than `limit`.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - limit: The most bytes read.
  /// - Returns: Its ownership, and its bytes when it is a regular file within the limit.
  /// - Throws: `SystemError` when it cannot be opened or read.
  static func readWithOwnership(atPath path: String, limit: Int) throws(SystemError) -> (
    FileOwnership, [UInt8]?
  ) {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw SystemError(operation: .read, path: path) }
    defer { closeQuietly(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw SystemError(operation: .read, path: path) }
    let ownership = FileOwnership(info)
    guard ownership.isRegular, Int(info.st_size) <= limit else { return (ownership, nil) }
    return (ownership, try readAll(fd: fd, path: path, sizeHint: Int(info.st_size), limit: limit))
  }

  /// The effective user id of the process.
  static var effectiveUserID: UInt32 { UInt32(geteuid()) }

  /// The real user id of the process.
  static var userID: UInt32 { UInt32(getuid()) }

  /// This user's name in `/etc/passwd`, or nil (see `passwordHomeDirectory()` for why the
  /// file is read rather than `getpwuid`). The environment's `USER` is not asked: a user who
  /// could name another user there would pick whose managed preferences apply.
  static func passwordUserName() -> String? {
    passwordField(0, uid: getuid(), inPasswordFile: "/etc/passwd")
  }
}

extension Platform {
  /// Calls `body` with each absolute entry of a colon-separated list (`$XDG_CONFIG_DIRS`),
  /// in order, until it returns true; entries that are not absolute are skipped. Done on the
  /// list's bytes with one buffer from `malloc`: splitting the string with the standard
  /// library's generic algorithms cost a one-key read 120 k instructions, the runtime's
  /// first look through every protocol conformance in the binary.
  ///
  /// - Parameters:
  ///   - list: The list.
  ///   - body: Called with each entry; true stops.
  /// - Returns: Whether `body` returned true for one.
  static func firstEntry(in list: String, where body: (String) -> Bool) -> Bool {
    list.withCString { start -> Bool in
      let length = strlen(start)
      guard let buffer = malloc(length + 1) else { return false }
      defer { free(buffer) }
      let entry = buffer.assumingMemoryBound(to: CChar.self)
      var entryStart = 0
      while entryStart <= length {
        var entryEnd = entryStart
        while entryEnd < length && start[entryEnd] != 0x3A { entryEnd += 1 }
        let entryLength = entryEnd - entryStart
        defer { entryStart = entryEnd + 1 }
        guard entryLength > 0, start[entryStart] == 0x2F else { continue }
        memcpy(entry, start + entryStart, entryLength)
        entry[entryLength] = 0
        if body(String(cString: entry)) { return true }
      }
      return false
    }
  }
}
