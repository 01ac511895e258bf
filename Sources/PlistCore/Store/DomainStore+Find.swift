// MARK: - Reading a domain for find

extension DomainStore {
  /// What `find` reads of one file: its value, or that it cannot hold the word.
  private enum FindRead {
    case value(PlistValue)
    case cannotMatch
  }

  /// A domain's dictionary for `find`, or nil when it has no file, is empty, or its bytes
  /// show that no key or string in it can contain the word. Such a file is still checked as
  /// a full read checks it (the one-key look-up's check, without building values), so a
  /// file that cannot be parsed fails `find` with the same error as before: `find` over
  /// 2,000 domains parsed every file into values, ten times what `grep -ril` reads.
  func dictionary(of domain: Domain, forFinding word: FindWord) throws(PlistError)
    -> PlistDictionary?
  {
    let path = self.path(of: domain)
    let read = try Self.settledRead(path, limits: limits) {
      (buffer) throws(PlistParseError) -> FindRead in
      let format = PlistFormat.detect(head: buffer)
      if word.cannotBeIn(file: buffer, format: format) {
        // Checked as a full read; a root that is not a dictionary is read in full by the
        // look-up, for the full read's error.
        switch try PropertyList.lookUp("", in: buffer, format: format) {
        case .notADictionary(let root): return .value(root)
        case .needsFullRead: break
        case .found, .missing, .empty: return .cannotMatch
        }
      }
      return .value(try PropertyList.decode(buffer: buffer, allowJSON: true).value)
    }
    switch read {
    case .missing, .empty, .parsed(.cannotMatch): return nil
    case .parsed(.value(let value)):
      guard case .dictionary(let dictionary) = value else {
        throw .notADictionary(source: path, found: value.type)
      }
      return dictionary
    }
  }
}
