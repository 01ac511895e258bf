#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

/// The name PlistCore's own code uses for `SystemError.Code` (not public: a module that
/// imports PlistCore and swift-system would otherwise see two `Errno`s).
typealias Errno = SystemError.Code

/// The calling thread's `errno` (outside the type, whose enclosing `SystemError` has an
/// `errno` of its own).
private func currentErrno() -> Int32 { errno }

extension SystemError {
  /// An `errno` value with a readable name for the ones PlistCore acts on.
  public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The C value.
    public let rawValue: Int32

    /// Wraps a C value.
    ///
    /// - Parameter rawValue: The `errno` value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `ENOENT`: no such file or directory.
    public static let noSuchFileOrDirectory = Code(rawValue: ENOENT)
    /// `EACCES`: permission denied.
    public static let permissionDenied = Code(rawValue: EACCES)
    /// `EISDIR`: a directory where a file was expected.
    public static let isADirectory = Code(rawValue: EISDIR)
    /// `ENOTDIR`: a path component is not a directory.
    public static let notADirectory = Code(rawValue: ENOTDIR)
    /// `EEXIST`: the file exists.
    public static let fileExists = Code(rawValue: EEXIST)
    /// `EINTR`: a signal interrupted the call.
    public static let interrupted = Code(rawValue: EINTR)
    /// `EINVAL`: an invalid argument (also what `fsync` says where syncing is not supported).
    public static let invalidArgument = Code(rawValue: EINVAL)
    /// `ENOSPC`: no space left on the device.
    public static let noSpace = Code(rawValue: ENOSPC)
    /// `EFBIG`: the file would exceed the file-size limit.
    public static let fileTooLarge = Code(rawValue: EFBIG)
    /// `ELOOP`: too many symbolic links to follow.
    public static let tooManyLinks = Code(rawValue: ELOOP)
    /// `EWOULDBLOCK`: the call would have to wait (a lock held elsewhere).
    public static let wouldBlock = Code(rawValue: EWOULDBLOCK)
    /// `ETIMEDOUT`: waited too long.
    public static let timedOut = Code(rawValue: ETIMEDOUT)
    /// `EROFS`: a read-only file system.
    public static let readOnlyFileSystem = Code(rawValue: EROFS)

    /// The current thread's `errno`.
    static var current: Errno { Errno(rawValue: currentErrno()) }

    /// The operating system's text for the value (`strerror`), e.g. `No such file or directory`.
    public var description: String {
      guard let text = strerror(rawValue) else { return "error \(rawValue)" }
      return String(cString: text)
    }
  }
}
