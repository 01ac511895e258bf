#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Change notification (inotify: Linux only)

#if os(Linux)
  extension Platform {

    /// A new inotify instance.
    static func makeWatcher() throws(SystemError) -> Int32 {
      let fd = inotify_init1(Int32(IN_CLOEXEC))
      guard fd >= 0 else { throw SystemError(operation: .watch, path: "inotify") }
      return fd
    }

    /// Watches a directory for files written, renamed in or out, created and deleted, and
    /// for the directory itself going away.
    static func watchDirectory(_ watcher: Int32, _ path: String) throws(SystemError) {
      guard inotify_add_watch(watcher, path, directoryEvents) >= 0 else {
        throw SystemError(operation: .watch, path: path)
      }
    }
  }

  /// One inotify event: which watch, what happened, and the name in the watched directory.
  struct WatchEvent {
    let watch: Int32
    let mask: UInt32
    let name: String

    /// Whether the watched directory itself went away (removed, moved, or its watch ended).
    var isAboutTheDirectory: Bool {
      mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0
    }

    /// Whether it says only that its watch ended (one removed, or whose directory went).
    var endsTheWatch: Bool { mask & UInt32(IN_IGNORED) != 0 }

    /// Whether events were lost (the queue overflowed): anything may have changed.
    var lostEvents: Bool { mask & UInt32(IN_Q_OVERFLOW) != 0 }
  }

  /// Which events of a watcher on files' directories concern the files: those that name a
  /// file, or a directory on the way to one (made again, moved back), and those about a
  /// watched directory itself. Others, such as the shell's history written in `$HOME` (which
  /// is watched while `~/.config` may be removed), do not.
  struct WatchedNames {
    private var names: Set<String> = []
    /// Watches whose every event concerns the files (the administrator's folders).
    private var everyEvent: Set<Int32> = []

    /// Adds `file` and the directories above it.
    mutating func add(file: String) {
      names.insert(Self.lastComponent(file))
      var ancestor = Platform.directory(of: file)
      while ancestor != "/" && ancestor != "." {
        names.insert(Self.lastComponent(ancestor))
        ancestor = Platform.directory(of: ancestor)
      }
    }

    /// Adds a watch every event of which concerns the files.
    mutating func add(everyEventOf watch: Int32) { everyEvent.insert(watch) }

    /// Whether one of `events` concerns the files.
    func concern(_ events: [WatchEvent]) -> Bool {
      events.contains {
        $0.isAboutTheDirectory || $0.lostEvents || everyEvent.contains($0.watch)
          || names.contains($0.name)
      }
    }

    private static func lastComponent(_ path: String) -> String {
      String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    }
  }

  extension Platform {
    /// Events on a directory's files and on the directory itself (deleted, moved away).
    static let directoryEvents = UInt32(
      IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF
        | IN_MOVE_SELF | IN_ONLYDIR)

    /// `directoryEvents` and a file's mode or owner changed, for the administrator's
    /// folders: a managed file made root's alone by `chmod` counts from then on. (Not for
    /// the preferences' own folders: an app that saves in place changes a file's times while
    /// it writes, and a watcher woken then would read it half-written.)
    static let managedFolderEvents = directoryEvents | UInt32(IN_ATTRIB)

    /// Adds (or refreshes) a watch on a directory; nil when it does not exist or cannot be
    /// watched (a watch set has no error worth more than "not watched now").
    static func addWatch(_ watcher: Int32, _ path: String, mask: UInt32) -> Int32? {
      let watch = inotify_add_watch(watcher, path, mask)
      return watch >= 0 ? watch : nil
    }

    /// Calls `watch` with a directory that holds preferences and with its parent (to see it
    /// deleted and made again); for one that is missing, with its nearest existing ancestor
    /// and that one's parent, where the first of the missing directories will be made. Every
    /// watcher does this again after an event, so its watch moves down as the directories
    /// are made. A directory made between finding the nearest ancestor and watching it sends
    /// no event, so the search runs again until it finds the one it watched.
    static func watchPreferencesDirectory(_ directory: String, _ watch: (String) -> Void) {
      var watched: String?
      while true {
        var existing = directory
        while kind(atPath: existing) != .directory && existing != "/" && existing != "." {
          existing = self.directory(of: existing)
        }
        if existing == watched { return }
        watch(existing)
        watch(self.directory(of: existing))
        watched = existing
      }
    }

    /// `watchPreferencesDirectory` with watches of `directoryEvents` on `watcher`.
    static func watchPreferencesDirectory(_ watcher: Int32, _ directory: String) {
      watchPreferencesDirectory(directory) { _ = addWatch(watcher, $0, mask: directoryEvents) }
    }

    /// Ends a watch (one whose directory was moved away, say); one that ended already is fine.
    static func removeWatch(_ watcher: Int32, _ watch: Int32) {
      _ = inotify_rm_watch(watcher, watch)
    }

    /// Reads the events that are ready, or waits for some.
    static func readEvents(_ watcher: Int32) throws(SystemError) -> [WatchEvent] {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let length = retryingInterrupts {
        buffer.withUnsafeMutableBytes { read(watcher, $0.baseAddress, $0.count) }
      }
      guard length > 0 else { throw SystemError(operation: .watch, path: "inotify") }
      var events: [WatchEvent] = []
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= length {
        let event = buffer.withUnsafeBytes {
          $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
        }
        let nameBytes = buffer[(offset + header)..<min(length, offset + header + Int(event.len))]
        events.append(
          WatchEvent(
            watch: event.wd, mask: event.mask,
            name: String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)))
        offset += header + Int(event.len)
      }
      return events
    }

    /// Waits until the watcher has events or the wake-up was signalled (and clears it), or
    /// until the timeout passes (-1: no timeout).
    ///
    /// - Returns: Whether the watcher has events, and whether the wake-up fired.
    static func waitForEvents(_ watcher: Int32, wakeup: Wakeup, timeoutMilliseconds: Int32 = -1)
      -> (events: Bool, woken: Bool)
    {
      var fds = [
        pollfd(fd: watcher, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeup.reader, events: Int16(POLLIN), revents: 0),
      ]
      _ = retryingInterrupts { poll(&fds, 2, timeoutMilliseconds) }
      let woken = fds[1].revents != 0
      if woken { drain(wakeup) }
      return (fds[0].revents != 0, woken)
    }
  }
#endif
