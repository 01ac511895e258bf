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

  /// The store's mirror of defaults keys (no keys when none are mirrored).
  func cloudMirror(_ store: CloudStore) throws(PlistError) -> CloudMirror {
    let attachment = try CloudAttachments(directories: cloudDirectories())
      .attachment(named: store.name)
    let mirrors = attachment?.mirrors ?? [:]
    var schemas: [String: SettingsSchema] = [:]
    for domain in mirrors.keys {
      if let schema = try schema(forDomain: domain) { schemas[domain] = schema }
    }
    return CloudMirror(store: store, domains: try self.store(), keys: mirrors, schemas: schemas)
  }

  /// Reports the values a mirrored domain's schema refused, one line each (they came from
  /// the store: another machine's, or written with `cloud set`).
  func reportRefusals(_ refusals: [PlistError], store: String) {
    for refusal in refusals {
      report("\(store): not written into its mirrored domain: \(refusal)")
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
