#if os(Linux)
  /// Reports each change to a domain as it happens, with inotify (no polling): whether the file
  /// is rewritten in place (Foundation), replaced by a rename (plistctl), deleted, or created
  /// later. A domain file that is a symbolic link is watched at its target too. A directory
  /// removed and made again (`rm -rf ~/.config`, a restored backup) is watched again: each
  /// directory's parent — or, while it is missing, its nearest existing ancestor — is
  /// watched as well. (Linux only.)
  package final class DomainWatcher {
    /// One changed key: a top-level key, or the watched key path.
    package enum Change: Sendable, Equatable {
      /// The key now holds this value (new or changed).
      case set(PlistPath, PlistValue)
      /// The key is gone.
      case removed(PlistPath)
    }

    private let store: DomainStore
    private let domain: Domain
    private let path: PlistPath?
    private let watcher: Int32
    /// The directories of the file and of its link's target.
    private let directories: [String]
    /// The names an event must concern to matter: the file's, its target's, and those of
    /// the directories on the way to them (made again, moved back).
    private let names: WatchedNames
    private var snapshot: PlistDictionary

    /// Starts watching. A store directory that does not exist yet is created (mode 0700), as a
    /// write would, so that a domain can be watched before its first key is written.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - domain: The domain.
    ///   - path: Only this key or key path, or every top-level key when nil.
    /// - Throws: `PlistError.system` when the directory cannot be watched; `.parse` when the
    ///   domain file is broken to begin with.
    package init(store: DomainStore, domain: Domain, path: PlistPath? = nil) throws(PlistError) {
      self.store = store
      self.domain = domain
      self.path = path
      let file = store.path(of: domain)
      let target = Platform.resolvingLinks(file)
      var directories = [Platform.directory(of: file)]
      if Platform.directory(of: target) != directories[0] {
        directories.append(Platform.directory(of: target))
      }
      var names = WatchedNames()
      names.add(file: file)
      names.add(file: target)
      self.names = names
      self.directories = directories
      do {
        if store.isInStore(domain) { try Platform.makeDirectories(directories[0], mode: 0o700) }
        watcher = try Platform.makeWatcher()
        for directory in directories { try Platform.watchDirectory(watcher, directory) }
      } catch {
        throw .system(error)
      }
      snapshot = PlistDictionary()
      watchDirectories()
      snapshot = try current()
    }

    deinit { Platform.closeQuietly(watcher) }

    /// Waits for the next change to the domain (or to the watched key) and returns it.
    ///
    /// - Returns: The changed keys, in key order; never empty.
    /// - Throws: `PlistError.system` if watching fails; `.parse` when the file is left broken
    ///   (the watcher can go on afterwards).
    package func next() throws(PlistError) -> [Change] {
      while true {
        let events: [WatchEvent]
        do { events = try Platform.readEvents(watcher) } catch { throw .system(error) }
        guard names.concern(events) else { continue }
        watchDirectories()
        let now = try current()
        let changes = difference(from: snapshot, to: now)
        snapshot = now
        if !changes.isEmpty { return changes }
      }
    }

    /// Watches each directory (again, after it was removed and made again), and its parent
    /// (`Platform.watchPreferencesDirectory`).
    private func watchDirectories() {
      for directory in directories { Platform.watchPreferencesDirectory(watcher, directory) }
    }

    /// The domain as it is now (only the watched key, when there is one), empty when missing.
    private func current() throws(PlistError) -> PlistDictionary {
      let contents = try store.load(domain)?.dictionary ?? PlistDictionary()
      guard let path else { return contents }
      var only = PlistDictionary()
      if let value = try? contents.value(at: path) { only[path.description] = value }
      return only
    }

    /// The keys whose values differ, in key order (the watched path, when there is one).
    private func difference(from old: PlistDictionary, to new: PlistDictionary) -> [Change] {
      Self.difference(from: old, to: new).map { change in
        switch change {
        case .set(let key, let value): return .set(path ?? key, value)
        case .removed(let key): return .removed(path ?? key)
        }
      }
    }

    /// The top-level keys whose values differ, in key order.
    static func difference(from old: PlistDictionary, to new: PlistDictionary) -> [Change] {
      new.differences(from: old).map { difference in
        switch difference {
        case .set(let key, let value): return .set(PlistPath(topLevelKey: key), value)
        case .removed(let key): return .removed(PlistPath(topLevelKey: key))
        }
      }
    }
  }
#endif
