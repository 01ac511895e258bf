import PlistCore

/// What the cloud commands share: plistctl's directories, an attached store, its mirror, and
/// how a change is printed.
extension CommandContext {
  func cloudDirectories() throws(PlistError) -> CloudDirectories {
    try CloudDirectories(environment: environment.dictionary)
  }

  func cloudStore(_ name: String) throws(PlistError) -> CloudStore {
    try CloudStore.attached(named: name, directories: cloudDirectories())
  }

  /// An attached store with its mirror of defaults keys (no keys when none are mirrored),
  /// from one read of the attachments record (or none, given the attachment).
  func cloudMirror(named name: String, as given: CloudAttachments.Attachment? = nil)
    throws(PlistError) -> CloudMirror
  {
    let directories = try cloudDirectories()
    var attachment = given
    if attachment == nil {
      attachment = try CloudAttachments(directories: directories).attachment(named: name)
    }
    guard let attachment else { throw .cloudStoreNotAttached(name) }
    let store = try CloudStore.attached(named: name, as: attachment, directories: directories)
    let mirrors = attachment.mirrors
    var schemas: [String: SettingsSchema] = [:]
    var elsewhere: [String: DomainStore] = [:]
    for domain in mirrors.keys {
      if let schema = try schema(forDomain: domain) { schemas[domain] = schema }
      // A domain only a sandboxed app's container has is mirrored there (as `cloud mirror`
      // and every other command find it).
      if containerRoot == nil, let root = try? containerRoot(forDomainArgument: domain, chosen: nil)
      {
        elsewhere[domain] = try DomainStore(root: root, host: host)
      }
    }
    // A mirror may run for hours (`cloud watch`): the managed files are looked at at every
    // step, whether or not any existed when it started.
    var domains = try self.store()
    domains.managed = managedLocations
    domains.refusesForcedKeys = domains.managed != nil
    return CloudMirror(
      store: store, domains: domains, keys: mirrors, schemas: schemas, elsewhere: elsewhere)
  }

  /// Reports the values a mirrored domain's schema refused, one line each (they came from
  /// the store: another machine's, or written with `cloud set`).
  func reportRefusals(_ refusals: [PlistError], store: String) {
    for refusal in refusals {
      report("\(store): not written into its mirrored domain: \(refusal)")
    }
  }

  /// Reports what a sync did not bring, one line each: what another machine put in the
  /// store that a store never holds, or past what a sync takes in. Ten at most, then how
  /// many more (a vandal's tree may hold thousands).
  func reportNotBrought(_ report: CloudStore.SyncReport, store: String) {
    let shown = 10
    let notBrought = report.ignored.compactMap { entry -> (String, String)? in
      if case .notBrought(let why) = entry.kind { return (entry.name, why) }
      return nil
    }
    for (name, why) in notBrought.prefix(shown) { self.report("\(store): \(name): \(why)") }
    if notBrought.count > shown {
      self.report("\(store): and \(notBrought.count - shown) more files not brought")
    }
  }

  /// A change as `cloud watch` prints it: `serverChange: a, b`, or a JSON line with Apple's
  /// number for the reason. Keys come from other machines: escaped (`TerminalText`) in
  /// text, and by JSON's own escaping in JSON.
  func printCloudChange(_ change: CloudChange, store: String, json: Bool) throws(PlistError) {
    if json {
      let object: PlistValue = [
        "store": .string(store), "reason": .string(change.reason.description),
        "code": .integer(PlistInteger(change.reason.rawValue)),
        "keys": .array(change.keys.map(PlistValue.string)),
      ]
      try writeValue(object, .json, PropertyList.WriteOptions(prettyJSON: false))
    } else {
      try print(
        "\(change.reason): " + change.keys.map(TerminalText.escaped).joined(separator: ", "))
    }
  }
}
