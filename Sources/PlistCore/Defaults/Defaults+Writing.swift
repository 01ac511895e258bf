// MARK: - Writing through

extension Defaults {
  /// Sets a key in this instance's domain (any host), or removes it for nil — written to the
  /// file before this returns. Should the write fail (a full disk, a broken file), the value
  /// still shows in this process, the write is retried by the next one and by
  /// `synchronize()`, and `lastWriteError` says why; use `write(_:forKey:)` to be told at once.
  ///
  /// - Parameters:
  ///   - value: The value, or nil to remove the key.
  ///   - key: The key.
  public func set(_ value: PlistValue?, forKey key: String) {
    writeRecordingFailure([key: value])
  }

  /// Sets a key to any value with a property-list form: `Int`, `Double`, `Bool`, `String`,
  /// arrays and `[String: …]` dictionaries of them, `PlistDate`, `PlistData`, `PlistValue`.
  ///
  /// - Parameters:
  ///   - value: The value, or nil to remove the key.
  ///   - key: The key.
  public func set<Value: PlistValueConvertible>(_ value: Value?, forKey key: String) {
    set(value?.plistValue, forKey: key)
  }

  /// Removes a key from this instance's domain, so that the next layer's value (a
  /// registered default, say) shows through.
  ///
  /// - Parameter key: The key.
  public func removeObject(forKey key: String) {
    writeRecordingFailure([key: nil])
  }

  /// Sets or removes a key, reporting a failure — and, unlike `set`, checking the value
  /// against the schema registered with `register(settingsBundle:)`.
  ///
  /// - Parameters:
  ///   - value: The value, or nil to remove the key.
  ///   - key: The key.
  /// - Throws: `PlistError.forcedByAdministrator` for a key the administrator forces or
  ///   locks (`objectIsForced(forKey:)`); `PlistError.refusedBySchema` for a value the
  ///   schema does not allow;
  ///   `PlistError` when the domain file cannot be read, parsed or written. Nothing was
  ///   changed then.
  public func write(_ value: PlistValue?, forKey key: String) throws(PlistError) {
    if let source = forcingSource(of: key) {
      throw .forcedByAdministrator(key: key, domain: domain, source: source)
    }
    if let value, let validate = state.withLock({ $0.validator }) { try validate(key, value) }
    try writeChanges([key: value])
  }

  /// Sets this instance's factory defaults and the check `write(_:forKey:)` applies (what
  /// `register(settingsBundle:)` derives from a Settings bundle).
  ///
  /// - Parameters:
  ///   - defaults: The factory defaults, the last layer of the search list.
  ///   - validator: Throws `PlistError.refusedBySchema` for a value a key may not hold.
  func registerFactoryDefaults(
    _ defaults: PlistDictionary, validator: @escaping DefaultsValidator
  ) {
    state.withLock {
      $0.factory = defaults
      $0.validator = validator
    }
    DefaultsObservers.notify()
  }

  /// Makes many changes in one write: one lock, one read, one atomic replace.
  ///
  /// - Parameter body: Sets and removes keys on the batch.
  /// - Throws: `PlistError` when the domain file cannot be read, parsed or written; none of
  ///   the batch's changes were made then.
  public func batch(_ body: (inout DefaultsBatch) -> Void) throws(PlistError) {
    var batch = DefaultsBatch()
    body(&batch)
    guard !batch.changes.isEmpty else { return }
    try writeChanges(batch.changes)
  }

  /// Writes what earlier writes could not (Foundation's name; nothing else needs it, as
  /// every write goes through at once).
  ///
  /// - Returns: Whether nothing is left unwritten.
  @discardableResult
  public func synchronize() -> Bool {
    let pending = state.withLock { $0.pending }
    guard !pending.isEmpty else { return true }
    do {
      try writeChanges(pending)
      return true
    } catch {
      return false
    }
  }

  /// Why the last write by `set`/`removeObject` failed, while it is still unwritten.
  public var lastWriteError: PlistError? { state.withLock { $0.lastWriteError } }

  private func writeRecordingFailure(_ changes: [String: PlistValue?]) {
    do {
      try writeChanges(changes)
    } catch {
      state.withLock { state in
        for (key, value) in changes { state.pending[key] = value }
        state.lastWriteError = error
      }
      // Unwritten values show in lookups: views merged before are stale.
      DefaultsObservers.notify()
    }
  }

  /// Applies changes (pending ones first) to a fresh read of the domain under its lock.
  private func writeChanges(_ changes: [String: PlistValue?]) throws(PlistError) {
    var all = state.withLock { $0.pending }
    for (key, value) in changes { all[key] = value }
    try DefaultsJournal.recording(path: anyHost.path(of: ownDomain), .keys(all)) {
      () throws(PlistError) in
      try writingStore.update(ownDomain) { dictionary in
        for (key, value) in all {
          if let value { dictionary[key] = value } else { dictionary.removeValue(forKey: key) }
        }
      }
    }
    state.withLock { state in
      state.pending = [:]
      state.lastWriteError = nil
    }
  }

}

/// Changes collected for one write (`Defaults.batch`).
public struct DefaultsBatch {
  /// Each changed key, with its new value or nil for a removal.
  private(set) var changes: [String: PlistValue?] = [:]

  /// Sets a key.
  ///
  /// - Parameters:
  ///   - value: The value, or nil to remove the key.
  ///   - key: The key.
  public mutating func set<Value: PlistValueConvertible>(_ value: Value?, forKey key: String) {
    changes[key] = .some(value?.plistValue)
  }

  /// Removes a key.
  ///
  /// - Parameter key: The key.
  public mutating func removeObject(forKey key: String) {
    changes[key] = .some(nil)
  }
}

// MARK: - Registration, suites, volatile and persistent domains

extension Defaults {
  /// Adds values behind every other layer, for the whole process (as Foundation's
  /// registration domain): a key registered again takes the later value. Not stored.
  ///
  /// - Parameter defaults: The keys and values.
  public func register(defaults: PlistDictionary) {
    ProcessDefaults.registration.withLock { $0 = $0.merging(defaults) }
    DefaultsObservers.notify()
  }

  /// `register(defaults:)` for Swift dictionaries (`["HPHeading": 90.0]`).
  ///
  /// - Parameter defaults: The keys and values.
  public func register<Value: PlistValueConvertible>(defaults: [String: Value]) {
    register(defaults: PlistDictionary(defaults.mapValues(\.plistValue)))
  }

  /// Sets this instance's factory defaults, the last layer of its search list (what a
  /// Settings bundle declares, for instance), replacing earlier ones.
  ///
  /// - Parameter defaults: The keys and values.
  func registerFactoryDefaults(_ defaults: PlistDictionary) {
    state.withLock { $0.factory = defaults }
    DefaultsObservers.notify()
  }

  /// Adds a suite's files to the search list, after the app's and before the global domain.
  /// Adding one twice, the app's own domain or `NSGlobalDomain` changes nothing.
  ///
  /// - Parameter suiteName: The suite.
  public func addSuite(named suiteName: String) {
    guard suiteName != domain, suiteName != Defaults.globalDomain,
      (try? Domain(named: suiteName)) != nil
    else { return }
    let added = state.withLock { state in
      guard !state.suites.contains(suiteName) else { return false }
      state.suites.append(suiteName)
      return true
    }
    if added { DefaultsObservers.notify() }
  }

  /// Removes a suite from the search list.
  ///
  /// - Parameter suiteName: The suite.
  public func removeSuite(named suiteName: String) {
    state.withLock { $0.suites.removeAll { $0 == suiteName } }
    DefaultsObservers.notify()
  }

  /// The names of the volatile domains, in search order, the argument domain first.
  public var volatileDomainNames: [String] {
    [Defaults.argumentDomain] + state.withLock { $0.volatileNames }
  }

  /// A volatile domain's keys and values (empty when there is none by that name).
  ///
  /// - Parameter domainName: The name (`NSArgumentDomain` for the argument domain).
  /// - Returns: The dictionary.
  public func volatileDomain(forName domainName: String) -> PlistDictionary {
    if domainName == Defaults.argumentDomain { return checkedArgumentDomain }
    return state.withLock { $0.volatileDomains[domainName] } ?? PlistDictionary()
  }

  private var checkedArgumentDomain: PlistDictionary { contents(of: .argument) }

  /// Sets a volatile domain: searched after the argument domain and before the files, in
  /// the order domains were first set; never stored. Replaces an existing one of that name.
  ///
  /// - Parameters:
  ///   - domain: The keys and values.
  ///   - domainName: The name.
  public func setVolatileDomain(_ domain: PlistDictionary, forName domainName: String) {
    state.withLock { state in
      if state.volatileDomains[domainName] == nil { state.volatileNames.append(domainName) }
      state.volatileDomains[domainName] = domain
    }
    DefaultsObservers.notify()
  }

  /// Removes a volatile domain.
  ///
  /// - Parameter domainName: The name.
  public func removeVolatileDomain(forName domainName: String) {
    state.withLock { state in
      state.volatileNames.removeAll { $0 == domainName }
      state.volatileDomains[domainName] = nil
    }
    DefaultsObservers.notify()
  }

  /// A domain file's keys and values (`NSGlobalDomain` for the global domain).
  ///
  /// - Parameter domainName: The domain.
  /// - Returns: Its dictionary, or nil when it has no file or cannot be read.
  public func persistentDomain(forName domainName: String) -> PlistDictionary? {
    guard let domain = try? persistentDomainFile(domainName),
      let contents = try? anyHost.load(domain)
    else { return nil }
    return contents.dictionary
  }

  /// Replaces a domain file's contents in one atomic write (an empty dictionary removes it).
  ///
  /// - Parameters:
  ///   - domain: The keys and values.
  ///   - domainName: The domain (`NSGlobalDomain` for the global domain).
  /// - Throws: `PlistError.invalidDomainName`, or when the file cannot be read or written.
  public func setPersistentDomain(_ domain: PlistDictionary, forName domainName: String)
    throws(PlistError)
  {
    let file = try persistentDomainFile(domainName)
    try DefaultsJournal.recording(path: anyHost.path(of: file), .replaced(domain)) {
      () throws(PlistError) in
      try writingStore.update(file) { $0 = domain }
    }
  }

  /// Removes a domain file.
  ///
  /// - Parameter domainName: The domain (`NSGlobalDomain` for the global domain).
  /// - Throws: `PlistError.invalidDomainName`, or when the file cannot be read or removed.
  public func removePersistentDomain(forName domainName: String) throws(PlistError) {
    try setPersistentDomain(PlistDictionary(), forName: domainName)
  }

  private func persistentDomainFile(_ name: String) throws(PlistError) -> Domain {
    name == Defaults.globalDomain ? .global : try Domain(named: name)
  }

  /// Every key's effective value, all layers merged as an app sees them (Darwin's meaning;
  /// Foundation on Linux leaves out the argument and global domains). Unreadable files
  /// count as empty.
  ///
  /// - Returns: The merged dictionary.
  public func dictionaryRepresentation() -> PlistDictionary {
    beginLookup()
    let layers = searchList.map { LayerContents(layer: $0, contents: layerContents($0)) }
    let winners = Self.winners(layers, locked: lockedKeys())
    return PlistDictionary(winners.map { ($0.key, $0.value.value) })
  }
}
