/// Why an app's state could not be preserved or read.
public enum StateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Neither `$XDG_STATE_HOME` (absolute) nor `$HOME` is set: there is nowhere to keep state.
  case noStateDirectory
  /// The domain's name cannot name a directory in the state directory.
  case invalidDomainName(String, PlistError.InvalidName)
  /// A file could not be read, written or locked.
  case file(PlistError)
  /// The archive at `path` is not one this PlistCore can restore from.
  case unreadableArchive(path: String, StateArchive.Problem)
  /// An element's `encodeRestorableState` failed: its place in the tree (identifiers joined
  /// by `/`) and the error. The rest of the archive was saved.
  case notEncoded(element: String, reason: String)

  /// One line saying what went wrong, and where.
  public var description: String {
    switch self {
    case .noStateDirectory:
      "no state directory: neither XDG_STATE_HOME (absolute) nor HOME is set"
    case .invalidDomainName(let name, let problem):
      PlistError.invalidDomainName(name, problem).description
    case .file(let error): error.description
    case .unreadableArchive(let path, let problem): "\(path): \(problem)"
    case .notEncoded(let element, let reason): "\(element): state not encoded: \(reason)"
    }
  }
}
