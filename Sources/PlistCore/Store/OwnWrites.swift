import Synchronization

/// The domain files this process wrote last, each with the identity its new version had
/// (nil: it removed the file), so that a watcher can tell this process's changes from other
/// processes'. The identity leaves out the change time, which the rename into place alters.
enum OwnWrites {
  private static let files = Mutex([String: FileIdentity?]())

  static func record(_ identity: FileIdentity?, at path: String) {
    files.withLock { $0[path] = identity?.ignoringChangeTime }
  }

  /// Whether the file at `path` (its target, for a link) is as this process left it.
  static func isOwn(_ identity: FileIdentity?, at path: String) -> Bool {
    files.withLock { files in
      guard let recorded = files[path] else { return false }
      return recorded == identity?.ignoringChangeTime
    }
  }
}

extension FileIdentity {
  var ignoringChangeTime: FileIdentity {
    FileIdentity(device: device, inode: inode, size: size, modified: modified, changed: 0)
  }
}
