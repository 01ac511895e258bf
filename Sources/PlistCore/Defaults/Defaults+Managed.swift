// MARK: - The administrator's managed values (docs/managed.md)

extension Defaults {
  /// Whether the administrator provides a key's value — it is forced, or locked at the
  /// value below the user's layers — in this instance's domain, one of its suites, or the
  /// global domain, as Foundation's `objectIsForced(forKey:)` says on macOS. An app greys
  /// out the control: `set` stores the user's value, but the managed one stays in effect.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether it is forced or locked.
  public func objectIsForced(forKey key: String) -> Bool {
    guard environment.managed != nil else { return false }
    beginLookup()
    guard hasManagedFiles() else { return false }
    return managedNames().contains { managedDomain(named: $0).isForced(key) }
  }

  /// Whether the administrator forces or locks a key in one domain.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - domain: The domain's name (`NSGlobalDomain` for the global domain).
  /// - Returns: Whether it is forced or locked there.
  public func objectIsForced(forKey key: String, inDomain domain: String) -> Bool {
    guard environment.managed != nil else { return false }
    return managed(domain: domain == Defaults.globalDomain ? ManagedDomain.globalName : domain)
      .isForced(key)
  }

  /// What the administrator manages for a domain of the search list (or any domain), as
  /// last read: read again when the gate says its folders changed.
  ///
  /// - Parameter name: The managed file name (`com.example.app`, `.GlobalPreferences`).
  /// - Returns: Its forced values, locks and set-once values; empty without managed
  ///   locations, and for a name that cannot be a domain's (`../x`).
  public func managed(domain name: String) -> ManagedDomain {
    guard Self.domain(forManagedName: name) != nil else { return ManagedDomain(name: name) }
    beginLookup()
    return managedDomain(named: name)
  }

  /// The domain whose managed files have a name: the global domain for
  /// `.GlobalPreferences`, a named domain for a valid name, else nil.
  static func domain(forManagedName name: String) -> Domain? {
    name == ManagedDomain.globalName ? .global : try? Domain(named: name)
  }

  /// The managed file that keeps a key from being changed: the first of the search list's
  /// managed domains that forces or locks it.
  ///
  /// - Parameter key: The key.
  /// - Returns: The file's path, or nil when the key is not forced.
  package func forcingSource(of key: String) -> String? {
    guard environment.managed != nil else { return nil }
    // A write asks before any read: what the administrator changed since counts.
    beginLookup()
    guard hasManagedFiles() else { return nil }
    for name in managedNames() {
      if let source = managedDomain(named: name).forcingSource(of: key) { return source }
    }
    return nil
  }

  /// Every folder whose changes may change what is managed along the search list (the
  /// directories themselves when none has a managed folder yet).
  func managedFolders() -> [String] {
    guard let locations = environment.managed else { return [] }
    guard hasManagedFiles() else { return locations.directories }
    return managedNames().flatMap { ManagedDomain.folders(name: $0, locations: locations) }
  }

  /// The managed file names of the search list: the domain's, each suite's, the global's.
  func managedNames() -> [String] {
    let suites = state.withLock { $0.suites }
    var names = [domain] + suites
    if domain != ManagedDomain.globalName { names.append(ManagedDomain.globalName) }
    return names
  }

  /// Whether a key is locked in a managed domain of the search list (no set made when
  /// nothing is managed: a one-key program does not pay for the type).
  func isLockedKey(_ key: String) -> Bool {
    guard environment.managed != nil, hasManagedFiles() else { return false }
    return lockedKeys().contains(key)
  }

  /// Every key locked in a managed domain of the search list.
  func lockedKeys() -> Set<String> {
    guard environment.managed != nil, hasManagedFiles() else { return [] }
    var keys = Set<String>()
    for name in managedNames() { keys.formUnion(managedDomain(named: name).locked) }
    return keys
  }

  /// A domain's managed values within a lookup that has begun: read once per generation of
  /// the gate (at every lookup without one). Its set-once values are applied to the user's
  /// domain when first read, before the domain's own file is read.
  func managedDomain(named name: String) -> ManagedDomain {
    guard let locations = environment.managed else { return ManagedDomain(name: name) }
    // A few looks, and nothing kept, for a domain nothing manages.
    guard mayBeManaged(name) else { return ManagedDomain(name: name) }
    // Once per generation of the gate, or once per lookup without one.
    let (cached, generation) = state.withLock { state in
      (state.managed[name], state.usesGate ? state.generation : -state.lookupSerial)
    }
    if let cached, cached.generation == generation { return cached.domain }
    // With a gate, `mayBeManaged` watched the folders before this reading.
    let managed = ManagedDomain(name: name, locations: locations)
    state.withLock {
      $0.managed[name] = CachedManagedDomain(domain: managed, generation: generation)
    }
    // Before the domain's own file is read.
    if !managed.setOnce.isEmpty, let domain = Self.domain(forManagedName: name) {
      writingStore.applySetOnceValues(to: domain, managed)
    }
    return managed
  }

  /// Whether any managed folder exists (`ManagedLocations.anyFolder()`: one look per
  /// directory, no array): what keeps a program on a machine with no managed files from
  /// paying for reading them. Looked at once per lookup, or with a gate once per
  /// generation, the directories watched first so that a folder made later is an event.
  func hasManagedFiles() -> Bool {
    guard let locations = environment.managed else { return false }
    var when = 0
    var gated = false
    if let known = state.withLock({ state -> Bool? in
      gated = state.usesGate
      when = gated ? state.generation : -state.lookupSerial
      guard let cached = state.managedPresence, cached.when == when else { return nil }
      return cached.present
    }) {
      return known
    }
    if gated {
      for directory in locations.directories { ProcessChangeGate.watch(directory: directory) }
    }
    let present = locations.anyFolder()
    state.withLock { $0.managedPresence = ManagedPresence(present: present, when: when) }
    return present
  }

  /// Whether a domain may have managed files (`ManagedLocations.mayManage(_:)`), looked at
  /// once per lookup (or generation) with `hasManagedFiles()`.
  func mayBeManaged(_ name: String) -> Bool {
    guard let locations = environment.managed, hasManagedFiles() else { return false }
    if let known = state.withLock({ state -> Bool? in
      guard let presence = state.managedPresence, presence.looked.contains(name) else {
        return nil
      }
      return presence.managed.contains(name)
    }) {
      return known
    }
    if state.withLock({ $0.usesGate }) {
      // Watched before the looks, whatever they find: a file the administrator adds later to
      // a folder that exists is an event, and the next lookup looks again.
      for folder in ManagedDomain.folders(name: name, locations: locations) {
        ProcessChangeGate.watch(directory: folder)
      }
    }
    let managed = locations.mayManage(name)
    state.withLock { state in
      state.managedPresence?.looked.append(name)
      if managed { state.managedPresence?.managed.append(name) }
    }
    return managed
  }

  /// Each key's first value along the layers: what a merged view of the search list holds.
  /// A locked key passes over the user's own layers.
  ///
  /// - Parameters:
  ///   - layers: The layers in search-list order, with their contents.
  ///   - locked: The locked keys.
  /// - Returns: Each key's winning value and layer.
  static func winners(_ layers: [LayerContents], locked: Set<String>)
    -> [String: (value: PlistValue, layer: DefaultsLayer)]
  {
    var winners: [String: (value: PlistValue, layer: DefaultsLayer)] = [:]
    for layer in layers.reversed() {
      for (key, value) in layer.contents where layer.layer.counts(forKey: key, locked: locked) {
        winners[key] = (value, layer.layer)
      }
    }
    return winners
  }
}

/// A layer and its keys and values, as a merge of the search list takes them. (A struct, not
/// a tuple: an array of tuples is a type the runtime makes by name on first use.)
struct LayerContents {
  let layer: DefaultsLayer
  let contents: PlistDictionary
}
