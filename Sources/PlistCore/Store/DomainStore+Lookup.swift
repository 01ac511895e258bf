// MARK: - One key of a domain, without reading the whole domain into values

extension DomainStore {
  /// The value of a top-level key: `value(at:in:)` of `PlistPath(topLevelKey: key)`, with the
  /// same answers and errors, but no array made on the way unless it fails (the first array
  /// of a process costs the runtime's set-up of the standard library's array types, 25 k
  /// instructions: an eighth of a `read D K`).
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - domain: The domain.
  /// - Returns: The value.
  /// - Throws: `PlistError.keyNotFound`, `.domainNotFound`, or the file's errors.
  public func value(forKey key: String, in domain: Domain) throws(PlistError) -> PlistValue {
    switch try lookUp(key, in: domain) {
    case .found(let value): return value
    case .missing: throw .keyNotFound(PlistPath(topLevelKey: key), domain: domain.displayName)
    case .empty: throw .domainNotFound(domain: domain.displayName)
    case .notADictionary(let root): throw notADictionary(root, in: domain)
    case .needsFullRead: return try valueInFullRead(at: PlistPath(topLevelKey: key), in: domain)
    }
  }

  /// The value at a key path, looked up in the file without building the domain's other
  /// values when its format allows; the same answers and errors as a full read (and the same
  /// reading of a file an app may be saving: `settledRead`). Nil: read the domain in full.
  func lookUpValue(at path: PlistPath, in domain: Domain) throws(PlistError) -> PlistValue? {
    guard let key = path.components.first else { return nil }
    switch try lookUp(key, in: domain) {
    case .found(let value):
      if path.components.count == 1 { return value }
      // The rest of the path, with the errors it has in the whole dictionary.
      let single = PlistDictionary(keys: [key], values: [value])
      guard let found = try single.value(at: path) else {
        throw .keyNotFound(path, domain: domain.displayName)
      }
      return found
    case .missing: throw .keyNotFound(path, domain: domain.displayName)
    case .empty: throw .domainNotFound(domain: domain.displayName)
    case .notADictionary(let root): throw notADictionary(root, in: domain)
    case .needsFullRead: return nil
    }
  }

  /// The full read's error for a domain file whose root is `root`, not a dictionary.
  private func notADictionary(_ root: PlistValue, in domain: Domain) -> PlistError {
    .notADictionary(source: path(of: domain), found: root.type)
  }

  /// A top-level key of the domain's file; `.empty` for no file or an empty one.
  private func lookUp(_ key: String, in domain: Domain) throws(PlistError) -> TopLevelLookup {
    if managed != nil { applySetOnceValues(to: domain) }
    return try Self.lookUp(key, atPath: path(of: domain), limits: limits)
  }

  /// A top-level key's value in the file at a path, nil when the file has no such key, has
  /// no dictionary, is missing, or cannot be read or parsed (as the getters count such a
  /// file: empty). Nothing of the file is kept.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - path: The file.
  /// - Returns: The value, if any.
  static func valueIfAny(forKey key: String, atPath path: String) -> PlistValue? {
    guard case .found(let value) = try? lookUp(key, atPath: path, limits: .standard) else {
      return nil
    }
    return value
  }

  private static func lookUp(_ key: String, atPath path: String, limits: FileLimits)
    throws(PlistError) -> TopLevelLookup
  {
    let read = try settledRead(path, limits: limits) {
      (bytes) throws(PlistParseError) in
      let answer = try PropertyList.lookUp(key, in: bytes)
      guard case .needsFullRead = answer else { return answer }
      // A format without a look-up: read in full here, not read the file again.
      return TopLevelLookup(
        key: key, in: try PropertyList.decode(buffer: bytes, allowJSON: true).value)
    }
    switch read {
    case .missing, .empty: return .empty
    case .parsed(let answer): return answer
    }
  }
}
