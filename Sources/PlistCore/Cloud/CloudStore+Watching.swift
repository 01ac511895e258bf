import Synchronization

#if os(Linux)
  // MARK: - Noticing what should make a store sync, and the stream of external changes

  extension CloudStore {
    /// What woke a watch.
    package enum Wake: Sendable, Equatable {
      /// Another replica's file arrived or changed (a sync tool, or this machine's git).
      case otherReplicas
      /// This replica's file changed, written by another process on this machine.
      case ownFile
      /// Something changed in one of the other directories watched (mirrored domains).
      case otherDirectories
      /// The interval passed (git has no way to announce a push: it is fetched).
      case interval
    }

    /// Watches the store's folder (and `directories`) with inotify, calling `handle` for
    /// each wake-up, until `isStopped` says so after one.
    ///
    /// - Parameters:
    ///   - interval: Milliseconds between `.interval` wake-ups, or nil for none.
    ///   - directories: More directories to watch (their files' changes wake it too).
    ///   - isStopped: Whether to stop.
    ///   - handle: What to do.
    /// - Throws: What `handle` throws, or `PlistError.system` when watching fails.
    package func watch(
      every interval: Int64?, alsoWatching directories: [String] = [],
      isStopped: () -> Bool = { false }, handle: (Wake) throws(PlistError) -> Void
    ) throws(PlistError) {
      let wakeup: Wakeup
      do { wakeup = try Platform.makeWakeup() } catch { throw .system(error) }
      defer { Platform.closeWakeup(wakeup) }
      try watch(
        every: interval, alsoWatching: directories, wakeup: wakeup, isStopped: isStopped,
        handle: handle)
    }

    /// An inotify watcher on the store's folder, its state directory (where this replica's
    /// own file lives) and `directories`; the watches of the first two are returned.
    func makeWatcher(alsoWatching directories: [String]) throws(PlistError)
      -> (watcher: Int32, watches: StoreWatches)
    {
      try withEngineLock { (_) throws(PlistError) in try transport.prepare() }
      do { try Platform.makeDirectories(stateDirectory, mode: 0o700) } catch {
        throw .system(error)
      }
      let watcher: Int32
      do { watcher = try Platform.makeWatcher() } catch { throw .system(error) }
      var watches = StoreWatches(
        replicas: nil, folder: nil,
        state: Platform.addWatch(watcher, stateDirectory, mask: Platform.directoryEvents))
      // Git's clone changes only in this machine's own syncs: watching it would have each
      // sync that pushes followed by another.
      if transport.filesArriveByThemselves {
        watches.folder = Platform.addWatch(
          watcher, watches.folderPath(of: transport), mask: Platform.directoryEvents)
        watches.replicas = Platform.addWatch(
          watcher, transport.replicasDirectory, mask: Platform.directoryEvents)
      }
      for directory in directories {
        _ = Platform.addWatch(watcher, directory, mask: Platform.directoryEvents)
      }
      return (watcher, watches)
    }

    /// The watch descriptors of a store's own directories.
    struct StoreWatches {
      /// The replicas' folder.
      var replicas: Int32?
      /// The folder that holds it (a synced folder's top): a sync tool may replace
      /// `replicas/` whole, or make it after the watch started; its watch is then renewed.
      var folder: Int32?
      /// The state directory.
      var state: Int32?

      /// The folder that holds the replicas' folder.
      func folderPath(of transport: some CloudTransport) -> String {
        let path = transport.replicasDirectory
        return path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
      }

      /// Watches the replicas' folder as it is now, in place of the watch of the one that
      /// went (removed, or moved away — whose events must no longer count).
      mutating func renewReplicas(_ watcher: Int32, of transport: some CloudTransport) {
        if let old = replicas { Platform.removeWatch(watcher, old) }
        replicas = Platform.addWatch(
          watcher, transport.replicasDirectory, mask: Platform.directoryEvents)
      }
    }

    func watch(
      every interval: Int64?, alsoWatching directories: [String], wakeup: Wakeup,
      isStopped: () -> Bool, handle: (Wake) throws(PlistError) -> Void
    ) throws(PlistError) {
      let (watcher, watches) = try makeWatcher(alsoWatching: directories)
      defer { Platform.closeQuietly(watcher) }
      try watch(
        watcher, watches: watches, every: interval, wakeup: wakeup, isStopped: isStopped,
        handle: handle)
    }

    /// The loop of `watch`, on a watcher made already.
    func watch(
      _ watcher: Int32, watches given: StoreWatches, every interval: Int64?, wakeup: Wakeup,
      isStopped: () -> Bool, handle: (Wake) throws(PlistError) -> Void
    ) throws(PlistError) {
      var watches = given
      let ownName = Self.ownFileName
      let replicasName = transport.replicasDirectory.split(separator: "/").last.map(String.init)
      // The interval runs from the last sync it caused, not from the last event: a file
      // written every second must not put a git store's sync off for ever.
      let interval = interval.map { Int($0) }
      var nextSync = interval.map { Platform.monotonicMilliseconds() + $0 }
      while !isStopped() {
        let timeout = nextSync.map {
          Int32(clamping: max(0, $0 - Platform.monotonicMilliseconds()))
        }
        let (ready, _) = Platform.waitForEvents(
          watcher, wakeup: wakeup, timeoutMilliseconds: timeout ?? -1)
        if isStopped() { return }
        if let due = nextSync, let interval, Platform.monotonicMilliseconds() >= due {
          nextSync = Platform.monotonicMilliseconds() + interval
          try handle(.interval)
        }
        guard ready else { continue }
        let events: [WatchEvent]
        do { events = try Platform.readEvents(watcher) } catch { throw .system(error) }
        var wakes: Set<Wake> = []
        for event in events {
          if event.watch == watches.state {
            if event.name == ownName { wakes.insert(.ownFile) }
          } else if event.watch == watches.folder {
            // `replicas/` made, replaced or moved: watched anew, and what it holds merged.
            guard event.name == replicasName || event.isAboutTheDirectory else { continue }
            watches.renewReplicas(watcher, of: transport)
            wakes.insert(.otherReplicas)
          } else if event.watch == watches.replicas, event.isAboutTheDirectory {
            watches.renewReplicas(watcher, of: transport)
            wakes.insert(.otherReplicas)
          } else if event.watch == watches.replicas {
            // This replica's published copy too: another machine sharing its id may have
            // written it (a sync that leaves it as it is writes nothing, so no loop).
            switch CloudFolderEntry(name: event.name).kind {
            case .replica, .conflictCopy: wakes.insert(.otherReplicas)
            default: continue
            }
          } else if !event.endsTheWatch {
            // (The end of a watch renewed above is no news.)
            wakes.insert(.otherDirectories)
          }
        }
        // Other replicas first: a sync rewrites this replica's file, which then shows no
        // change of its own.
        for wake in [Wake.otherDirectories, .otherReplicas, .ownFile] where wakes.contains(wake) {
          try handle(wake)
        }
      }
    }

    /// The external changes to the store, as they happen: another replica's values arriving
    /// (`serverChange`, or `initialSync` on the first sync), writes refused or merges kept
    /// out by the limits (`quotaViolation`), re-attachment (`accountChange`). This process's
    /// own writes never appear; a sync that changes nothing brings nothing. The store's
    /// folder is watched with inotify on a thread of the stream's own: files a sync tool
    /// brings are merged at once, and with `interval`, the store also syncs that often (git
    /// cannot announce a push). Ends when the consumer stops iterating.
    ///
    /// Compiled into the caller (see `ChangeObservation`).
    ///
    /// - Parameter interval: How often to sync as well (`.seconds(60)`), or nil to sync only
    ///   when files arrive (a replicated folder) and when `synchronize()` is called.
    /// - Returns: The changes.
    @_alwaysEmitIntoClient
    public func changes(syncingEvery interval: Duration? = nil) -> AsyncStream<CloudChange> {
      let (stream, continuation) = AsyncStream.makeStream(of: CloudChange.self)
      let milliseconds = interval.map { interval in
        let (seconds, attoseconds) = interval.components
        return max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
      }
      let observation = observeChanges(
        syncingEvery: milliseconds, onChange: { continuation.yield($0) },
        onEnd: { continuation.finish() })
      continuation.onTermination = { _ in observation.cancel() }
      return stream
    }

    /// What `changes(syncingEvery:)` reports, as calls: `onChange` with each change (on the
    /// watch's thread, or on the thread of a call that brought it, such as `synchronize()`),
    /// and `onEnd` once, when the observation is cancelled or watching fails (at once, when
    /// it cannot start). A change a call on another thread is delivering at that moment may
    /// still arrive after the end (the stream drops it).
    ///
    /// - Parameters:
    ///   - interval: Milliseconds between syncs, or nil to sync only when files arrive.
    ///   - onChange: Called with each change.
    ///   - onEnd: Called once.
    /// - Returns: The observation, to cancel.
    @usableFromInline
    func observeChanges(
      syncingEvery interval: Int64? = nil, onChange: @escaping @Sendable (CloudChange) -> Void,
      onEnd: @escaping @Sendable () -> Void
    ) -> ChangeObservation {
      let id = shared.withLock { shared in
        let id = shared.nextListener
        shared.nextListener += 1
        shared.listeners[id] = onChange
        return id
      }
      _ = try? values()
      let removeListener: @Sendable () -> Void = { [weak self] in
        _ = self?.shared.withLock { $0.listeners.removeValue(forKey: id) }
      }
      // Watching starts before this returns, so no change made afterwards is missed.
      guard let wakeup = try? Platform.makeWakeup() else {
        removeListener()
        onEnd()
        return ChangeObservation {}
      }
      guard let (watcher, watches) = try? makeWatcher(alsoWatching: []) else {
        Platform.closeWakeup(wakeup)
        removeListener()
        onEnd()
        return ChangeObservation {}
      }
      let stopped = Atomic(false)
      // Nil once closed: a wake-up after that would write to whatever file has the number.
      let openWakeup = Mutex<Wakeup?>(wakeup)
      let end: @Sendable () -> Void = {
        Platform.closeQuietly(watcher)
        openWakeup.withLock { wakeup in
          if let open = wakeup { Platform.closeWakeup(open) }
          wakeup = nil
        }
        removeListener()
        onEnd()
      }
      let observation = ChangeObservation {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        openWakeup.withLock { wakeup in wakeup.map(Platform.wake) }
        removeListener()
      }
      let started = Platform.startThread { [self] in
        try? watch(
          watcher, watches: watches, every: interval, wakeup: wakeup,
          isStopped: { stopped.load(ordering: .sequentiallyConsistent) }
        ) { (wake) throws(PlistError) in
          switch wake {
          case .otherReplicas, .interval: _ = try? sync()
          case .ownFile: refreshedChanges()
          case .otherDirectories: break
          }
        }
        end()
      }
      if !started { end() }
      return observation
    }

    /// Re-reads this replica's file after another process on this machine wrote it (a
    /// `cloud set`, another app's sync), and reports what changed as `serverChange`, to the
    /// change streams and to the caller.
    ///
    /// - Returns: The change, if any.
    @discardableResult
    package func refreshedChanges() -> [CloudChange] {
      guard let values = try? quota.visible(replicaState().entries).values else { return [] }
      let change = shared.withLock { shared -> CloudChange? in
        defer { shared.known = values }
        return shared.known.flatMap { CloudChange.between($0, values, reason: .serverChange) }
      }
      guard let change else { return [] }
      broadcast(change)
      return [change]
    }
  }
#endif
