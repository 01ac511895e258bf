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
  }

  /// What was being done.
  public let operation: Operation
  /// The file or directory concerned (`<stdin>` and `<stdout>` for the standard streams).
  public let path: String
  /// The `errno` value.
  public let code: Int32

  /// Captures the current `errno` (or the given code) for an operation on a path.
  ///
  /// - Parameters:
  ///   - operation: What was being done.
  ///   - path: The file concerned.
  ///   - code: The errno value; the current one when omitted.
  public init(operation: Operation, path: String, code: Int32? = nil) {
    self.operation = operation
    self.path = path
    self.code = code ?? Platform.lastErrorCode
  }

  /// Whether the file did not exist (ENOENT).
  public var isMissingFile: Bool { code == Platform.noSuchFile }

  /// One line, e.g. `cannot read /x.plist: No such file or directory`.
  public var description: String {
    "cannot \(operation.rawValue) \(path): \(Platform.message(forErrorCode: code))"
  }
}
