// MARK: - Paths from a domain's root dictionary

extension PlistDictionary {
  /// The value at a path from this dictionary (the root path is the dictionary itself).
  ///
  /// - Parameter path: The path.
  /// - Returns: The value, or nil when nothing is there.
  /// - Throws: `PlistError.pathBlocked` when the path steps into a scalar.
  public func value(at path: PlistPath) throws(PlistError) -> PlistValue? {
    try PlistValue.dictionary(self).value(at: path)
  }

  /// Puts a value at a path, creating missing dictionaries along the way.
  ///
  /// - Parameters:
  ///   - value: The value; at the root it must be a dictionary.
  ///   - path: Where.
  /// - Throws: `PlistError.pathBlocked` as `PlistValue.setting(_:at:)` does;
  ///   `.typeMismatch` for a root value that is not a dictionary.
  public mutating func set(_ value: PlistValue, at path: PlistPath) throws(PlistError) {
    let result = try PlistValue.dictionary(self).setting(value, at: path)
    guard case .dictionary(let dictionary) = result else {
      throw .typeMismatch(at: .root, expected: .dictionary, found: result.type)
    }
    self = dictionary
  }

  /// Removes the value at a path.
  ///
  /// - Parameter path: What to remove.
  /// - Returns: Whether there was a value.
  /// - Throws: `PlistError.pathBlocked` when the path steps into a scalar.
  @discardableResult
  public mutating func remove(at path: PlistPath) throws(PlistError) -> Bool {
    guard case .dictionary(let result)? = try PlistValue.dictionary(self).removing(at: path) else {
      return false
    }
    self = result
    return true
  }
}
