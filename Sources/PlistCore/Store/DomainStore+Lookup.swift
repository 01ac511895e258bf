// MARK: - One key of a domain, without reading the whole domain into values

extension DomainStore {
  /// The value at a key path, looked up in the file without building the domain's other
  /// values when its format allows; the same answers and errors as a full read (and the same
  /// reading of a file an app may be saving: `settledRead`). Nil: read the domain in full.
  func lookUpValue(at path: PlistPath, in domain: Domain) throws(PlistError) -> PlistValue? {
    guard let key = path.components.first else { return nil }
    let filePath = self.path(of: domain)
    let read = try Self.settledRead(filePath, limits: limits) {
      (bytes) throws(PlistParseError) in
      try bytes.withUnsafeBufferPointer { (buffer) throws(PlistParseError) in
        let answer = try PropertyList.lookUp(key, in: buffer)
        guard case .needsFullRead = answer else { return answer }
        // A format without a look-up: read in full here, not read the file again.
        return TopLevelLookup(
          key: key, in: try PropertyList.decode(buffer: buffer, allowJSON: true).value)
      }
    }
    let found: TopLevelLookup
    switch read {
    case .missing, .empty: found = .empty
    case .parsed(let answer): found = answer
    }
    switch found {
    case .found(let value):
      // A plain key is its value: a one-key dictionary to look in would cost `read D K`
      // the runtime's set-up of its array types (12 k instructions).
      if path.components.count == 1 { return value }
      // The rest of the path, with the errors it has in the whole dictionary.
      let single = PlistDictionary(keys: [key], values: [value])
      guard let found = try single.value(at: path) else {
        throw .keyNotFound(path, domain: domain.displayName)
      }
      return found
    case .missing: throw .keyNotFound(path, domain: domain.displayName)
    case .empty: throw .domainNotFound(domain: domain.displayName)
    case .needsFullRead: return nil  // not a dictionary: the full read's error
    }
  }
}
