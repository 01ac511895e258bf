/// Keeps keys of defaults domains and a cloud store in step, both ways — Apple's recommended
/// pattern (values live in user defaults; the key-value store carries them), automated.
///
/// For each mirrored key it remembers the value both sides last agreed on. A side that
/// differs from it has changed: a domain's change (by an app or plistctl) is written to the
/// store, a store's change (a sync) to the domain, atomically under the domain's lock. What
/// a step writes is recorded as agreed at once, so the other direction never sends it back:
/// no loops. When both changed, the domain's value is written to the store as the newest
/// write, and the store's merge then decides (last writer wins) what both end with. A value
/// from the store that the domain's Settings schema refuses (another machine's, say) is not
/// written into the domain, as `write` would refuse it: the domain keeps its value, and the
/// refusal is reported at every sync until the store's value changes. A key the
/// administrator forces or locks (docs/managed.md) is never written into its domain either,
/// and is reported the same way.
package struct CloudMirror: Sendable {
  /// The store.
  package let store: CloudStore
  /// The preferences directory's domains.
  package let domains: DomainStore
  /// Mirrored keys by domain name.
  package let keys: [String: [String]]
  /// The Settings schemas of mirrored domains that have one, by domain name.
  package let schemas: [String: SettingsSchema]
  /// The stores of mirrored domains that live elsewhere (a sandboxed app's container), by
  /// domain name; the others are in `domains`.
  package let elsewhere: [String: DomainStore]

  /// A mirror.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - domains: The preferences directory's domains.
  ///   - keys: Mirrored keys by domain name.
  ///   - schemas: The Settings schemas the domains' values are checked against, by domain.
  ///   - elsewhere: The stores of domains not in `domains` (a container's), by domain.
  package init(
    store: CloudStore, domains: DomainStore, keys: [String: [String]],
    schemas: [String: SettingsSchema] = [:], elsewhere: [String: DomainStore] = [:]
  ) {
    self.store = store
    self.domains = domains
    self.keys = keys
    self.schemas = schemas
    self.elsewhere = elsewhere
  }

  /// The store a mirrored domain is in.
  private func domains(of name: String) -> DomainStore { elsewhere[name] ?? domains }

  /// The directories whose changes a watch should look at (the domains' own).
  package var watchedDirectories: [String] {
    let paths = keys.keys.compactMap { try? domains(of: $0).path(of: Domain(named: $0)) }
    return Array(Set(paths.map(Platform.directory(of:)))).sorted()
  }

  /// Sends the domains' changes to the store.
  ///
  /// - Returns: The keys written to the store, as `domain key`.
  /// - Throws: `PlistError` (an unreadable domain, the store's limits).
  @discardableResult
  package func sendLocalChanges() throws(PlistError) -> [String] {
    try step(towardStore: true)
  }

  /// Writes the store's changes into the domains.
  ///
  /// - Returns: The keys written to domains, as `domain key`.
  /// - Throws: `PlistError` when a domain cannot be read or written.
  @discardableResult
  func applyStoreChanges() throws(PlistError) -> [String] {
    var refused: [PlistError] = []
    return try applyStoreChanges(refused: &refused)
  }

  /// Writes the store's changes into the domains, collecting the values not written: those
  /// their schemas refused (`PlistError.refusedBySchema`) and the keys the administrator
  /// forces (`.forcedByAdministrator`), each naming its key.
  ///
  /// - Parameter refused: Gets the refusals.
  /// - Returns: The keys written to domains, as `domain key`.
  /// - Throws: `PlistError` when a domain cannot be read or written.
  @discardableResult
  package func applyStoreChanges(refused: inout [PlistError]) throws(PlistError) -> [String] {
    try step(towardStore: false, refused: &refused)
  }

  /// Syncs the store with the mirrored keys in step: the domains' changes go to the store
  /// first (as the newest writes), then the engine exchanges and merges, then the store's
  /// values land in the domains.
  ///
  /// - Returns: The store's sync report.
  /// - Throws: `PlistError` from the domains, the limits or the engine.
  package func sync() throws(PlistError) -> CloudStore.SyncReport {
    try sendLocalChanges()
    var report = try store.sync()
    try applyStoreChanges(refused: &report.refused)
    return report
  }

  /// What both sides last agreed on for one key.
  private enum Agreed: Equatable {
    case value(PlistValue)
    case absent
  }

  private var recordDirectory: String { store.stateDirectory + "/mirrors" }
  private var recordPath: String { recordDirectory + "/agreed.plist" }

  private func step(towardStore: Bool) throws(PlistError) -> [String] {
    var refused: [PlistError] = []
    return try step(towardStore: towardStore, refused: &refused)
  }

  private func step(towardStore: Bool, refused: inout [PlistError]) throws(PlistError)
    -> [String]
  {
    guard !keys.isEmpty else { return [] }
    let lock: Int32
    do { try Platform.makeDirectories(recordDirectory, mode: 0o700) } catch { throw .system(error) }
    lock = try FileAccess.lockDirectory(
      recordDirectory, timeoutMilliseconds: CloudStore.lockTimeout)
    defer { Platform.closeQuietly(lock) }
    var record = loadRecord()
    let storeValues = try store.values()
    var written: [String] = []
    var toStore: [String: PlistValue?] = [:]
    for (domainName, domainKeys) in keys.sorted(by: { $0.key < $1.key }) {
      let domain = try Domain(named: domainName)
      let local = try domains(of: domainName).load(domain)?.dictionary ?? PlistDictionary()
      let forced = towardStore ? [:] : domains(of: domainName).forcedKeys(in: domain)
      var toDomain: [String: PlistValue?] = [:]
      for key in domainKeys {
        let agreed = record[domainName]?[key]
        let here = local[key]
        let there = storeValues[key]
        let now: PlistValue?
        if towardStore {
          // A key mirrored for the first time takes the store's value when it has one
          // (applyStoreChanges brings it); else the domain's goes to the store.
          if agreed == nil && there != nil { continue }
          guard agreed != Self.agreement(here) else { continue }
          if agreed != nil || here != nil {
            toStore[key] = here
            written.append(domainName + " " + key)
          }
          now = here
        } else {
          guard there != nil || agreed != nil, agreed != Self.agreement(there) else { continue }
          if let source = forced[key] {
            // The administrator's key: never written, reported as a schema's refusal is.
            refused.append(
              .forcedByAdministrator(key: key, domain: domainName, source: source))
            continue
          }
          if let there, let schema = schemas[domainName] {
            do throws(PlistError) { try schema.validate(there, forKey: key) } catch {
              // Not agreed: the domain keeps its value, and its next change goes to the store.
              refused.append(error)
              continue
            }
          }
          toDomain[key] = there
          written.append(domainName + " " + key)
          now = there
        }
        record[domainName, default: [:]][key] = Self.agreement(now)
      }
      if !toDomain.isEmpty {
        try domains(of: domainName).update(domain) { dictionary in
          for (key, value) in toDomain { dictionary[key] = value }
        }
      }
    }
    if !toStore.isEmpty { try store.write(toStore) }
    try saveRecord(record)
    return written
  }

  private static func agreement(_ value: PlistValue?) -> Agreed {
    value.map(Agreed.value) ?? .absent
  }

  /// The record: per domain, `values` (key → agreed value) and `absent` (keys agreed to be
  /// missing on both sides).
  private func loadRecord() -> [String: [String: Agreed]] {
    guard let root = (try? FileAccess.readPropertyList(path: recordPath))?.value.dictionaryValue
    else { return [:] }
    var record: [String: [String: Agreed]] = [:]
    for (domain, value) in root {
      var keys: [String: Agreed] = [:]
      for (key, agreed) in value["values"]?.dictionaryValue ?? PlistDictionary() {
        keys[key] = .value(agreed)
      }
      for key in value["absent"]?.arrayValue ?? [] {
        if let key = key.stringValue { keys[key] = .absent }
      }
      record[domain] = keys
    }
    return record
  }

  private func saveRecord(_ record: [String: [String: Agreed]]) throws(PlistError) {
    var root = PlistDictionary()
    for (domain, keys) in record {
      var values = PlistDictionary()
      var absent: [PlistValue] = []
      for (key, agreed) in keys.sorted(by: { $0.key < $1.key }) {
        switch agreed {
        case .value(let value): values[key] = value
        case .absent: absent.append(.string(key))
        }
      }
      root[domain] = ["values": .dictionary(values), "absent": .array(absent)]
    }
    // Under the lock of recordDirectory, which the record is in.
    try FileAccess.writeAtomically(
      .dictionary(root), as: .xml, to: recordPath, mode: 0o600,
      options: PropertyList.WriteOptions(), naming: .fixed
    ) { _ in true }
  }
}
