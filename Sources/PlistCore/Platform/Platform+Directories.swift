#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Directories, and the names in them

extension Platform {
  /// Renames a file (in one step; `to` is replaced).
  static func renameFile(_ from: String, to: String) throws(SystemError) {
    guard rename(from, to) == 0 else { throw SystemError(operation: .rename, path: from) }
  }

  /// Removes a file; a missing file is not an error.
  static func removeFile(atPath path: String) throws(SystemError) {
    if unlink(path) != 0 && Errno.current != .noSuchFileOrDirectory {
      throw SystemError(operation: .remove, path: path)
    }
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

  /// Removes a directory if nothing is in it (an error otherwise, which callers that only
  /// tidy up ignore).
  static func removeDirectoryIfEmpty(_ path: String) throws(SystemError) {
    guard rmdir(path) == 0 else { throw SystemError(operation: .remove, path: path) }
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
    return names(in: dir)
  }

  /// The names an open directory stream lists, without `.` and `..`.
  static func names(in dir: OpaquePointer) -> [String] {
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
