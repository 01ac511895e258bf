/// What one replica knows of one key: the value (nil once deleted: a tombstone), when it was
/// written, and by which replica. Of two entries for a key, the later by `(timestamp,
/// replica)` wins — the whole of the store's conflict rule.
package struct CloudEntry: Hashable, Sendable {
  /// The value, or nil for a deletion.
  var value: PlistValue?
  /// When it was written.
  package var timestamp: CloudTimestamp
  /// The replica that wrote it.
  package var replica: ReplicaID

  /// An entry.
  init(value: PlistValue?, timestamp: CloudTimestamp, replica: ReplicaID) {
    self.value = value
    self.timestamp = timestamp
    self.replica = replica
  }

  /// Whether this is a deletion.
  var isDeleted: Bool { value == nil }

  /// Whether this entry beats another for the same key: a later timestamp, then the greater
  /// replica id. Two entries equal in both can only come from two machines sharing one
  /// replica id (a copied state directory); the value's encoding breaks that tie too, so
  /// that every replica still picks the same one.
  func wins(over other: CloudEntry) -> Bool {
    if timestamp != other.timestamp { return timestamp > other.timestamp }
    if replica != other.replica { return replica > other.replica }
    if value == other.value { return false }
    return Self.tieBreak(other.value).lexicographicallyPrecedes(Self.tieBreak(value))
  }

  private static func tieBreak(_ value: PlistValue?) -> [UInt8] {
    guard let value else { return [] }
    return [1] + ((try? PropertyList.encode(value, as: .binary)) ?? [])
  }
}
