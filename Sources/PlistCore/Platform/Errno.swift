#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

/// An `errno` value with a readable name for the ones PlistCore acts on.
public struct Errno: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The C value.
  public let rawValue: Int32

  /// Wraps a C value.
  ///
  /// - Parameter rawValue: The `errno` value.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// `ENOENT`: no such file or directory.
  public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
  /// `EACCES`: permission denied.
  public static let permissionDenied = Errno(rawValue: EACCES)
  /// `EISDIR`: a directory where a file was expected.
  public static let isADirectory = Errno(rawValue: EISDIR)
  /// `ENOTDIR`: a path component is not a directory.
  public static let notADirectory = Errno(rawValue: ENOTDIR)
  /// `EEXIST`: the file exists.
  public static let fileExists = Errno(rawValue: EEXIST)
  /// `EINTR`: a signal interrupted the call.
  public static let interrupted = Errno(rawValue: EINTR)
  /// `EINVAL`: an invalid argument (also what `fsync` says where syncing is not supported).
  public static let invalidArgument = Errno(rawValue: EINVAL)
  /// `ENOSPC`: no space left on the device.
  public static let noSpace = Errno(rawValue: ENOSPC)
  /// `EFBIG`: the file would exceed the file-size limit.
  public static let fileTooLarge = Errno(rawValue: EFBIG)
  /// `ELOOP`: too many symbolic links to follow.
  public static let tooManyLinks = Errno(rawValue: ELOOP)
  /// `EWOULDBLOCK`: the call would have to wait (a lock held elsewhere).
  public static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
  /// `ETIMEDOUT`: waited too long.
  public static let timedOut = Errno(rawValue: ETIMEDOUT)
  /// `EROFS`: a read-only file system.
  public static let readOnlyFileSystem = Errno(rawValue: EROFS)

  /// The current thread's `errno`.
  static var current: Errno { Errno(rawValue: errno) }

  /// The operating system's text for the value (`strerror`), e.g. `No such file or directory`.
  public var description: String {
    guard let text = strerror(rawValue) else { return "error \(rawValue)" }
    return String(cString: text)
  }
}
