#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

#if os(Linux)
  /// Tells a reader, for the cost of one non-blocking `read` of an inotify descriptor,
  /// whether anything in the directories of the files it has read may have changed since it
  /// last asked. The kernel queues an inotify event inside the writer's system call (the
  /// rename, the write, the close), before that call returns to the writer; so a question
  /// asked after another process's write has returned sees its event, and a reader that
  /// hears "nothing" may use what it read before without looking at the files again.
  ///
  /// Each directory is watched with its parent, so that a directory deleted and made again
  /// (or made for the first time, as `ByHost` is) is noticed too; a missing one, by its
  /// nearest existing ancestor (`Platform.watchPreferencesDirectory`). After any event,
  /// every watch is added again on the next look at a file (adding one twice is harmless).
  final class ChangeGate {
    private let watcher: Int32
    private var watched: Set<String> = []
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// A gate, or nil when inotify cannot be had (then readers look at the files each time).
    init?() {
      watcher = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard watcher >= 0 else { return nil }
    }

    deinit { close(watcher) }

    /// What is watched: every change to a directory's entries or to a file's contents,
    /// times or mode, and the directory itself going.
    private static let events = UInt32(
      IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE
        | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Watches the directory a file is in (and the one its link leads to), and their parents,
    /// before the reader looks at the file: a change after the look raises an event.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - target: Where its links lead (the same path when it is none).
    func watch(file path: String, target: String) {
      for file in path == target ? [path] : [path, target] {
        let directory = Platform.directory(of: file)
        // Both watched already (at every look but the first): nothing to ask the system.
        if watched.contains(directory) && watched.contains(Platform.directory(of: directory)) {
          continue
        }
        // A directory that does not exist yet, nor its parent, is covered by its nearest
        // existing ancestor's watch: a gate that watched neither answered "nothing changed"
        // for ever, once both were made and the file written.
        Platform.watchPreferencesDirectory(directory) { candidate in
          if !watched.contains(candidate), inotify_add_watch(watcher, candidate, Self.events) >= 0 {
            watched.insert(candidate)
          }
        }
      }
    }

    /// Watches one directory itself, when it exists (the managed folders: each of their
    /// parents is in the list too, so a folder made later is an event of its parent's).
    ///
    /// - Parameter path: The directory.
    func watch(directory path: String) {
      guard !watched.contains(path) else { return }
      if inotify_add_watch(watcher, path, Self.events) >= 0 { watched.insert(path) }
    }

    /// Whether anything may have changed since the last call: events were waiting (all are
    /// read), or the descriptor failed (so the answer must be yes).
    func hasChanged() -> Bool {
      var changed = false
      while true {
        let length = Platform.retryingInterrupts {
          buffer.withUnsafeMutableBytes { read(watcher, $0.baseAddress, $0.count) }
        }
        if length > 0 {
          changed = true
          continue
        }
        if length < 0 && Errno.current != .wouldBlock { changed = true }
        break
      }
      // A watch may have ended with its directory: add them all again on the next look.
      if changed { watched.removeAll() }
      return changed
    }
  }
#endif
