/// Why a managed file was ignored: what `plistctl managed` and the commands that read managed
/// values warn about. A managed value an ordinary user could change is not managed; a file
/// that cannot be read is the administrator's mistake, and the rest still applies.
public enum ManagedProblem: Sendable, Equatable, CustomStringConvertible {
  /// The file, or a folder on its way, can be changed by a user other than root: owned by
  /// one (the uid), or writable by its group or by everyone.
  case writableByUsers(path: String, owner: UInt32, permissions: UInt32)
  /// The file cannot be read or parsed.
  case unreadable(path: String, PlistError)
  /// The file is not a regular file (a FIFO, a device, a directory): not read.
  case notARegularFile(path: String)
  /// The file holds more than `limit` bytes, the most that is read.
  case tooLarge(path: String, limit: Int)
  /// The file's top level is not what its folder holds: a dictionary (forced, set-once) or
  /// an array of key names (locked).
  case wrongShape(path: String, expected: String)

  /// The file the problem is about.
  public var path: String {
    switch self {
    case .writableByUsers(let path, _, _), .unreadable(let path, _), .wrongShape(let path, _),
      .notARegularFile(let path), .tooLarge(let path, _):
      return path
    }
  }

  /// One line: `ignoring PATH: REASON`.
  public var description: String {
    switch self {
    case .writableByUsers(let path, let owner, let permissions):
      let mode = "0" + String(permissions, radix: 8)
      let who =
        permissions & 0o022 != 0
        ? "writable by its group or by everyone (mode \(mode))" : "owned by uid \(owner), not root"
      return "ignoring managed file \(path): \(who); only root may be able to change it"
    case .unreadable(let path, let error):
      return "ignoring managed file \(path): \(error.description)"
    case .notARegularFile(let path):
      return "ignoring managed file \(path): it is not a regular file"
    case .tooLarge(let path, let limit):
      return "ignoring managed file \(path): it is larger than \(FileLimits.sizeText(limit))"
    case .wrongShape(let path, let expected):
      return "ignoring managed file \(path): its top level is not \(expected)"
    }
  }
}
