// MARK: - What differs between two dictionaries

extension PlistDictionary {
  /// A key whose value differs between two dictionaries.
  enum Difference: Equatable {
    /// Added, or given another value: the new one.
    case set(String, PlistValue)
    /// Removed.
    case removed(String)

    /// The key.
    var key: String {
      switch self {
      case .set(let key, _), .removed(let key): return key
      }
    }
  }

  /// The keys whose values differ from `old`'s, in key order. Both key lists are sorted, so
  /// they are walked side by side: one comparison a key, where looking each key up in the
  /// other took a search (three quarters of a write of one key to a 100,001-key domain that
  /// an app had saved lately).
  ///
  /// - Parameter old: The dictionary before.
  /// - Returns: Each key added, changed or removed.
  func differences(from old: PlistDictionary) -> [Difference] {
    var differences: [Difference] = []
    var (i, j) = (0, 0)
    while i < old.count || j < count {
      let order = i == old.count ? 1 : j == count ? -1 : KeyOrder.compare(old.keys[i], keys[j])
      if order < 0 {
        differences.append(.removed(old.keys[i]))
        i += 1
      } else if order > 0 {
        differences.append(.set(keys[j], values[j]))
        j += 1
      } else {
        if old.values[i] != values[j] { differences.append(.set(keys[j], values[j])) }
        i += 1
        j += 1
      }
    }
    return differences
  }
}
