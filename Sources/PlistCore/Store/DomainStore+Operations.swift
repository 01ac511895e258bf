// MARK: - What the defaults commands do to domains, as library operations

/// A domain and its keys, as `allDomains()` and `find(_:)` list them.
package struct DomainContents: Sendable, Equatable {
  /// The domain.
  package let domain: Domain
  /// Its keys and values (for `find`, only the matching ones).
  package let dictionary: PlistDictionary
}

extension DomainStore {
  /// A domain's keys and values. A domain with no file, or with an empty one, does not exist
  /// (as for `defaults`, which cannot tell the two apart).
  ///
  /// - Parameter domain: The domain.
  /// - Returns: Its dictionary, never empty.
  /// - Throws: `PlistError.domainNotFound`, or what `load(_:)` throws.
  public func dictionary(of domain: Domain) throws(PlistError) -> PlistDictionary {
    guard let dictionary = try load(domain)?.dictionary, !dictionary.isEmpty else {
      throw .domainNotFound(domain: domain.displayName)
    }
    return dictionary
  }

  /// The value at a key or key path of a domain.
  ///
  /// - Parameters:
  ///   - path: The key path.
  ///   - domain: The domain.
  /// - Returns: The value.
  /// - Throws: `PlistError.domainNotFound`, `.keyNotFound`, `.pathBlocked`, or what
  ///   `load(_:)` throws.
  public func value(at path: PlistPath, in domain: Domain) throws(PlistError) -> PlistValue {
    if let value = try lookUpValue(at: path, in: domain) { return value }
    return try valueInFullRead(at: path, in: domain)
  }

  /// `value(at:in:)` from the whole domain read into values.
  func valueInFullRead(at path: PlistPath, in domain: Domain) throws(PlistError) -> PlistValue {
    guard let value = try dictionary(of: domain).value(at: path) else {
      throw .keyNotFound(path, domain: domain.displayName)
    }
    return value
  }

  /// Every domain that has a file: the named ones in key order, then the global domain.
  ///
  /// - Returns: The domains with their contents.
  /// - Throws: `PlistError` when a directory cannot be listed or a file cannot be parsed.
  package func allDomains() throws(PlistError) -> [DomainContents] {
    var all: [DomainContents] = []
    for name in try domainNames() {
      guard let domain = try? Domain(named: name), let contents = try load(domain) else {
        continue
      }
      all.append(DomainContents(domain: domain, dictionary: contents.dictionary))
    }
    if let global = try load(.global) {
      all.append(DomainContents(domain: .global, dictionary: global.dictionary))
    }
    return all
  }

  /// The keys whose domain name, key, or text (strings and keys at any depth) contains a
  /// word, ignoring case, per domain in the order of `allDomains()`.
  ///
  /// - Parameter word: The word.
  /// - Returns: The domains with matches, each with only its matching keys.
  /// - Throws: What `allDomains()` throws.
  package func find(_ word: String) throws(PlistError) -> [DomainContents] {
    let word = FindWord(word)
    var found: [DomainContents] = []
    // The domains of `allDomains()`, in its order.
    var domains: [Domain] = []
    for name in try domainNames() {
      if let domain = try? Domain(named: name) { domains.append(domain) }
    }
    domains.append(.global)
    for domain in domains {
      let nameMatches = word.isFound(in: domain.displayName)
      let dictionary =
        nameMatches
        ? try load(domain)?.dictionary : try self.dictionary(of: domain, forFinding: word)
      guard let dictionary else { continue }
      var selected = PlistDictionary()
      for (key, value) in dictionary
      where nameMatches || word.isFound(in: key) || word.isFound(in: value) {
        selected[key] = value
      }
      if !selected.isEmpty {
        found.append(DomainContents(domain: domain, dictionary: selected))
      }
    }
    return found
  }

  /// What a caller checks of a domain's new contents before they are written (a schema's
  /// rules): throwing leaves the domain as it was.
  public typealias ContentsCheck = (PlistDictionary) throws(PlistError) -> Void

  /// Applies a `write` at a key or key path, under the lock, to a fresh read of the domain.
  /// Without a check, a canonical XML or binary file has the key's entry written and every
  /// other entry's bytes copied (`patchOneKey`): the same bytes, without reading and
  /// writing the rest.
  ///
  /// - Parameters:
  ///   - operation: What to do there.
  ///   - path: The key path.
  ///   - domain: The domain (created when missing).
  ///   - check: Checks the result before it is written; nil to check nothing.
  /// - Throws: What `WriteOperation.apply(to:at:)`, `check` and `update(_:_:)` throw.
  public func write(
    _ operation: WriteOperation, at path: PlistPath, in domain: Domain,
    check: ContentsCheck? = nil
  ) throws(PlistError) {
    let oneKey = check == nil ? OneKeyWrite(operation: operation, path: path) : nil
    try update(domain, oneKey: oneKey) { (dictionary) throws(PlistError) in
      try operation.apply(to: &dictionary, at: path)
      try check?(dictionary)
    }
  }

  /// Replaces a domain's whole contents (an empty dictionary removes its file).
  ///
  /// - Parameters:
  ///   - domain: The domain.
  ///   - dictionary: The new contents.
  /// - Throws: What `update(_:_:)` throws.
  public func replace(_ domain: Domain, with dictionary: PlistDictionary) throws(PlistError) {
    try update(domain) { $0 = dictionary }
  }

  /// Merges a property list into a domain, as `import` does: its top-level keys replace the
  /// domain's, the others stay — or, with `replacing`, it becomes the domain's contents.
  ///
  /// - Parameters:
  ///   - value: The property list; it must be a dictionary.
  ///   - source: Where it came from, for the error when it is not a dictionary.
  ///   - domain: The domain.
  ///   - replacing: Drop the domain's other keys.
  /// - Throws: `PlistError.notADictionary`, or what `update(_:_:)` throws.
  package func merge(
    _ value: PlistValue, from source: String, into domain: Domain, replacing: Bool = false
  ) throws(PlistError) {
    guard case .dictionary(let additions) = value else {
      throw .notADictionary(source: source, found: value.type)
    }
    try update(domain) { dictionary in
      dictionary = (replacing ? PlistDictionary() : dictionary).merging(additions)
    }
  }

  /// Removes a key or key path from a domain.
  ///
  /// - Parameters:
  ///   - path: The key path.
  ///   - domain: The domain; a missing one is not created.
  /// - Throws: `PlistError.domainNotFound`, `.keyNotFound`, `.pathBlocked`, or what
  ///   `update(_:_:)` throws.
  public func removeValue(at path: PlistPath, from domain: Domain) throws(PlistError) {
    // Checked first: update would create the store's directory for a missing domain.
    guard exists(domain) else { throw .domainNotFound(domain: domain.displayName) }
    try update(domain) { (dictionary) throws(PlistError) in
      guard !dictionary.isEmpty else { throw .domainNotFound(domain: domain.displayName) }
      guard try dictionary.remove(at: path) else {
        throw .keyNotFound(path, domain: domain.displayName)
      }
    }
  }

  /// Removes a whole domain (its file).
  ///
  /// - Parameter domain: The domain.
  /// - Throws: `PlistError.domainNotFound` when it has no file with a key, or what
  ///   `remove(_:)` throws.
  public func removeDomain(_ domain: Domain) throws(PlistError) {
    guard try remove(domain) else { throw .domainNotFound(domain: domain.displayName) }
  }

  /// Moves a value from one key or key path to another within a domain.
  ///
  /// - Parameters:
  ///   - old: Where the value is.
  ///   - new: Where it goes (missing dictionaries are created).
  ///   - domain: The domain.
  ///   - check: Checks the result before it is written.
  /// - Throws: `PlistError.keyNotFound` for nothing at `old`, `.pathBlocked`, or what `check`
  ///   and `update(_:_:)` throw.
  public func moveValue(
    from old: PlistPath, to new: PlistPath, in domain: Domain, check: ContentsCheck = { _ in }
  ) throws(PlistError) {
    try update(domain) { (dictionary) throws(PlistError) in
      guard let value = try dictionary.value(at: old) else {
        throw .keyNotFound(old, domain: domain.displayName)
      }
      try dictionary.remove(at: old)
      try dictionary.set(value, at: new)
      try check(dictionary)
    }
  }
}
