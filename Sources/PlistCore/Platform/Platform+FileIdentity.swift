#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

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
    return FileIdentity(info)
  }
}

extension FileIdentity {
  /// The identity a `stat` (or `fstat`) gave.
  init(_ info: stat) {
    self.init(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
      changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
  }
}
