/// A store in a folder that something else replicates: Syncthing, Nextcloud, Dropbox, rsync
/// runs, a shared mount. This replica's file is renamed into place whole (sync tools copy a
/// finished file, never half of one); other replicas' files arrive however the tool brings
/// them, and the tool's temporary and conflict files are ignored (see `CloudFolderEntry`).
public struct FolderTransport: CloudTransport {
  /// The replicated folder.
  public let folder: String

  /// A folder transport.
  ///
  /// - Parameter folder: An absolute path.
  public init(folder: String) {
    self.folder = folder
  }

  /// `replicas/` inside the folder.
  public var replicasDirectory: String { folder + "/replicas" }
  /// The store's location.
  public var location: CloudLocation { .folder(folder) }

  /// Creates what is missing (see `CloudTransport.prepare()`).
  public func prepare() throws(PlistError) {
    do { try Platform.makeDirectories(replicasDirectory, mode: 0o755) } catch {
      throw .system(error)
    }
  }

  /// The sync tool has already put whatever it has received in place: reachable as long as
  /// the folder is there (an unmounted share is not).
  public func receive(ownFile: String) throws(PlistError) -> Bool {
    Platform.kind(atPath: replicasDirectory) == .directory
  }

  /// Sends this replica's file (see `CloudTransport.publish(ownFile:)`).
  public func publish(ownFile: String) throws(PlistError) -> CloudPublishOutcome {
    Platform.kind(atPath: replicasDirectory) == .directory
      ? .sent : .offline(reason: "\(replicasDirectory) is missing")
  }

  /// Whether changes wait to be sent (see `CloudTransport.hasPendingChanges(ownFile:)`).
  public func hasPendingChanges(ownFile: String) -> Bool { false }

  /// Forgets the local side (see `CloudTransport.discard()`).
  public func discard() throws(PlistError) {}
}
