import Synchronization

#if os(Linux)
  extension Defaults {
    /// The changes of effective values, as they happen: one `DefaultsChange` per key whose
    /// effective value changed — by this process, another process, plistctl, or in a layer
    /// that shows through (the global domain) — and none when it did not. Watching starts
    /// before this returns, so no change made afterwards is missed. The files are watched
    /// with inotify on a thread of the stream's own (no run loop, no polling), through
    /// files replaced, deleted and re-created and directories re-created. Ends when the
    /// consumer stops iterating, or if watching fails.
    ///
    /// Compiled into the caller (see `ChangeObservation`).
    ///
    /// - Parameter keys: The keys to report, or nil for every key.
    /// - Returns: The changes.
    @_alwaysEmitIntoClient
    public func changes(forKeys keys: [String]? = nil) -> AsyncStream<DefaultsChange> {
      let (stream, continuation) = AsyncStream.makeStream(of: DefaultsChange.self)
      let observation = observeChanges(
        forKeys: keys, onChange: { continuation.yield($0) }, onEnd: { continuation.finish() })
      continuation.onTermination = { _ in observation.cancel() }
      return stream
    }

    /// The values of a typed key as they change, from whatever writer (as
    /// `changes(forKeys:)`): the key's value after each change, its default when the key
    /// went away. A dotted name is a key like any other, never a path.
    ///
    /// Compiled into the caller (see `ChangeObservation`).
    ///
    /// - Parameter key: The key.
    /// - Returns: The values.
    @_alwaysEmitIntoClient
    public func changes<Value>(of key: Key<Value>) -> AsyncStream<Value> {
      let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
      let observation = observeChanges(
        forKeys: [key.name],
        onChange: { continuation.yield(self.value(of: key, from: $0.newValue)) },
        onEnd: { continuation.finish() })
      continuation.onTermination = { _ in observation.cancel() }
      return stream
    }

    /// The changes of several typed keys, whatever their types, as `changes(forKeys:)`
    /// reports them.
    ///
    /// - Parameters:
    ///   - first: A key.
    ///   - second: Another (one key alone is `changes(of:)`'s, typed).
    ///   - more: Any more.
    /// - Returns: One change per key whose effective value changed.
    @_alwaysEmitIntoClient
    public func changes(of first: Keys, _ second: Keys, _ more: Keys...)
      -> AsyncStream<DefaultsChange>
    {
      changes(forKeys: ([first, second] + more).map(\.name))
    }

    /// What `changes(forKeys:)` reports, as calls on a thread of the watch's own: `onChange`
    /// with each change, then `onEnd` once, when the observation is cancelled or watching
    /// fails (at once, when it cannot start).
    ///
    /// - Parameters:
    ///   - keys: The keys to report, or nil for every key.
    ///   - onChange: Called with each change, one at a time.
    ///   - onEnd: Called once, last.
    /// - Returns: The observation, to cancel.
    @usableFromInline
    func observeChanges(
      forKeys keys: [String]? = nil, onChange: @escaping @Sendable (DefaultsChange) -> Void,
      onEnd: @escaping @Sendable () -> Void
    ) -> ChangeObservation {
      guard let watch = try? ChangeWatch(defaults: self, keys: keys.map(Set.init)) else {
        onEnd()
        return ChangeObservation {}
      }
      let stopped = Atomic(false)
      let wakeup = watch.wakeup
      let observation = ChangeObservation {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        DefaultsObservers.wake(wakeup)
      }
      let started = Platform.startThread {
        try? watch.run(
          isStopped: { stopped.load(ordering: .sequentiallyConsistent) }, emit: onChange)
        onEnd()
      }
      if !started {
        watch.close()
        onEnd()
      }
      return observation
    }

    /// `changes(forKeys:)` on the calling thread, for a program that does nothing else (a
    /// command-line watcher): calls `handle` with each change until it throws.
    ///
    /// - Parameters:
    ///   - keys: The keys to report, or nil for every key.
    ///   - handle: Called with each change; throw to stop.
    /// - Throws: What `handle` throws, or `PlistError.system` when watching fails.
    package func watchChanges(
      forKeys keys: [String]? = nil, _ handle: (DefaultsChange) throws -> Void
    ) throws {
      let watch: ChangeWatch
      do { watch = try ChangeWatch(defaults: self, keys: keys.map(Set.init)) } catch {
        throw PlistError.system(error)
      }
      try watch.run(isStopped: { false }, emit: handle)
    }
  }

  /// One stream's watch: the inotify descriptor over the search list's directories, a
  /// wake-up, and the last snapshot of the watched keys in every layer.
  final class ChangeWatch: @unchecked Sendable {
    // Used by the stream's thread only, after `init` on the caller's.
    let defaults: Defaults
    let keys: Set<String>?
    let watcher: Int32
    let wakeup: Wakeup
    private var snapshot: Snapshot
    /// Which of the watcher's events concern the search list's files.
    private var names = WatchedNames()

    init(defaults: Defaults, keys: Set<String>?) throws(SystemError) {
      self.defaults = defaults
      self.keys = keys
      watcher = try Platform.makeWatcher()
      do {
        wakeup = try Platform.makeWakeup()
      } catch {
        Platform.closeQuietly(watcher)
        throw error
      }
      DefaultsObservers.add(wakeup)
      snapshot = Snapshot()
      names = defaults.watchSearchList(with: watcher)
      snapshot = DefaultsJournal.start(wakeup) { takeSnapshot(previous: nil) }
    }

    func close() {
      DefaultsJournal.stop(wakeup)
      DefaultsObservers.remove(wakeup)
      Platform.closeQuietly(watcher)
    }

    /// Waits for events, compares, emits, until stopped, `emit` throws, or the watch fails.
    func run(isStopped: () -> Bool, emit: (DefaultsChange) throws -> Void) throws {
      defer { close() }
      while true {
        let (hasEvents, woken) = Platform.waitForEvents(watcher, wakeup: wakeup)
        if isStopped() { return }
        var events: [WatchEvent] = []
        if hasEvents {
          do { events = try Platform.readEvents(watcher) } catch { throw PlistError.system(error) }
        }
        // Watched again after events, and after a wake-up: a suite added since is one more
        // file (and perhaps directory) to watch and to name.
        let watched = names
        names = defaults.watchSearchList(with: watcher)
        // Only another file in a watched directory (`$HOME` is one): nothing to read again.
        if hasEvents && !woken && !watched.concern(events) && !names.concern(events) {
          continue
        }
        // This process's writes one by one, in order, then the files for the rest; on a
        // copy of the snapshot, as the journal may ask for the look again.
        let (changes, next) = DefaultsJournal.read(wakeup) { entries in
          var replayed = snapshot
          var changes = entries.flatMap { replay($0, into: &replayed) }
          let next = takeSnapshot(previous: replayed)
          changes += next.changes(since: replayed)
          return (changes, next)
        }
        snapshot = next
        for change in changes { try emit(change) }
      }
    }

    /// Applies one of this process's writes to a snapshot: a change for each watched key
    /// whose effective value it changed, in key order.
    private func replay(_ entry: DefaultsJournal.Entry, into snapshot: inout Snapshot)
      -> [DefaultsChange]
    {
      let layers = snapshot.layers.filter { snapshot.paths[$0] == entry.path }
      guard !layers.isEmpty else { return [] }
      var written: [String: PlistValue?]
      switch entry.change {
      case .keys(let changes): written = changes
      case .replaced(let contents):
        // Every key the file had, and every key it has now.
        written = Dictionary(uniqueKeysWithValues: contents.map { ($0.key, .some($0.value)) })
        for layer in layers {
          for key in snapshot.contents[layer]?.keys ?? [] where written[key] == nil {
            written[key] = .some(nil)
          }
        }
      }
      var changes: [DefaultsChange] = []
      for key in written.keys.sorted(by: { KeyOrder.compare($0, $1) < 0 })
      where keys?.contains(key) ?? true {
        let before = snapshot.winner(key)
        for layer in layers {
          snapshot.contents[layer, default: PlistDictionary()][key] = written[key] ?? nil
        }
        let after = snapshot.winner(key)
        guard before?.value != after?.value else { continue }
        changes.append(
          DefaultsChange(
            key: key, oldValue: before?.value, newValue: after?.value, layer: after?.layer,
            origin: .thisProcess))
      }
      return changes
    }

    /// Every layer's watched keys now; a file that cannot be parsed (half-written by an app
    /// that writes in place) keeps its previous contents.
    private func takeSnapshot(previous: Snapshot?) -> Snapshot {
      // As any read of the search list: the instance's gate says what may have changed.
      defaults.beginLookup()
      var next = Snapshot()
      next.locked = defaults.lockedKeys()
      for layer in defaults.searchList {
        var contents: PlistDictionary
        do {
          contents = try defaults.checkedContents(of: layer)
        } catch {
          contents = previous?.contents[layer] ?? PlistDictionary()
        }
        if let keys {
          contents = PlistDictionary(contents.filter { keys.contains($0.key) })
        }
        next.layers.append(layer)
        next.contents[layer] = contents
        if let path = defaults.path(of: layer) {
          next.identities[layer] = Platform.identity(atPath: path)
          next.paths[layer] = Platform.resolvingLinks(path)
        }
      }
      return next
    }
  }

  /// The watched keys of every layer at one moment, with the identity of each layer's file.
  struct Snapshot {
    var layers: [DefaultsLayer] = []
    var contents: [DefaultsLayer: PlistDictionary] = [:]
    var identities: [DefaultsLayer: FileIdentity?] = [:]
    var paths: [DefaultsLayer: String] = [:]
    /// The keys locked then: they pass over the user's own layers.
    var locked: Set<String> = []

    /// The first layer with the key, and its value.
    func winner(_ key: String) -> (value: PlistValue, layer: DefaultsLayer)? {
      for layer in layers where layer.counts(forKey: key, locked: locked) {
        if let value = contents[layer]?[key] { return (value, layer) }
      }
      return nil
    }

    /// One change per key whose effective value differs from `old`'s, in key order.
    func changes(since old: Snapshot) -> [DefaultsChange] {
      var keys = Set<String>()
      for dictionary in contents.values { keys.formUnion(dictionary.keys) }
      for dictionary in old.contents.values { keys.formUnion(dictionary.keys) }
      var changes: [DefaultsChange] = []
      for key in keys.sorted(by: { KeyOrder.compare($0, $1) < 0 }) {
        let before = old.winner(key)
        let after = winner(key)
        guard before?.value != after?.value else { continue }
        changes.append(
          DefaultsChange(
            key: key, oldValue: before?.value, newValue: after?.value, layer: after?.layer,
            origin: origin(ofChangeTo: key, since: old)))
      }
      return changes
    }

    /// Another process's, when a file layer whose value for the key changed is not as this
    /// process last wrote it; this process's otherwise (memory layers, its own writes).
    private func origin(ofChangeTo key: String, since old: Snapshot) -> DefaultsChange.Origin {
      for layer in layers where layer.isPersistent {
        guard contents[layer]?[key] != old.contents[layer]?[key] else { continue }
        guard let path = paths[layer], OwnWrites.isOwn(identities[layer] ?? nil, at: path)
        else { return .otherProcess }
      }
      return .thisProcess
    }
  }

  extension Defaults {
    /// Adds to `watcher` what a change to the search list's files shows in: every directory a
    /// layer's file is in (and its link's target's) with its parent, or the nearest existing
    /// ancestor of one that is missing (`Platform.watchPreferencesDirectory`), and the managed
    /// folders (read afresh: a folder made since the last reading, the administrator's first
    /// file, has folders of its own). Adding a watch again is harmless, so the Settings app
    /// calls this after every event, and the change stream at every wake-up too (a suite
    /// added since is one more file).
    ///
    /// - Returns: Which events concern the search list.
    @discardableResult
    func watchSearchList(with watcher: Int32) -> WatchedNames {
      var names = WatchedNames()
      if environment.managed != nil {
        beginLookup()
        for folder in managedFolders() {
          let watch = Platform.addWatch(watcher, folder, mask: Platform.managedFolderEvents)
          if let watch { names.add(everyEventOf: watch) }
        }
      }
      var directories: [String] = []
      for layer in searchList {
        guard let path = path(of: layer) else { continue }
        for file in [path, Platform.resolvingLinks(path)] {
          names.add(file: file)
          let directory = Platform.directory(of: file)
          if !directories.contains(directory) { directories.append(directory) }
        }
      }
      for directory in directories { Platform.watchPreferencesDirectory(watcher, directory) }
      return names
    }
  }
#endif
