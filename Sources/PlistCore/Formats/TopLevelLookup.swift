/// What a look-up of one key of a property list's root dictionary found, having checked the
/// whole file as a full read would (`PropertyList.lookUp(_:in:)`).
enum TopLevelLookup: Equatable {
  /// The key's value (of repeated keys, the last one's).
  case found(PlistValue)
  /// A dictionary with keys, none of them this one.
  case missing
  /// An empty dictionary.
  case empty
  /// The root is not a dictionary: here it is, read in full by the look-up's own walk (no
  /// caller needs to read the file again).
  case notADictionary(PlistValue)
  /// The format has no look-up (OpenStep, JSON): a full read answers.
  case needsFullRead

  /// The answer for a value read in full.
  ///
  /// - Parameters:
  ///   - key: The top-level key.
  ///   - value: The whole property list.
  init(key: String, in value: PlistValue) {
    guard case .dictionary(let dictionary) = value else {
      self = .notADictionary(value)
      return
    }
    if dictionary.isEmpty {
      self = .empty
    } else {
      self = dictionary[key].map(TopLevelLookup.found) ?? .missing
    }
  }
}
