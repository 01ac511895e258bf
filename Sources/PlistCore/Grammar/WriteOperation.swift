/// What a `write` asks for at a key: set it, append to the array there, or merge into the
/// dictionary there.
public enum WriteOperation: Sendable, Equatable {
  /// Set the key to the value.
  case set(PlistValue)
  /// Append to the array at the key (creating it when missing).
  case arrayAdd([PlistValue])
  /// Merge into the dictionary at the key (creating it when missing): one level deep, or
  /// every level with `deep`.
  case dictAdd(PlistDictionary, deep: Bool)

  /// Applies the write at a key or key path of a domain, with `defaults`' rules:
  /// `-array-add` needs an array there (or nothing), `-dict-add` a dictionary (or nothing).
  ///
  /// - Parameters:
  ///   - dictionary: The domain's contents.
  ///   - path: The key or key path.
  /// - Throws: `PlistError.typeMismatch` when the key holds the wrong type;
  ///   `.pathBlocked` when the path cannot be followed.
  func apply(to dictionary: inout PlistDictionary, at path: PlistPath) throws(PlistError) {
    let existing = try dictionary.value(at: path)
    switch self {
    case .set(let value):
      try dictionary.set(value, at: path)
    case .arrayAdd(let items):
      switch existing {
      case nil: try dictionary.set(.array(items), at: path)
      case .array(let current)?: try dictionary.set(.array(current + items), at: path)
      case let other?: throw .typeMismatch(at: path, expected: .array, found: other.type)
      }
    case .dictAdd(let additions, let deep):
      switch existing {
      case nil: try dictionary.set(.dictionary(additions), at: path)
      case .dictionary(let current)?:
        try dictionary.set(.dictionary(current.merging(additions, deep: deep)), at: path)
      case let other?: throw .typeMismatch(at: path, expected: .dictionary, found: other.type)
      }
    }
  }
}
