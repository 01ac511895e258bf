/// What carries a store's files between machines. The store never talks to another machine
/// itself: an engine that already does that well — git, or a sync tool that replicates a
/// folder — moves the replicas' files, and the store only reads and writes files.
package protocol CloudTransport: Sendable {
  /// The folder that holds every replica's file, as this machine sees it. Its contents are
  /// another machine's to decide: read and written only through `SharedFolder`.
  var replicasDirectory: String { get }
  /// What identifies the shared store (Apple's "account"): re-attaching a store to another
  /// location replaces its values.
  var location: CloudLocation { get }
  /// Whether files arriving in `replicasDirectory` are news from other machines, worth a
  /// watch (a synced folder); false when only this machine's own syncs change it (git).
  var filesArriveByThemselves: Bool { get }
  /// Makes the local side ready (git: a private clone). Works offline.
  func prepare() throws(PlistError)
  /// One exchange with the engine: brings the other replicas' latest files into
  /// `replicasDirectory`, has `merge` fold them into this replica's state — it returns this
  /// replica's file as it is now — and sends that file, starting again from the beginning
  /// when another machine's push came first. The store's own copy of its file lives outside
  /// the engine's reach; the engine only ever gets a copy, so an exchange killed at any
  /// step loses nothing, and the next one starts from whatever the last one left.
  ///
  /// - Parameters:
  ///   - name: This replica's file name in `replicasDirectory` (`<replica id>.plist`).
  ///   - engineLock: The store's engine lock, held for the whole exchange; programs the
  ///     transport runs inherit it, so that no exchange starts while one of them still runs.
  ///   - merge: Folds the files received into this replica's state; its argument says
  ///     whether the engine was reached (when not, what is local is merged all the same)
  ///     and what the engine holds that was not brought.
  /// - Returns: Whether the engine has this replica's file now.
  /// - Throws: What `merge` throws; `PlistError` when the engine fails for another reason
  ///   than being out of reach.
  func exchange(
    file name: String, engineLock: Int32,
    merge: (CloudArrival) throws(PlistError) -> [UInt8]
  ) throws(PlistError) -> CloudExchangeOutcome
  /// Puts a copy of this replica's file where the engine picks it up, when that needs no
  /// network: a synced folder's copy is replaced at every change of the file (a write, a
  /// merge), under the store's lock, so the sync tool carries it at once and no older copy
  /// ever replaces a newer one. Git does nothing here: its copy is committed and pushed by
  /// `exchange`.
  ///
  /// - Parameters:
  ///   - name: This replica's file name in `replicasDirectory`.
  ///   - contents: The file's bytes.
  /// - Throws: `PlistError` when the copy cannot be written.
  func offer(file name: String, contents: [UInt8]) throws(PlistError)
  /// Whether this replica's file as it is now (`contents`) differs from what the engine
  /// last took.
  func hasPendingChanges(file name: String, contents: [UInt8]) -> Bool
  /// Forgets the local side (git: the private clone); the shared store is left as it is.
  func discard() throws(PlistError)
}

/// What an exchange brought, as its merge is told.
package struct CloudArrival: Sendable {
  /// Whether the engine was reached; when not, what is local is merged all the same.
  package var reached: Bool
  /// What the engine holds that was not brought, with why (`CloudFolderEntry.Kind.notBrought`).
  package var notBrought: [CloudFolderEntry] = []

  /// An arrival.
  package init(reached: Bool, notBrought: [CloudFolderEntry] = []) {
    self.reached = reached
    self.notBrought = notBrought
  }
}

/// How an exchange with the engine went.
package enum CloudExchangeOutcome: Sendable, Equatable {
  /// The engine has this replica's file.
  case sent
  /// The engine cannot be reached now (or did not answer in time); the file waits for the
  /// next sync.
  case offline(reason: String)
}

/// Where a store lives.
package enum CloudLocation: Hashable, Sendable, CustomStringConvertible {
  /// A git remote (any URL git takes: `file://`, ssh, https, a path).
  case git(String)
  /// A folder that something else replicates (Syncthing, Nextcloud, a shared mount).
  case folder(String)

  /// `git URL` or `folder PATH`.
  package var description: String {
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
