// MARK: - One key of a domain, without reading the whole domain into values

extension DomainStore {
  /// The value at a key path, looked up in the file without building the domain's other
  /// values when its format allows; the same answers and errors as a full read.
  func lookUpValue(at path: PlistPath, in domain: Domain) throws(PlistError) -> PlistValue? {
    guard let key = path.components.first else { return nil }
    let filePath = self.path(of: domain)
    switch try Self.lookUp(key, inFile: filePath) {
    case .found(let value):
      // The rest of the path, with the errors it has in the whole dictionary.
      let single = PlistDictionary(keys: [key], values: [value])
      guard let found = try single.value(at: path) else {
        throw .keyNotFound(path, domain: domain.displayName)
      }
      return found
    case .missing: throw .keyNotFound(path, domain: domain.displayName)
    case .empty: throw .domainNotFound(domain: domain.displayName)
    case .needsFullRead: return nil
    }
  }

  /// `read(_:)` for one key: the same reading of a file an app may be saving in place (read
  /// again until a version is met five times in a row), the same errors. No file is an
  /// empty domain here.
  static func lookUp(_ key: String, inFile path: String) throws(PlistError) -> TopLevelLookup {
    var attempts = 0
    var sameVersion = 0
    var lastVersion: FileIdentity?
    while true {
      let bytes: [UInt8]
      do { bytes = try Platform.readFile(atPath: path) } catch {
        if error.errno == .noSuchFileOrDirectory { return .empty }
        throw .system(error)
      }
      var found: TopLevelLookup?
      var failure: PlistParseError?
      if !bytes.isEmpty {
        do {
          found = try bytes.withUnsafeBufferPointer { (buffer) throws(PlistParseError) in
            try PropertyList.lookUp(key, in: buffer)
          }
        } catch {
          failure = error
        }
      }
      if let found { return found }
      let version = Platform.identity(atPath: path)
      sameVersion = version != nil && version == lastVersion ? sameVersion + 1 : 1
      lastVersion = version
      attempts += 1
      if sameVersion >= 5 || attempts >= 50 {
        guard let failure else { return .empty }
        throw .parse(failure, source: path)
      }
      Platform.sleep(milliseconds: 20)
    }
  }
}
