/// What carries a store's files between machines. The store never talks to another machine
/// itself: an engine that already does that well — git, or a sync tool that replicates a
/// folder — moves the replicas' files, and the store only reads and writes files.
public protocol CloudTransport: Sendable {
  /// The folder that holds every replica's file, as this machine sees it.
  var replicasDirectory: String { get }
  /// What identifies the shared store (Apple's "account"): re-attaching a store to another
  /// location replaces its values.
  var location: CloudLocation { get }
  /// Makes the local side ready (git: a private clone). Works offline.
  func prepare() throws(PlistError)
  /// Brings the other replicas' latest files into `replicasDirectory`.
  ///
  /// - Parameter ownFile: This replica's file (git commits it first).
  /// - Returns: False when the engine cannot be reached now (offline): what is local stays.
  /// - Throws: `PlistError` when the engine fails for another reason.
  func receive(ownFile: String) throws(PlistError) -> Bool
  /// Sends this replica's file.
  func publish(ownFile: String) throws(PlistError) -> CloudPublishOutcome
  /// Whether this replica has changes the engine has not carried yet.
  func hasPendingChanges(ownFile: String) -> Bool
  /// Forgets the local side (git: the private clone); the shared store is left as it is.
  func discard() throws(PlistError)
}

/// How sending a replica's file went.
public enum CloudPublishOutcome: Sendable, Equatable {
  /// The engine has it.
  case sent
  /// Someone else's push came first (git): receive and try again.
  case overtaken
  /// The engine cannot be reached now; the file waits for the next sync.
  case offline(reason: String)
}

/// Where a store lives.
public enum CloudLocation: Hashable, Sendable, CustomStringConvertible {
  /// A git remote (any URL git takes: `file://`, ssh, https, a path).
  case git(String)
  /// A folder that something else replicates (Syncthing, Nextcloud, a shared mount).
  case folder(String)

  /// `git URL` or `folder PATH`.
  public var description: String {
    switch self {
    case .git(let url): return "git " + url
    case .folder(let path): return "folder " + path
    }
  }
}

extension CloudLocation {
  /// A location as plistctl's records keep it: a `git` or a `folder` field.
  init?(fields: PlistDictionary) {
    if let url = fields["git"]?.stringValue {
      self = .git(url)
    } else if let folder = fields["folder"]?.stringValue {
      self = .folder(folder)
    } else {
      return nil
    }
  }

  /// Writes the location's field into a record.
  func record(in fields: inout PlistDictionary) {
    switch self {
    case .git(let url): fields["git"] = .string(url)
    case .folder(let path): fields["folder"] = .string(path)
    }
  }
}
