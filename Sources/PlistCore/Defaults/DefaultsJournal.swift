#if os(Linux)
  import Synchronization

  /// This process's writes to domain files, in the order they were made, for the change
  /// streams. A stream that only compared files would see two quick writes as one, and a
  /// value set and set back as none; with the journal, each stream replays this process's
  /// writes one by one (each a change of its own, in order) before it compares the files
  /// for other processes' writes, which may still arrive merged into their final state.
  ///
  /// A stream must see each write in both the entries and the files or in neither, never in
  /// the files first (which would report it as another process's, and then nothing). A write
  /// holds the journal's lock from the file's replacement to its entry here. A stream looks
  /// at the files outside the lock, because a look may wait on another program's save (five
  /// seconds for one held open) and writes must not wait with it: it takes the entries and
  /// the sequence number under the lock, looks, and keeps the look only when no write was
  /// recorded meanwhile; else it looks again. Its last look (`looks`) is made under the lock,
  /// so that a stream keeps up with a process that writes without pause.
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

      func unread(by reader: Wakeup) -> [Entry] {
        let position = positions[reader] ?? nextSequence - 1
        return entries.filter { $0.sequence > position }
      }

      /// Every entry read by `reader`; those every stream has read are dropped.
      mutating func markRead(by reader: Wakeup) {
        positions[reader] = nextSequence - 1
        dropRead()
      }

      mutating func dropRead() {
        let oldest = positions.values.min() ?? nextSequence - 1
        entries.removeAll { $0.sequence <= oldest }
      }
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

    /// How many looks a stream makes at most for one reading: all but the last outside the
    /// lock, each kept unless a write overtook it.
    private static let looks = 3

    /// Registers a stream and runs its first look at the files: the stream reads the
    /// entries of writes made after that look.
    ///
    /// - Parameters:
    ///   - reader: The stream's wake-up, its name here.
    ///   - look: Takes the stream's first snapshot; it may run more than once.
    /// - Returns: What the look that was kept returned.
    static func start<Result>(_ reader: Wakeup, _ look: () -> Result) -> Result {
      state.withLock { $0.positions[reader] = $0.nextSequence - 1 }
      // A reading whose entries the look ignores: those of writes made during a look that
      // is not kept are in the look that is.
      return read(reader) { _ in look() }
    }

    /// The entries a stream has not read, with its look at the files; then the entries every
    /// stream has read are dropped.
    ///
    /// - Parameters:
    ///   - reader: The stream's wake-up.
    ///   - look: Given the unread entries, replays them and compares the files; it may run
    ///     more than once, each time given every entry unread so far, so it must leave the
    ///     stream's state alone (its result is kept).
    /// - Returns: What the look that was kept returned.
    static func read<Result>(_ reader: Wakeup, _ look: ([Entry]) -> Result) -> Result {
      for _ in 1..<looks {
        let (unread, sequence) = state.withLock { ($0.unread(by: reader), $0.nextSequence) }
        let result = look(unread)
        let kept = state.withLock { state in
          guard state.nextSequence == sequence else { return false }
          state.markRead(by: reader)
          return true
        }
        if kept { return result }
      }
      return state.withLock { state in
        let unread = state.unread(by: reader)
        state.markRead(by: reader)
        return look(unread)
      }
    }

    /// Forgets a stream.
    static func stop(_ reader: Wakeup) {
      state.withLock { state in
        state.positions[reader] = nil
        state.dropRead()
      }
    }
  }
#endif
