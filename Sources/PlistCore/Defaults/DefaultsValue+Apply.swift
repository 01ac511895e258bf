extension DefaultsValue.Operation {
  /// Applies a `write` at a key or key path of a domain, with `defaults`' rules:
  /// `-array-add` needs an array there (or nothing), `-dict-add` a dictionary (or nothing) and
  /// merges one level — or every level, with `deep`.
  ///
  /// - Parameters:
  ///   - dictionary: The domain's contents.
  ///   - path: The key or key path.
  ///   - deep: Merge `-dict-add` into nested dictionaries too.
  /// - Throws: `PlistError.refused` when the key holds the wrong type or the path is blocked.
  public func apply(to dictionary: inout PlistDictionary, at path: PlistPath, deep: Bool = false)
    throws(PlistError)
  {
    let existing = try dictionary.value(at: path)
    let name = path.displayName
    switch self {
    case .set(let value):
      try dictionary.set(value, at: path)
    case .arrayAdd(let items):
      switch existing {
      case nil: try dictionary.set(.array(items), at: path)
      case .array(let current)?: try dictionary.set(.array(current + items), at: path)
      default:
        throw .refused(
          "Value for key \(name) is not an array; cannot append.  Leaving defaults unchanged.")
      }
    case .dictAdd(let additions):
      switch existing {
      case nil: try dictionary.set(.dictionary(additions), at: path)
      case .dictionary(let current)?:
        try dictionary.set(.dictionary(Self.merge(additions, into: current, deep: deep)), at: path)
      default:
        throw .refused(
          "Value for key \(name) is not a dictionary; cannot append.  Leaving defaults unchanged.")
      }
    }
  }

  /// New entries replace old ones; with `deep`, two dictionaries under the same key merge.
  static func merge(_ additions: PlistDictionary, into base: PlistDictionary, deep: Bool)
    -> PlistDictionary
  {
    var result = base
    for (key, value) in additions {
      if deep, case .dictionary(let old)? = result[key], case .dictionary(let new) = value {
        result[key] = .dictionary(merge(new, into: old, deep: true))
      } else {
        result[key] = value
      }
    }
    return result
  }
}
