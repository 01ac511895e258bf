import Synchronization

/// Checks a value for a key before `Defaults.write(_:forKey:)` stores it.
typealias DefaultsValidator = @Sendable (String, PlistValue) throws(PlistError) -> Void

/// UserDefaults' model for Linux, on the files Foundation's `UserDefaults` uses, shaped like
/// Foundation's class (the same method names) and better where Foundation on Linux falls
/// short:
///
/// - Reads are never stale: a lookup asks an inotify watch of the search list's directories
///   whether anything changed since the last one (one system call), checks the files by
///   identity (inode, size, times) only then, and re-reads only what changed; so another
///   process's write that has returned is seen at once, with no `synchronize()`.
/// - Writes go through: `set` and `removeObject` change the file before they return, key by
///   key under the store's lock on a fresh read (another writer's keys survive), atomically.
/// - The search list is explicit (`searchList`, `lookup(_:)`), and `changes(forKeys:)` reports
///   every change of an effective value, whoever made it.
///
/// Thread-safe: one instance may be shared by any number of threads and tasks.
public final class Defaults: Sendable {
  /// The domain this instance reads first and writes to: the app's, or a suite's.
  public let domain: String
  /// Where the files are, and the arguments of the argument domain.
  public let environment: DefaultsEnvironment

  let anyHost: DomainStore
  /// `anyHost` with the managed locations, for writes: they apply set-once values first;
  /// forced keys are stored (`set` never fails), and `write(_:forKey:)` refuses them itself.
  /// Made when needed: copying the locations into a store at start-up cost a one-key program
  /// the runtime's set-up of their optional type, a fifth of its instructions.
  var writingStore: DomainStore {
    guard let managed = environment.managed else { return anyHost }
    var store = anyHost
    store.managed = managed
    return store
  }
  /// `<root>/ByHost`, where this host's files are.
  let byHostDirectory: String
  /// The argument domain's values, parsed once (the process's own once per process).
  let argumentValues: PlistDictionary
  /// This instance's domain, validated once.
  let ownDomain: Domain
  let state = Mutex(State())

  /// What an instance keeps in memory: its volatile domains, suites, factory defaults, the
  /// writes that could not be written yet, and the files it has read (by identity).
  struct State {
    var volatileNames: [String] = []
    var volatileDomains: [String: PlistDictionary] = [:]
    var suites: [String] = []
    var factory = PlistDictionary()
    var validator: DefaultsValidator?
    var pending: [String: PlistValue?] = [:]
    var lastWriteError: PlistError?
    var files: [String: CachedFile] = [:]
    /// This host's store, made when first needed: its file names hold the machine id, which
    /// is read only when a `ByHost` directory exists.
    var thisHost: DomainStore?
    /// Whether a `ByHost` directory has been seen (after that, this host's files are
    /// checked themselves).
    var byHostSeen = false
    /// Whether lookups ask the process's gate (`ProcessChangeGate`) what may have changed:
    /// from the second lookup on, when inotify can be had.
    var usesGate = false
    /// Lookups so far, up to 2 (a program that reads one key never makes a gate).
    var lookups = 0
    /// The gate's generation at this instance's last lookup: a file (and the absence of
    /// `ByHost`) verified in it needs no second look.
    var generation = 0
    /// The generation in which `ByHost` was last found missing.
    var byHostMissingGeneration = -1
    /// Every key's effective value and layer, as of `view.generation` of the gate and
    /// `view.memory` of the layers in memory: a lookup while neither has moved is one
    /// dictionary lookup.
    var view: EffectiveView?
    /// What is managed for each domain of the search list, by managed file name, with the
    /// gate's generation it was read in (-1: no gate, read again at the next lookup).
    var managed: [String: CachedManagedDomain] = [:]
    /// Whether any managed folder exists, and when that was looked at
    /// (`hasManagedFiles()`).
    var managedPresence: ManagedPresence?
    /// Lookups begun so far (`beginLookup()`).
    var lookupSerial = 0
  }

  /// The search list merged, and when.
  struct EffectiveView {
    let winners: [String: (value: PlistValue, layer: DefaultsLayer)]
    let generation: Int
    let memory: Int
  }

  /// The app's defaults: the domain named by the process (its executable's name, as
  /// CoreFoundation names it on Linux), in the process's environment.
  public static let standard: Defaults = {
    let environment = DefaultsEnvironment.process()
    return Defaults(validDomain: environment.applicationDomain, environment: environment)
  }()

  /// A suite's defaults in the process's environment, as Foundation's initializer: nil for
  /// `NSGlobalDomain` (use `persistentDomain(forName:)` for it) and for names that cannot
  /// be a domain file; nil `suiteName` gives the app's domain.
  ///
  /// - Parameter suiteName: The suite (a domain name such as `group.com.example.pigeon`).
  public convenience init?(suiteName: String?) {
    let environment = DefaultsEnvironment.process()
    guard let name = suiteName else {
      self.init(validDomain: environment.applicationDomain, environment: environment)
      return
    }
    guard name != Defaults.globalDomain, let domain = try? Domain(named: name) else {
      return nil
    }
    self.init(validDomain: name, domain, environment: environment)
  }

  /// Defaults for a domain in a given environment (a test's directory, another root).
  ///
  /// - Parameters:
  ///   - domain: The app's or suite's domain name.
  ///   - environment: Where the files are.
  /// - Throws: `PlistError.invalidDomainName` for a name that cannot be a domain file.
  public convenience init(domain: String, environment: DefaultsEnvironment) throws(PlistError) {
    _ = try Domain(named: domain)
    self.init(validDomain: domain, environment: environment)
  }

  /// - Parameters:
  ///   - domain: The domain's name, known to be valid.
  ///   - validated: The domain, when the caller has made it already (once is enough).
  ///   - environment: Where the files are.
  private init(
    validDomain domain: String, _ validated: Domain? = nil, environment: DefaultsEnvironment
  ) {
    self.domain = domain
    self.environment = environment
    ownDomain = validated ?? (try? Domain(named: domain)) ?? .global
    argumentValues =
      environment.hasProcessArguments
      ? ProcessDefaults.argumentDomain : ArgumentDomain.parse(environment.arguments)
    anyHost = DomainStore(root: environment.root, thisHostOnly: nil)
    byHostDirectory = anyHost.root + "/ByHost"
  }

  // MARK: - The search list

  /// Every layer a value can come from, first to last: the administrator's forced values
  /// (when the environment has managed locations), the argument domain, volatile
  /// domains, the app's files (this host, any host), each suite's files, the global files,
  /// the shared system files, registered defaults, factory defaults. (Without the argument
  /// and registration domains for an environment that leaves out the process's layers.)
  public var searchList: [DefaultsLayer] {
    var layers: [DefaultsLayer] = []
    _ = firstAnswer { layer in
      layers.append(layer)
      return nil
    }
    return layers
  }

  /// The first layer along the search list for which `answer` has a value, and that value
  /// (the walk that `searchList` lists). No array of layers is made: the first lookup of a
  /// program that reads one key must not pay the runtime's set-up of that array type, a
  /// sixth of what `plistctl read` costs.
  ///
  /// - Parameter answer: A layer's value, or nil to go on to the next layer.
  /// - Returns: The first value found, and its layer.
  func firstAnswer(_ answer: (DefaultsLayer) -> PlistValue?) -> (
    value: PlistValue, layer: DefaultsLayer
  )? {
    let (volatileNames, suites) = state.withLock { ($0.volatileNames, $0.suites) }
    let process = environment.includesProcessLayers
    func ask(_ layer: DefaultsLayer) -> (value: PlistValue, layer: DefaultsLayer)? {
      answer(layer).map { ($0, layer) }
    }
    if environment.managed != nil, hasManagedFiles() {
      // Above the argument domain, as on macOS: an administrator's value is not the user's
      // to override, not even from the command line.
      if let found = ask(.managed(domain)) { return found }
      for suite in suites {
        if let found = ask(.managed(suite)) { return found }
      }
      if domain != ManagedDomain.globalName, let found = ask(.managed(ManagedDomain.globalName)) {
        return found
      }
    }
    if process, let found = ask(.argument) { return found }
    for name in volatileNames {
      if let found = ask(.volatile(name)) { return found }
    }
    if let found = ask(.app(.current)) ?? ask(.app(.any)) { return found }
    for suite in suites {
      if let found = ask(.suite(suite, .current)) ?? ask(.suite(suite, .any)) { return found }
    }
    if let found = ask(.global(.current)) ?? ask(.global(.any)) { return found }
    if environment.systemRoot != nil {
      if let found = ask(.system(domain)) { return found }
      for suite in suites {
        if let found = ask(.system(suite)) { return found }
      }
      if let found = ask(.system(".GlobalPreferences")) { return found }
    }
    if process, let found = ask(.registration) { return found }
    return ask(.schema)
  }

  /// The first value for a key along the search list, and the layer it came from.
  ///
  /// - Parameter key: The key.
  /// - Returns: The value and its layer, or nil when no layer has the key.
  public func lookup(_ key: String) -> (value: PlistValue, layer: DefaultsLayer)? {
    beginLookup()
    let memory = ProcessDefaults.memoryVersion.load(ordering: .acquiring)
    let (view, generation) = state.withLock { state in
      (state.view, state.usesGate ? state.generation : nil)
    }
    if let view, view.generation == generation, view.memory == memory {
      return view.winners[key]
    }
    guard let generation else {
      // No gate (the first lookup, or no inotify): the layers, first to last. The very first
      // lookup looks the key up in each file without making or keeping its dictionary, as
      // `plistctl read D K` does: a program that reads one key pays no more than that.
      let isFirst = state.withLock { $0.lookups == 1 }
      let isLocked = isLockedKey(key)
      return firstAnswer { layer in
        if isLocked && layer.isUsers { return nil }
        return isFirst ? firstLookup(key, in: layer) : layerContents(layer)[key]
      }
    }
    let winners = Self.winners(
      searchList.map { LayerContents(layer: $0, contents: layerContents($0)) },
      locked: lockedKeys())
    let built = EffectiveView(winners: winners, generation: generation, memory: memory)
    state.withLock { $0.view = built }
    return winners[key]
  }

  /// What every layer holds for a key, shadowed values too, in search-list order (the first
  /// is the effective one). For a locked key the user's own layers are left out: they do
  /// not count (`objectIsForced(forKey:)`).
  ///
  /// - Parameter key: The key.
  /// - Returns: The layers that have the key, with their values.
  /// - Throws: `PlistError` when a file of the search list cannot be read or parsed.
  public func values(forKey key: String) throws(PlistError) -> [(
    layer: DefaultsLayer, value: PlistValue
  )] {
    beginLookup()
    let isLocked = isLockedKey(key)
    var found: [(layer: DefaultsLayer, value: PlistValue)] = []
    for layer in searchList where !(isLocked && layer.isUsers) {
      if let value = try checkedContents(of: layer)[key] { found.append((layer, value)) }
    }
    return found
  }

  /// The effective value of every key, with its layer: what an app with this domain sees.
  ///
  /// - Returns: Each key's winning value and layer, in key order.
  /// - Throws: `PlistError` when a file of the search list cannot be read or parsed.
  package func effectiveValues() throws(PlistError) -> [(
    key: String, value: PlistValue, layer: DefaultsLayer
  )] {
    beginLookup()
    var layers: [LayerContents] = []
    for layer in searchList {
      layers.append(LayerContents(layer: layer, contents: try checkedContents(of: layer)))
    }
    return Self.winners(layers, locked: lockedKeys()).sorted {
      KeyOrder.compare($0.key, $1.key) < 0
    }.map { entry in
      (entry.key, entry.value.value, entry.value.layer)
    }
  }

  /// The keys and values of one layer. A file that cannot be read or parsed counts as
  /// empty here, as CoreFoundation counts it (`values(forKey:)` reports it instead).
  ///
  /// - Parameter layer: The layer.
  /// - Returns: Its dictionary.
  public func contents(of layer: DefaultsLayer) -> PlistDictionary {
    beginLookup()
    return layerContents(layer)
  }

  /// A key of one layer for the first lookup: each file searched for the key alone, nothing
  /// kept (the second lookup reads the files in full and keeps them).
  private func firstLookup(_ key: String, in layer: DefaultsLayer) -> PlistValue? {
    switch layer {
    case .argument, .volatile, .registration, .schema, .managed:
      return layerContents(layer)[key]
    case .app(.any):
      // An unwritten value (or removal) stands in front of the file.
      if let pending = state.withLock({ $0.pending[key] }) { return pending }
    case .app(.current), .suite(_, .current), .global(.current):
      guard hasByHostDirectory() else { return nil }
    default:
      break
    }
    return path(of: layer).flatMap { DomainStore.valueIfAny(forKey: key, atPath: $0) }
  }

  /// `contents(of:)` within a lookup that has begun.
  func layerContents(_ layer: DefaultsLayer) -> PlistDictionary {
    if layer == .app(.any) {
      // Unwritten values show even when the file cannot be read (that may be why).
      return withPendingWrites((try? fileContents(path(of: layer))) ?? PlistDictionary())
    }
    return (try? checkedContents(of: layer)) ?? PlistDictionary()
  }

  private func withPendingWrites(_ file: PlistDictionary) -> PlistDictionary {
    var dictionary = file
    for (key, value) in state.withLock({ $0.pending }) { dictionary[key] = value }
    return dictionary
  }

  /// The keys and values of one layer, or the error that keeps its file from being read.
  func checkedContents(of layer: DefaultsLayer) throws(PlistError) -> PlistDictionary {
    switch layer {
    case .managed(let name):
      return managedDomain(named: name).forced
    case .argument:
      return argumentValues
    case .volatile(let name):
      return state.withLock { $0.volatileDomains[name] } ?? PlistDictionary()
    case .registration:
      return ProcessDefaults.registration.withLock { $0 }
    case .schema:
      return state.withLock { $0.factory }
    case .app(.any):
      return withPendingWrites(try fileContents(path(of: layer)))
    case .app(.current), .suite(_, .current), .global(.current):
      // No ByHost directory, no file of this host's: not even the machine id is needed.
      guard hasByHostDirectory() else { return PlistDictionary() }
      return try fileContents(path(of: layer))
    default:
      guard let path = path(of: layer) else { return PlistDictionary() }
      return try fileContents(path)
    }
  }

  /// The file behind a persistent layer, or nil for a layer in memory.
  ///
  /// - Parameter layer: The layer.
  /// - Returns: Its path.
  package func path(of layer: DefaultsLayer) -> String? {
    switch layer {
    case .app(let host): return store(for: host).path(of: ownDomain)
    case .suite(let name, let host): return store(for: host).path(of: validDomain(name))
    case .global(let host): return store(for: host).path(of: .global)
    case .system(let name):
      return environment.systemRoot.map { $0 + "/" + name + ".plist" }
    case .managed, .argument, .volatile, .registration, .schema: return nil
    }
  }

  private func store(for host: DomainStore.Host) -> DomainStore {
    host == .any ? anyHost : thisHostStore()
  }

  /// This host's store (`ByHost/<domain>.<machine-id>.plist`), made at the first call.
  private func thisHostStore() -> DomainStore {
    if let store = state.withLock({ $0.thisHost }) { return store }
    let store = DomainStore(root: environment.root, thisHostOnly: environment.machineIdentifier)
    state.withLock { $0.thisHost = store }
    return store
  }

  /// Whether this host's files may exist: whether the `ByHost` directory does, until it has
  /// been seen once; after that, the files themselves are checked.
  private func hasByHostDirectory() -> Bool {
    let (seen, knownMissing) = state.withLock { state in
      (state.byHostSeen, state.usesGate && state.byHostMissingGeneration == state.generation)
    }
    if seen { return true }
    if knownMissing { return false }
    // The root is watched (its parent too) before the look: ByHost made later is an event.
    if state.withLock({ $0.usesGate }) {
      ProcessChangeGate.watch(file: byHostDirectory, target: byHostDirectory)
    }
    guard Platform.exists(atPath: byHostDirectory) else {
      state.withLock { $0.byHostMissingGeneration = $0.generation }
      return false
    }
    state.withLock { $0.byHostSeen = true }
    return true
  }

  /// The start of every read of the search list: from the second on, one look at the gate
  /// (one system call) says whether any file may have changed since the last read; when
  /// none can have, the files verified then are used without a look at each.
  func beginLookup() {
    state.withLock { state in
      state.lookupSerial += 1
      if state.usesGate {
        state.generation = ProcessChangeGate.generation()
        return
      }
      guard state.lookups < 2 else { return }
      state.lookups += 1
      guard state.lookups == 2, let generation = ProcessChangeGate.start() else { return }
      // Before this lookup's looks at the files: each watches its directory first.
      state.usesGate = true
      state.generation = generation
    }
  }

  /// A domain for a name already validated (the instance's own, or an added suite's).
  private func validDomain(_ name: String) -> Domain {
    (try? Domain(named: name)) ?? .global
  }

  /// A file's dictionary, re-read only when its identity changed since the last read.
  /// With a gate, a file verified in the current generation is used without a look.
  private func fileContents(_ path: String?) throws(PlistError) -> PlistDictionary {
    guard let path else { return PlistDictionary() }
    let (cached, generation) = state.withLock { state in
      (state.files[path], state.usesGate ? state.generation : nil)
    }
    if let cached, let generation, cached.verifiedGeneration == generation {
      if let error = cached.error { throw error }
      return cached.dictionary
    }
    // The directory is watched before the file is looked at: a change after the look
    // raises an event, and the next lookup looks again.
    if generation != nil {
      let target = Platform.resolvingLinks(path)
      ProcessChangeGate.watch(file: path, target: target)
    }
    let identity = Platform.identity(atPath: path)
    var file =
      cached.flatMap { $0.identity == identity ? $0 : nil }
      ?? CachedFile.read(path, identity: identity, previous: cached)
    file.verifiedGeneration = generation ?? -1
    let verified = file
    state.withLock { $0.files[path] = verified }
    if let error = file.error { throw error }
    return file.dictionary
  }
}

extension Defaults {
  /// The global domain's name, `NSGlobalDomain`, as Foundation's `UserDefaults.globalDomain`
  /// (`persistentDomain(forName:)` takes it).
  public static let globalDomain = "NSGlobalDomain"
  /// The argument domain's name, `NSArgumentDomain` (`volatileDomain(forName:)` takes it).
  public static let argumentDomain = "NSArgumentDomain"
  /// The registration domain's name, `NSRegistrationDomain`.
  public static let registrationDomain = "NSRegistrationDomain"
}
