/// A failed system call on a file, with the file and the operating system's reason.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was being done.
  public enum Operation: String, Sendable {
    /// Reading a file or stream.
    case read
    /// Writing a file or stream.
    case write
    /// Creating a file or directory.
    case create
    /// Renaming a file into place.
    case rename
    /// Removing a file.
    case remove
    /// Locking a file.
    case lock
    /// Listing a directory.
    case list
    /// Watching for changes.
    case watch
    /// Reading or changing a terminal's settings.
    case configure
  }

  /// What was being done.
  public let operation: Operation
  /// The file or directory concerned (`<stdin>` and `<stdout>` for the standard streams).
  public let path: String
  /// Why it failed.
  public let errno: Code

  /// An error for an operation on a path.
  ///
  /// - Parameters:
  ///   - operation: What was being done.
  ///   - path: The file concerned.
  ///   - errno: Why it failed; the calling thread's current `errno` when omitted.
  init(operation: Operation, path: String, errno: Errno? = nil) {
    self.operation = operation
    self.path = path
    self.errno = errno ?? Errno.current
  }

  /// The error of reading a file that is not there, for an operation that finds it missing
  /// without a failed call (a tool that edits only existing files).
  ///
  /// - Parameter path: The file.
  /// - Returns: `cannot read PATH: No such file or directory`.
  package static func missingFile(_ path: String) -> SystemError {
    SystemError(operation: .read, path: path, errno: .noSuchFileOrDirectory)
  }

  /// One line, e.g. `cannot read /x.plist: No such file or directory`.
  public var description: String { "cannot \(operation.rawValue) \(path): \(errno)" }
}
