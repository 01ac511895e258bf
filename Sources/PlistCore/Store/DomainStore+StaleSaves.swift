// MARK: - A running Foundation app's stale save

/// Foundation's `UserDefaults` on Linux saves a domain in place: `synchronize()` reads the
/// file, applies the app's changed keys, then truncates the file and writes it, with no lock.
/// When a write of ours is renamed into place between that read and that truncation, the app
/// writes the copy it read — without our change — into our new file, and nothing tells
/// either side. So when an app saves the domain (`AppSaveMark`), the store looks at the file
/// again after each write: if it was saved in place since, each of our changes that the save
/// undid is made again, under the lock, and the file looked at again — a few times at most.
extension DomainStore {
  /// What one locked update wrote, for the check. (Never optional: an optional of this size
  /// is destroyed through run-time type metadata, a cost every `write` would pay at start-up.)
  struct Written {
    /// Whether anything was written; when not, the rest means nothing.
    let wrote: Bool
    /// The file written (a link's target).
    let path: String
    /// The dictionary the update started from (empty when there was no file).
    let base: PlistDictionary
    /// The dictionary it left (empty: the file was removed).
    let result: PlistDictionary
    /// The file it left, or nil when it removed the file.
    var identity: FileIdentity?
    /// The minute an app was last seen saving the file in place, lately; nil: none.
    let appSaveMark: Int?

    /// Nothing written.
    static let nothing = Written(
      wrote: false, path: "", base: PlistDictionary(), result: PlistDictionary(), identity: nil,
      appSaveMark: nil)
  }

  /// How long an app has to finish a save it began before our write: the time between its
  /// read and its truncation, which is parsing and encoding the domain (about 1 ms for a
  /// 44 KB domain, measured), with room for the scheduler.
  static let staleSaveWait = 10
  /// How many times the file is looked at (each `staleSaveWait` ms after the last write); a
  /// save found the last time is reported instead of undone.
  static let staleSaveChecks = 8

  /// Looks at the file again after a write, and makes again the changes an app's stale save
  /// undid (see above). A key the app changed itself keeps the app's value: its save is the
  /// later one. Returns when the file is as written, was replaced by another writer under the
  /// lock (who started from our file), or holds every change.
  ///
  /// - Parameters:
  ///   - domain: The domain written.
  ///   - first: What the write did.
  /// - Throws: `PlistError.savedOver` when stale saves still undo the write at the last look;
  ///   `PlistError` when a rewrite cannot read, parse or write the file.
  func keepAgainstStaleSaves(_ domain: Domain, _ first: Written) throws(PlistError) {
    let changed = Self.changedKeys(from: first.base, to: first.result)
    var written = first
    for check in 1...Self.staleSaveChecks {
      Platform.sleep(milliseconds: Self.staleSaveWait)
      guard let now = Platform.identity(atPath: written.path),
        now.ignoringChangeTime != written.identity?.ignoringChangeTime, !now.isStamped
      else { return }
      // Saved in place since: bring back what the save undid — the keys that hold the value
      // they had before our write. (Not started again for a save during this write: the app
      // is saving again and again, and starting with its next save would keep this write in
      // step with it, overtaken each time; its next save takes this one in.)
      let again = try updateOnce(domain, startingAgain: false) { (current) throws(PlistError) in
        var restored = current
        for key in changed where current[key] == first.base[key] {
          restored[key] = first.result[key]
        }
        if check == Self.staleSaveChecks && restored != current {
          throw .savedOver(path: first.path, times: check)
        }
        current = restored
      }
      guard again.wrote else { return }
      written = again
    }
  }

  /// The keys whose values differ between two dictionaries (added, removed or changed).
  static func changedKeys(from old: PlistDictionary, to new: PlistDictionary) -> [String] {
    new.differences(from: old).map(\.key)
  }
}

/// Remembers, in the milliseconds of a domain file's modification time, that a program saved
/// the file in place lately — a running Foundation app — so that the writes after ours check
/// against its stale saves too, though the file they replace is ours. CoreFoundation reads
/// modification times in whole seconds, and plistctl compares them exactly, so the mark is
/// invisible to both: a stamp with no mark is a whole second; with one, the minute of the
/// app's save (minutes since 1970, modulo 999) plus one, in milliseconds.
enum AppSaveMark {
  /// The minutes after which a mark's value repeats.
  static let cycle = 999
  /// How long after an app's save writes are checked, in minutes: an app that saved that
  /// lately is likely to be running, and to save again.
  static let horizon = 10

  /// The mark a write leaves when it replaces the file `replaced`: the minute of the file's
  /// save when another program saved it in place less than `horizon` minutes ago, the
  /// file's mark while it is that young, else none.
  ///
  /// - Parameters:
  ///   - replaced: The file the write replaces, or nil when there is none.
  ///   - now: The current time, in seconds since 1970.
  /// - Returns: The mark, or nil.
  static func mark(replacing replaced: FileIdentity?, atSecond now: Int) -> Int? {
    guard let replaced else { return nil }
    let minute = (now / 60) % cycle
    guard replaced.isStamped else {
      let saved = Int(replaced.modified / 1_000_000_000)
      return (0..<horizon * 60).contains(now - saved) ? (saved / 60) % cycle : nil
    }
    guard let mark = replaced.appSaveMark else { return nil }
    return (minute - mark + cycle) % cycle < horizon ? mark : nil
  }

  /// The sub-second part of a stamp that carries a mark (0 for none), in nanoseconds.
  static func nanoseconds(_ mark: Int?) -> Int { mark.map { ($0 + 1) * 1_000_000 } ?? 0 }
}

extension FileIdentity {
  /// The modification time's part below the second, in nanoseconds.
  private var subsecond: Int64 {
    (modified % 1_000_000_000 + 1_000_000_000) % 1_000_000_000
  }

  /// Whether the modification time is a stamp of plistctl's or `Defaults`' (whole
  /// milliseconds: a second, with or without an `AppSaveMark`). A file saved in place by
  /// another program (Foundation's `synchronize()`, an editor) has the nanoseconds of the
  /// moment it was written.
  var isStamped: Bool { subsecond % 1_000_000 == 0 }

  /// The `AppSaveMark` a stamp carries, if any.
  var appSaveMark: Int? {
    isStamped && subsecond != 0 ? Int(subsecond / 1_000_000) - 1 : nil
  }
}
