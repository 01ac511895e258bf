extension DefaultsValue.Operation {
  /// Applies a `write` to one key of a domain, with `defaults`' rules: `-array-add` needs an
  /// array there (or nothing), `-dict-add` a dictionary (or nothing) and merges one level.
  ///
  /// - Parameters:
  ///   - dictionary: The domain's contents.
  ///   - key: The key.
  /// - Throws: `PlistError.refused` when the key holds the wrong type.
  public func apply(to dictionary: inout PlistDictionary, key: String) throws(PlistError) {
    switch self {
    case .set(let value):
      dictionary[key] = value
    case .arrayAdd(let items):
      switch dictionary[key] {
      case nil: dictionary[key] = .array(items)
      case .array(let existing)?: dictionary[key] = .array(existing + items)
      default:
        throw .refused(
          "Value for key \(key) is not an array; cannot append.  Leaving defaults unchanged.")
      }
    case .dictAdd(let additions):
      switch dictionary[key] {
      case nil: dictionary[key] = .dictionary(additions)
      case .dictionary(var existing)?:
        for (name, value) in additions { existing[name] = value }
        dictionary[key] = .dictionary(existing)
      default:
        throw .refused(
          "Value for key \(key) is not a dictionary; cannot append.  Leaving defaults unchanged.")
      }
    }
  }
}
