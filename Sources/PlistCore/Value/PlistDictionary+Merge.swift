extension PlistDictionary {
  /// This dictionary with another's entries added: an added entry replaces an existing one
  /// with the same key, or, with `deep`, two dictionaries under the same key merge in turn.
  ///
  /// - Parameters:
  ///   - additions: The entries to add.
  ///   - deep: Merge nested dictionaries instead of replacing them.
  /// - Returns: The merged dictionary.
  func merging(_ additions: PlistDictionary, deep: Bool = false) -> PlistDictionary {
    var result = self
    for (key, value) in additions {
      if deep, case .dictionary(let old)? = result[key], case .dictionary(let new) = value {
        result[key] = .dictionary(old.merging(new, deep: true))
      } else {
        result[key] = value
      }
    }
    return result
  }
}
