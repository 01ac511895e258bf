#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - What is at a path: kinds, special outputs, links

extension Platform {
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
