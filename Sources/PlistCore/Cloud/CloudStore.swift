import Synchronization

/// A key-value store that follows the user to their other machines: Apple's
/// `NSUbiquitousKeyValueStore`, shaped the same (`set`, typed getters, `removeObject`,
/// `dictionaryRepresentation`, `synchronize()`, a stream of external changes), carried by git
/// or any replicated folder (`CloudTransport`).
///
/// Each replica keeps its latest knowledge of every key in its own file, in the store's state
/// directory on this machine, and reads and writes only that file; `synchronize()` has the
/// engine exchange copies of every replica's file and merges the others' into it, per key,
/// last writer wins by a hybrid logical clock (`CloudMerge`). So every operation works
/// offline, two replicas never write one file, and all replicas converge whatever the order
/// of their syncs. The seeds' limits hold (`CloudQuota`). What the engine brings is another
/// machine's to decide, and is read as hostile: bounded, never followed through a link,
/// never trusted with this replica's only copy.
public final class CloudStore: Sendable {
  /// The store's name on this machine.
  public let name: String
  /// This machine's replica.
  let replica: ReplicaID
  /// What carries the files.
  package let transport: any CloudTransport
  /// The store's state directory on this machine (lock, sync state).
  let stateDirectory: String
  /// The limits.
  let quota: CloudQuota
  /// The skew bound and tombstone retention.
  let policy: CloudMerge.Policy
  /// The physical clock, in milliseconds since 1970 (replaceable for tests of skew).
  let clock: @Sendable () -> Int64

  struct Shared {
    /// The values this process has seen: own writes update it silently; anything else that
    /// changes it is an external change.
    var known: [String: PlistValue]?
    var lastError: PlistError?
    /// The observers' `onChange`s (`observeChanges`).
    var listeners: [Int: @Sendable (CloudChange) -> Void] = [:]
    var nextListener = 0
  }
  let shared = Mutex(Shared())

  /// A store over a transport.
  ///
  /// - Parameters:
  ///   - name: The store's name on this machine.
  ///   - transport: What carries the files.
  ///   - replica: This machine's replica id.
  ///   - stateDirectory: Where the store's lock and sync state live.
  ///   - quota: The limits.
  ///   - policy: The skew bound and tombstone retention.
  ///   - clock: The physical clock in milliseconds since 1970 (nil: the system's).
  init(
    name: String, transport: any CloudTransport, replica: ReplicaID, stateDirectory: String,
    quota: CloudQuota = .standard, policy: CloudMerge.Policy = CloudMerge.Policy(),
    clock: (@Sendable () -> Int64)? = nil
  ) {
    self.name = name
    self.transport = transport
    self.replica = replica
    self.stateDirectory = stateDirectory
    self.quota = quota
    self.policy = policy
    self.clock = clock ?? { Platform.currentMilliseconds() }
  }

  /// This replica's own file: in the store's state directory, out of the engine's reach
  /// (git's work tree, a synced folder), which only ever gets a copy.
  var ownFile: String { stateDirectory + "/" + Self.ownFileName }

  /// The own file's name in the state directory.
  static let ownFileName = "replica.plist"

  /// The name of this replica's file among the replicas' files (`<replica id>.plist`).
  var publishedName: String { replica.text + ".plist" }

  // MARK: - Reading

  /// This replica's knowledge: its file; before that file exists (the first write or sync,
  /// or a store an older plistctl kept in the engine's folder), the published copy's
  /// entries, taken as a merge takes them; else an empty state.
  ///
  /// - Throws: `PlistError` when the file cannot be read or is not a replica's file (a
  ///   write or a sync then restores it, see `healedState()`).
  func replicaState() throws(PlistError) -> ReplicaState {
    if let state = try ReplicaState.load(path: ownFile, of: replica) { return state }
    return adoptedPublishedCopy()
  }

  /// Every key and value, as `NSUbiquitousKeyValueStore.dictionaryRepresentation` (empty when
  /// the replica's file cannot be read; `lastError` says why).
  public var dictionaryRepresentation: [String: PlistValue] {
    do { return try values() } catch {
      shared.withLock { $0.lastError = error }
      return [:]
    }
  }

  /// The values this replica shows (its live entries within the limits), remembered as
  /// seen by this process; unlike `dictionaryRepresentation`, it says why it cannot.
  ///
  /// - Throws: `PlistError` when this replica's file cannot be read.
  package func values() throws(PlistError) -> [String: PlistValue] {
    let values = quota.visible(try replicaState().entries).values
    shared.withLock { if $0.known == nil { $0.known = values } }
    return values
  }

  /// A key's value, or nil.
  public func object(forKey key: String) -> PlistValue? { dictionaryRepresentation[key] }

  /// A string, or a number or boolean as Foundation writes it; nil otherwise.
  public func string(forKey key: String) -> String? {
    object(forKey: key).flatMap(FoundationCoercion.string)
  }

  /// An integer as Foundation reads one (`longLong(forKey:)` in Apple's store); 0 otherwise.
  public func longLong(forKey key: String) -> Int64 {
    Int64(object(forKey: key).map(FoundationCoercion.integer) ?? 0)
  }

  /// A double as Foundation reads one; 0 otherwise.
  public func double(forKey key: String) -> Double {
    object(forKey: key).map(FoundationCoercion.double) ?? 0
  }

  /// A boolean as Foundation reads one; false otherwise.
  public func bool(forKey key: String) -> Bool {
    object(forKey: key).map(FoundationCoercion.bool) ?? false
  }

  /// An array, or nil.
  public func array(forKey key: String) -> [PlistValue]? { object(forKey: key)?.arrayValue }

  /// A dictionary, or nil.
  public func dictionary(forKey key: String) -> PlistDictionary? {
    object(forKey: key)?.dictionaryValue
  }

  /// Data, or nil.
  public func data(forKey key: String) -> PlistData? { object(forKey: key)?.dataValue }

  /// The error of the last write or read that failed, or nil since the last that worked.
  public var lastError: PlistError? { shared.withLock { $0.lastError } }

  // MARK: - Writing

  /// Writes several keys at once, atomically: one clock, one replacement of the replica's
  /// file. Checked against the limits first; a refused write changes nothing and is
  /// reported to the change streams as `quotaViolation`.
  ///
  /// - Parameter changes: New values by key; nil removes the key.
  /// - Throws: `PlistError.quotaExceeded`, or a failure to read or write the file.
  public func write(_ changes: [String: PlistValue?]) throws(PlistError) {
    try write(keys: Array(changes.keys)) { _ throws(PlistError) in changes }
  }

  /// Applies `write`'s value grammar (`-array-add`, `-dict-add`, a plain value) to a key's
  /// current value, reading the replica's file once, under the store's lock.
  ///
  /// - Parameters:
  ///   - operation: What to do with the key's value.
  ///   - key: The key.
  /// - Throws: What `write(_:)` throws, or `PlistError.typeMismatch` for an operation the
  ///   current value does not take.
  package func apply(_ operation: WriteOperation, forKey key: String) throws(PlistError) {
    try write(keys: [key]) { (values) throws(PlistError) in
      var dictionary = PlistDictionary()
      dictionary[key] = values[key]
      try operation.apply(to: &dictionary, at: PlistPath(topLevelKey: key))
      return [key: dictionary[key]]
    }
  }

  /// The one write: under the lock, the current values to `makeChanges`, its changes stamped
  /// with one clock, checked against the limits, saved; a refusal reported for `keys`.
  private func write(
    keys: [String],
    _ makeChanges: ([String: PlistValue]) throws(PlistError) -> [String: PlistValue?]
  ) throws(PlistError) {
    do {
      try withLock { () throws(PlistError) in
        let before = try healedState().0
        let changes = try makeChanges(quota.visible(before.entries).values)
        var after = before
        let stamp = before.clock.tick(now: clock())
        for (key, value) in changes {
          after.entries[key] = CloudEntry(value: value, timestamp: stamp, replica: replica)
        }
        after.clock = stamp
        let values = try quota.check(changes, before: before.entries, after: after.entries)
        try save(after)
        shared.withLock {
          $0.known = values
          $0.lastError = nil
        }
      }
    } catch {
      shared.withLock { $0.lastError = error }
      if case .quotaExceeded = error {
        broadcast(CloudChange(reason: .quotaViolation, keys: keys.sorted()))
      }
      throw error
    }
  }

  /// Sets a key, as `NSUbiquitousKeyValueStore.set(_:forKey:)`: it never throws; a refused or
  /// failed write leaves `lastError` (and a refusal is reported as `quotaViolation`).
  public func set(_ value: PlistValue?, forKey key: String) {
    try? write([key: value])
  }

  /// Sets a key to a Swift value (`set(3, forKey:)`, `set(["a", "b"], forKey:)`).
  public func set<Value: PlistValueConvertible>(_ value: Value?, forKey key: String) {
    set(value?.plistValue, forKey: key)
  }

  /// Removes a key (a tombstone that wins over older writes everywhere).
  public func removeObject(forKey key: String) {
    set(nil as PlistValue?, forKey: key)
  }

  // MARK: - Files and locking

  /// Runs `body` holding the store's lock on this machine, which serialises the writers of
  /// this replica's file (processes, and a sync's merge). No network step runs under it: a
  /// sync holds it only to merge, so a write never waits for an engine. The wait is a
  /// minute at least all the same (a merge of large files on a slow disk).
  func withLock<Result>(_ body: () throws(PlistError) -> Result) throws(PlistError) -> Result {
    do { try Platform.makeDirectories(stateDirectory, mode: 0o700) } catch { throw .system(error) }
    let lock = try FileAccess.lockDirectory(stateDirectory, timeoutMilliseconds: Self.lockTimeout)
    defer { Platform.closeQuietly(lock) }
    return try body()
  }

  /// How long a cloud store's lock is waited for.
  static var lockTimeout: Int { max(FileLimits.standard.lockTimeoutMilliseconds, 60_000) }

  /// Replaces this replica's file atomically (under the store's lock, which made the state
  /// directory), then offers the engine a copy (a synced folder's is replaced at once).
  ///
  /// - Returns: The file's bytes.
  @discardableResult
  func save(_ state: ReplicaState, offering: Bool = true) throws(PlistError) -> [UInt8] {
    let bytes = try Self.encoded(state)
    // The store's lock is the state directory's own: the fixed temporary name is ours.
    try FileAccess.writeAtomically(to: ownFile, mode: 0o600, naming: .fixed) { out in
      out.append(bytes)
    }
    // Saved is what counts: a copy that cannot be offered now (an unmounted share) is
    // offered again at the next sync.
    if offering { try? transport.offer(file: publishedName, contents: bytes) }
    return bytes
  }

  /// A replica's file's bytes (XML, keys sorted: the same state always gives the same bytes).
  static func encoded(_ state: ReplicaState) throws(PlistError) -> [UInt8] {
    do { return try PropertyList.encode(state.propertyList, as: .xml) } catch {
      throw .encoding(error)
    }
  }

  /// Delivers a change to every observer.
  func broadcast(_ change: CloudChange) {
    let listeners = shared.withLock { Array($0.listeners.values) }
    for listener in listeners { listener(change) }
  }
}
