/// One replica's file in a store, `replicas/<replica id>.plist`: its latest knowledge of every
/// key (values and tombstones, each with the clock and replica that wrote it), its clock, and
/// which version of every other replica's file it has merged. Only that replica ever writes
/// it, so no sync engine ever meets two versions of one file to reconcile.
package struct ReplicaState: Equatable, Sendable {
  /// Whose file.
  var replica: ReplicaID
  /// The replica's hybrid logical clock: past every entry it has written or merged.
  var clock: CloudTimestamp
  /// For each other replica, the clock of its file when this one last merged it (a copy
  /// older than that, delivered late by a sync engine, is not merged again).
  var seen: [ReplicaID: CloudTimestamp]
  /// Every key this replica knows of.
  var entries: [String: CloudEntry]

  /// The file format's version; a newer one is refused, not misread.
  static let formatVersion: Int64 = 1

  /// An empty replica.
  init(replica: ReplicaID) {
    self.replica = replica
    clock = .zero
    seen = [:]
    entries = [:]
  }

  /// The file's property list.
  package var propertyList: PlistValue {
    var keyed: [(String, PlistValue)] = []
    for (key, entry) in entries {
      var fields: [(String, PlistValue)] =
        [
          ("replica", .string(entry.replica.text))
        ] + Self.fields(entry.timestamp)
      if let value = entry.value {
        fields.append(("value", value))
      } else {
        fields.append(("deleted", .boolean(true)))
      }
      keyed.append((key, .dictionary(Self.dictionary(fields))))
    }
    let seenFields = seen.map {
      ($0.key.text, PlistValue.dictionary(Self.dictionary(Self.fields($0.value))))
    }
    return .dictionary(
      Self.dictionary(
        [
          ("format", .integer(PlistInteger(Self.formatVersion))),
          ("replica", .string(replica.text)),
          ("seen", .dictionary(Self.dictionary(seenFields))),
          ("entries", .dictionary(Self.dictionary(keyed))),
        ] + Self.fields(clock)))
  }

  /// Reads a replica's file.
  ///
  /// - Parameters:
  ///   - value: The parsed file.
  ///   - source: The file's path, for errors.
  /// - Throws: `PlistError.invalidCloudFile` naming what is wrong.
  package init(_ value: PlistValue, source: String) throws(PlistError) {
    func problem(_ what: CloudFileProblem) -> PlistError { .invalidCloudFile(path: source, what) }
    guard let root = value.dictionaryValue else { throw problem(.notADictionary) }
    guard let version = root["format"]?.intValue else { throw problem(.missingField("format")) }
    guard Int64(version) <= Self.formatVersion else {
      throw problem(.newerFormat(Int64(version)))
    }
    guard let idText = root["replica"]?.stringValue, let id = ReplicaID(idText) else {
      throw problem(.missingField("replica"))
    }
    replica = id
    guard let clock = Self.timestamp(root) else { throw problem(.missingField("time")) }
    self.clock = clock
    seen = [:]
    for (key, value) in root["seen"]?.dictionaryValue ?? PlistDictionary() {
      guard let other = ReplicaID(key), let fields = value.dictionaryValue,
        let stamp = Self.timestamp(fields)
      else { throw problem(.badEntry("seen", key)) }
      seen[other] = stamp
    }
    guard let keyed = root["entries"]?.dictionaryValue else {
      throw problem(.missingField("entries"))
    }
    entries = [:]
    for (key, value) in keyed {
      guard let fields = value.dictionaryValue, let stamp = Self.timestamp(fields),
        let writer = fields["replica"]?.stringValue.flatMap(ReplicaID.init)
      else { throw problem(.badEntry("entries", key)) }
      let deleted = fields["deleted"]?.boolValue ?? false
      guard deleted || fields["value"] != nil else { throw problem(.badEntry("entries", key)) }
      entries[key] = CloudEntry(
        value: deleted ? nil : fields["value"], timestamp: stamp, replica: writer)
    }
  }

  /// The most bytes read of another replica's file: 16 MiB. A merge keeps this replica's
  /// file far below it (`CloudMerge.maximumEntries`, `CloudMerge.maximumValueBytes`), so
  /// every honest file is read whole, while a hostile one costs at most this much memory
  /// and time to refuse (`PlistError.inputTooLarge`, reported as unreadable).
  static let maximumFileSize = 16 << 20

  /// Reads a replica's file, which must be the named replica's.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - replica: Whose it must be.
  ///   - maximumSize: The most bytes read: `maximumFileSize` for another replica's file.
  /// - Returns: The state, or nil when there is no file.
  /// - Throws: `PlistError` when it cannot be read or parsed, or is not that replica's file
  ///   (`inputTooLarge` past `maximumSize`).
  static func load(
    path: String, of replica: ReplicaID, maximumSize: Int = FileLimits.standard.maximumSize
  ) throws(PlistError) -> ReplicaState? {
    // Another machine's file, in a shared folder: a regular file of a bounded size only.
    guard let bytes = try FileAccess.readRegularFile(path: path, maximumSize: maximumSize)
    else { return nil }
    let state = try ReplicaState(FileAccess.decode(bytes, source: path).value, source: path)
    guard state.replica == replica else {
      throw .invalidCloudFile(path: path, .wrongReplica(state.replica))
    }
    return state
  }

  private static func dictionary(_ pairs: [(String, PlistValue)]) -> PlistDictionary {
    PlistDictionary(keys: pairs.map(\.0), values: pairs.map(\.1))
  }

  private static func fields(_ stamp: CloudTimestamp) -> [(String, PlistValue)] {
    [
      ("time", .integer(PlistInteger(stamp.wall))),
      ("counter", .integer(PlistInteger(stamp.counter))),
    ]
  }

  /// A reading, or nil when it is missing, malformed or out of `CloudTimestamp`'s bounds.
  /// Out of bounds, the whole file is refused rather than the entry skipped: no plistctl
  /// writes such a reading (its clock ticks within the bounds), so the file is forged or
  /// broken, and a replica's clock and `seen` stamps cannot be skipped the way an entry
  /// could; refusing is one rule for all three, and every replica refuses the same file.
  private static func timestamp(_ fields: PlistDictionary) -> CloudTimestamp? {
    guard let wall = fields["time"]?.integerValue?.int64Value,
      let counter = fields["counter"]?.integerValue?.int64Value
    else { return nil }
    let stamp = CloudTimestamp(wall: wall, counter: counter)
    return stamp.isWithinBounds ? stamp : nil
  }
}

/// What is wrong with a file in a store's `replicas/` folder.
public enum CloudFileProblem: Equatable, Sendable {
  /// Its root is not a dictionary.
  case notADictionary
  /// A required field is missing or of the wrong type.
  case missingField(String)
  /// Written by a newer plistctl, in a format this one does not know.
  case newerFormat(Int64)
  /// An entry of a section (`entries`, `seen`) is malformed.
  case badEntry(String, String)
  /// The file of one replica says it is another's.
  case wrongReplica(ReplicaID)
}
