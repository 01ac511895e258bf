/// A store in a folder that something else replicates: Syncthing, Nextcloud, Dropbox, rsync
/// runs, a shared mount. A copy of this replica's file is renamed into place whole (sync tools
/// copy a finished file, never half of one); other replicas' files arrive however the tool
/// brings them, and the tool's temporary files are ignored and its conflict copies merged
/// (see `CloudFolderEntry`).
struct FolderTransport: CloudTransport {
  /// The replicated folder.
  let folder: String

  /// A folder transport.
  ///
  /// - Parameter folder: An absolute path.
  init(folder: String) {
    self.folder = folder
  }

  /// `replicas/` inside the folder.
  var replicasDirectory: String { folder + "/replicas" }
  /// The store's location.
  var location: CloudLocation { .folder(folder) }
  /// True: the sync tool brings other machines' files at any time.
  var filesArriveByThemselves: Bool { true }

  /// Creates what is missing (see `CloudTransport.prepare()`).
  func prepare() throws(PlistError) {
    do { try Platform.makeDirectories(replicasDirectory, mode: 0o755) } catch {
      throw .system(error)
    }
  }

  /// The sync tool has already put whatever it has received in place, and `offer` this
  /// replica's file: the exchange merges — reached as long as `replicas/` is a folder (an
  /// unmounted share is not; a link is not followed).
  func exchange(
    file name: String, engineLock: Int32,
    merge: (CloudArrival) throws(PlistError) -> [UInt8]
  ) throws(PlistError) -> CloudExchangeOutcome {
    do { _ = try SharedFolder(path: replicasDirectory) } catch {
      _ = try merge(CloudArrival(reached: false))
      return .offline(reason: "\(replicasDirectory) is not a folder here (\(error.errno))")
    }
    _ = try merge(CloudArrival(reached: true))
    return .sent
  }

  /// Replaces the folder's copy of this replica's file when it differs, renamed into place
  /// whole (see `CloudTransport.offer(file:contents:)`).
  func offer(file name: String, contents: [UInt8]) throws(PlistError) {
    do {
      // A name sync tools skip while it is written (Syncthing's temporary prefix), so that
      // none tries to carry a half-written file.
      try SharedFolder(path: replicasDirectory).replaceIfDifferent(
        name, with: contents, temporaryName: ".syncthing.plistctl-" + name + ".tmp", mode: 0o644)
    } catch {
      throw .system(error)
    }
  }

  /// Whether the folder's copy of this replica's file differs from `contents`.
  func hasPendingChanges(file name: String, contents: [UInt8]) -> Bool {
    guard let folder = try? SharedFolder(path: replicasDirectory),
      case .bytes(let current)? = try? folder.read(name, limit: contents.count + 1)
    else { return true }
    return current != contents
  }

  /// Forgets the local side (see `CloudTransport.discard()`).
  func discard() throws(PlistError) {}
}
