import PlistCore

/// How `cloud status` words a store's status, as lines or as one JSON object.
enum CloudStatusText {
  static func lines(_ status: CloudStatus, store: String, mirrors: [String: [String]]) -> [String] {
    var lines = [
      "store:     \(store) (\(status.location))",
      "replica:   \(status.replica) (this machine)",
      "last sync: " + (status.lastSync.map(dateText) ?? "never"),
      "pending:   " + (status.pendingChanges ? "changes not sent yet" : "none"),
      "quota:     \(status.keys)/\(status.quota.maximumKeys) keys, "
        + "\(status.bytes)/\(status.quota.maximumTotalBytes) bytes",
    ]
    if !status.dropped.isEmpty {
      lines.append("over quota (kept out): " + status.dropped.joined(separator: ", "))
    }
    if status.tombstones > 0 { lines.append("deletions remembered: \(status.tombstones)") }
    lines.append("replicas:")
    for replica in status.replicas {
      lines.append(
        "  \(replica.id)  \(dateText(replica.clock.wall))  \(replica.entries) entries"
          + (replica.isThisMachine ? "  (this machine)" : ""))
    }
    for (key, entry) in status.heldBack.sorted(by: { $0.key < $1.key }) {
      lines.append(
        "held back: \(key) from replica \(entry.replica), its clock at "
          + "\(dateText(entry.timestamp.wall)) is too far ahead of this machine's")
    }
    for entry in status.ignored { lines.append("ignored: \(entry.name) (\(explanation(entry)))") }
    for (domain, keys) in mirrors.sorted(by: { $0.key < $1.key }) {
      lines.append("mirrors:   \(domain): " + keys.joined(separator: ", "))
    }
    return lines
  }

  static func object(_ status: CloudStatus, mirrors: [String: [String]]) -> PlistValue {
    var object: PlistDictionary = [
      "location": .string(status.location.description), "replica": .string(status.replica.text),
      "pendingChanges": .boolean(status.pendingChanges),
      "keys": .integer(PlistInteger(status.keys)),
      "bytes": .integer(PlistInteger(status.bytes)),
      "maximumKeys": .integer(PlistInteger(status.quota.maximumKeys)),
      "maximumBytes": .integer(PlistInteger(status.quota.maximumTotalBytes)),
      "droppedKeys": .array(status.dropped.map(PlistValue.string)),
      "tombstones": .integer(PlistInteger(status.tombstones)),
      "heldBack": .array(status.heldBack.keys.sorted().map(PlistValue.string)),
      "ignored": .array(status.ignored.map { .string($0.name) }),
      "replicas": .array(
        status.replicas.map {
          [
            "id": .string($0.id.text), "clock": .string($0.clock.description),
            "entries": .integer(PlistInteger($0.entries)),
            "thisMachine": .boolean($0.isThisMachine),
          ]
        }),
      "mirrors": .dictionary(
        PlistDictionary(mirrors.mapValues { .array($0.map(PlistValue.string)) })),
    ]
    if let lastSync = status.lastSync { object["lastSync"] = .string(dateText(lastSync)) }
    return .dictionary(object)
  }

  private static func dateText(_ milliseconds: Int64) -> String {
    PropertyList.describe(.date(PlistDate(secondsSince1970: Double(milliseconds) / 1000)))
  }

  private static func explanation(_ entry: CloudFolderEntry) -> String {
    switch entry.kind {
    case .conflictCopy:
      return "a sync tool's conflict copy: two machines may share a replica id"
    case .unreadable(let error): return "\(error)"
    case .notBrought(let why): return "not brought here: " + why
    case .stray, .temporary, .replica: return "not a replica's file"
    }
  }
}
