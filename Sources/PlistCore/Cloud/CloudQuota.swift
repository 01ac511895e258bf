/// The seeds' limits on a key-value store (Apple's NSUbiquitousKeyValueStore): at most 1,024
/// keys, at most 1 MB of values in all (each value counted as the size of its binary
/// property list), a key at most 64 bytes of UTF-8.
package struct CloudQuota: Sendable, Equatable {
  /// At most this many keys with values.
  package var maximumKeys: Int
  /// At most this many bytes of values in all.
  package var maximumTotalBytes: Int
  /// At most this many bytes of UTF-8 in a key.
  package var maximumKeyBytes: Int

  /// Apple's limits.
  static let standard = CloudQuota(
    maximumKeys: 1024, maximumTotalBytes: 1_048_576, maximumKeyBytes: 64)

  /// The size a value counts for: its binary property list's length.
  static func size(of value: PlistValue) -> Int {
    (try? PropertyList.encode(value, as: .binary).count) ?? Int.max / 4
  }

  /// The values a replica shows: its live entries, newest first (by the merge's order, then
  /// by key), each kept if it still fits the limits. Every replica holding the same entries
  /// keeps the same ones; the others stay in the files and are reported as dropped.
  ///
  /// - Parameter entries: A replica's entries.
  /// - Returns: The values kept, the keys dropped (sorted), and the bytes the kept use.
  func visible(_ entries: [String: CloudEntry])
    -> (values: [String: PlistValue], dropped: [String], bytes: Int)
  {
    let live = entries.filter { !$0.value.isDeleted }.sorted { a, b in
      if a.value.timestamp != b.value.timestamp || a.value.replica != b.value.replica {
        return a.value.wins(over: b.value)
      }
      return a.key < b.key
    }
    var values: [String: PlistValue] = [:]
    var dropped: [String] = []
    var bytes = 0
    for (key, entry) in live {
      guard let value = entry.value else { continue }
      let size = Self.size(of: value)
      if values.count < maximumKeys && bytes + size <= maximumTotalBytes
        && key.utf8.count <= maximumKeyBytes
      {
        values[key] = value
        bytes += size
      } else {
        dropped.append(key)
      }
    }
    return (values, dropped.sorted(), bytes)
  }

  /// Checks a write against the limits before anything is stored: each key's length, and
  /// that the values shown after it fit — all written ones kept, none shown before pushed
  /// out.
  ///
  /// - Parameters:
  ///   - changes: The keys written, with their new values (nil: removed).
  ///   - before: The entries before the write.
  ///   - after: The entries after it.
  /// - Returns: The values shown after the write.
  /// - Throws: `PlistError.quotaExceeded` naming the limit.
  func check(
    _ changes: [String: PlistValue?], before: [String: CloudEntry], after: [String: CloudEntry]
  ) throws(PlistError) -> [String: PlistValue] {
    for key in changes.keys.sorted() where key.utf8.count > maximumKeyBytes {
      throw .quotaExceeded(.keyLength(key: key, limit: maximumKeyBytes))
    }
    let shownBefore = visible(before).values
    let shown = visible(after)
    let written = changes.compactMap { $0.value == nil ? nil : $0.key }
    let kept =
      written.allSatisfy { shown.values[$0] != nil }
      && shownBefore.keys.allSatisfy { changes[$0] != nil || shown.values[$0] != nil }
    guard !kept else { return shown.values }
    // Which limit: count what the write would need if nothing were dropped.
    var keys = Set(shownBefore.keys)
    var bytes = shownBefore.values.reduce(0) { $0 + Self.size(of: $1) }
    for (key, value) in changes {
      if let old = shownBefore[key] {
        bytes -= Self.size(of: old)
        keys.remove(key)
      }
      if let value = value {
        bytes += Self.size(of: value)
        keys.insert(key)
      }
    }
    if keys.count > maximumKeys {
      throw .quotaExceeded(.keyCount(limit: maximumKeys))
    }
    throw .quotaExceeded(.totalSize(needed: bytes, limit: maximumTotalBytes))
  }
}

/// Which of the store's limits a write would break.
public enum CloudQuotaLimit: Equatable, Sendable {
  /// The key is longer than `limit` bytes of UTF-8.
  case keyLength(key: String, limit: Int)
  /// The store would hold more than `limit` keys.
  case keyCount(limit: Int)
  /// The values would take `needed` bytes, more than `limit`.
  case totalSize(needed: Int, limit: Int)
}
