#if os(Linux)
  import Synchronization

  /// This process's writes to domain files, in the order they were made, for the change
  /// streams. A stream that only compared files would see two quick writes as one, and a
  /// value set and set back as none; with the journal, each stream replays this process's
  /// writes one by one (each a change of its own, in order) before it compares the files
  /// for other processes' writes, which may still arrive merged into their final state.
  ///
  /// Writes and streams take one lock: a write holds it from the file's replacement to its
  /// entry here, a stream while it reads the entries and then the files. So a stream sees a
  /// write in both or in neither, never in the files first (which would report it as
  /// another process's, and then nothing).
  enum DefaultsJournal {
    /// What a write did to one file.
    enum Change: Sendable {
      /// Keys set (a value) or removed (nil).
      case keys([String: PlistValue?])
      /// The whole contents replaced (`setPersistentDomain`; empty: removed).
      case replaced(PlistDictionary)
    }

    /// One write: the file (links resolved, as streams name their layers' files) and what
    /// changed in it.
    struct Entry: Sendable {
      let sequence: Int
      let path: String
      let change: Change
    }

    private struct State {
      var entries: [Entry] = []
      var nextSequence = 0
      /// Each stream's last entry read. Entries are kept only while a stream has not read
      /// them, and recorded only while there is a stream.
      var positions: [Wakeup: Int] = [:]
    }

    private static let state = Mutex(State())

    /// Runs a write of this process's under the journal's lock and records what it did,
    /// when it succeeded and a stream is listening; then wakes the streams.
    ///
    /// - Parameters:
    ///   - path: The domain file's path.
    ///   - change: What the write changes.
    ///   - write: The write.
    /// - Throws: What `write` throws (nothing is recorded then).
    static func recording(
      path: String, _ change: Change, _ write: () throws(PlistError) -> Void
    ) throws(PlistError) {
      let recorded = try state.withLock { (state) throws(PlistError) -> Bool in
        try write()
        guard !state.positions.isEmpty else { return false }
        state.entries.append(
          Entry(
            sequence: state.nextSequence, path: Platform.resolvingLinks(path), change: change))
        state.nextSequence += 1
        return true
      }
      if recorded { DefaultsObservers.notify() }
    }

    /// Registers a stream and runs its first look at the files, both under the lock: the
    /// stream reads the entries of writes made after that look.
    ///
    /// - Parameters:
    ///   - reader: The stream's wake-up, its name here.
    ///   - look: Takes the stream's first snapshot.
    /// - Returns: What `look` returns.
    static func start<Result>(_ reader: Wakeup, _ look: () -> Result) -> Result {
      state.withLock { state in
        state.positions[reader] = state.nextSequence - 1
        return look()
      }
    }

    /// The entries a stream has not read, with its look at the files, both under the lock;
    /// the entries every stream has read are dropped.
    ///
    /// - Parameters:
    ///   - reader: The stream's wake-up.
    ///   - look: Given the unread entries, replays them and compares the files.
    /// - Returns: What `look` returns.
    static func read<Result>(_ reader: Wakeup, _ look: ([Entry]) -> Result) -> Result {
      state.withLock { state in
        let position = state.positions[reader] ?? state.nextSequence - 1
        let unread = state.entries.filter { $0.sequence > position }
        state.positions[reader] = state.nextSequence - 1
        let oldest = state.positions.values.min() ?? state.nextSequence - 1
        state.entries.removeAll { $0.sequence <= oldest }
        return look(unread)
      }
    }

    /// Forgets a stream.
    static func stop(_ reader: Wakeup) {
      state.withLock { state in
        state.positions[reader] = nil
        let oldest = state.positions.values.min() ?? state.nextSequence - 1
        state.entries.removeAll { $0.sequence <= oldest }
      }
    }
  }
#endif
