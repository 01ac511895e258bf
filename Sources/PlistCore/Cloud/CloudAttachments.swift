/// Which stores this machine has attached, where each lives, and which defaults keys each
/// mirrors: plistctl's own record, `$XDG_CONFIG_HOME/plistctl/cloud.plist`, locked and
/// replaced atomically like any domain.
package struct CloudAttachments: Sendable {
  private let record: DomainStore
  private static let recordDomain = "cloud"

  /// The record in a configuration directory (`CloudDirectories.configuration`).
  package init(directories: CloudDirectories) {
    record = DomainStore(root: directories.configuration, thisHostOnly: nil)
  }

  /// One attached store.
  package struct Attachment: Sendable, Equatable {
    /// Where it lives.
    package var location: CloudLocation
    /// Mirrored defaults keys, by domain name.
    package var mirrors: [String: [String]]
  }

  /// Every attached store, by name.
  package func all() throws(PlistError) -> [String: Attachment] {
    guard let contents = try record.load(Domain(named: Self.recordDomain)) else { return [:] }
    var stores: [String: Attachment] = [:]
    for (name, value) in contents.dictionary {
      if let attachment = Self.attachment(value) { stores[name] = attachment }
    }
    return stores
  }

  /// One store's attachment, or nil.
  package func attachment(named name: String) throws(PlistError) -> Attachment? {
    try all()[name]
  }

  /// Records a store's location (keeping its mirrors).
  func attach(_ name: String, at location: CloudLocation) throws(PlistError) {
    try record.update(Domain(named: Self.recordDomain)) { stores in
      var attachment =
        stores[name].flatMap(Self.attachment) ?? Attachment(location: location, mirrors: [:])
      attachment.location = location
      stores[name] = Self.value(attachment)
    }
  }

  /// Forgets a store.
  ///
  /// - Returns: Whether it was attached.
  @discardableResult
  func detach(_ name: String) throws(PlistError) -> Bool {
    var found = false
    try record.update(Domain(named: Self.recordDomain)) { stores in
      found = stores.removeValue(forKey: name) != nil
    }
    return found
  }

  /// Sets the keys of a domain that a store mirrors (none: the domain is no longer mirrored).
  package func setMirror(store name: String, domain: String, keys: [String]) throws(PlistError) {
    try record.update(Domain(named: Self.recordDomain)) { (stores) throws(PlistError) in
      guard var attachment = stores[name].flatMap(Self.attachment) else {
        throw .cloudStoreNotAttached(name)
      }
      attachment.mirrors[domain] = keys.isEmpty ? nil : keys
      stores[name] = Self.value(attachment)
    }
  }

  private static func attachment(_ value: PlistValue) -> Attachment? {
    guard let fields = value.dictionaryValue, let location = CloudLocation(fields: fields)
    else { return nil }
    var mirrors: [String: [String]] = [:]
    for (domain, keys) in fields["mirrors"]?.dictionaryValue ?? PlistDictionary() {
      mirrors[domain] = keys.arrayValue?.compactMap(\.stringValue) ?? []
    }
    return Attachment(location: location, mirrors: mirrors)
  }

  private static func value(_ attachment: Attachment) -> PlistValue {
    var fields = PlistDictionary()
    attachment.location.record(in: &fields)
    if !attachment.mirrors.isEmpty {
      var mirrors = PlistDictionary()
      for (domain, keys) in attachment.mirrors {
        mirrors[domain] = .array(keys.map(PlistValue.string))
      }
      fields["mirrors"] = .dictionary(mirrors)
    }
    return .dictionary(fields)
  }
}
