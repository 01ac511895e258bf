extension DomainStore {
  /// `write(_:at:in:)`, refusing a result the schema does not allow: the top-level key the
  /// write lands in is checked after the change, under the lock, so nothing is written when
  /// it is refused.
  ///
  /// - Parameters:
  ///   - operation: What to do there.
  ///   - path: The key path.
  ///   - domain: The domain.
  ///   - schema: The domain's schema, or nil to check nothing.
  /// - Throws: `PlistError.refusedBySchema`, or what `write(_:at:in:)` throws.
  package func write(
    _ operation: WriteOperation, at path: PlistPath, in domain: Domain,
    checkedBy schema: SettingsSchema?
  ) throws(PlistError) {
    guard let schema else { return try write(operation, at: path, in: domain) }
    try write(operation, at: path, in: domain) { (contents) throws(PlistError) in
      try schema.validate(keyOf: path, in: contents)
    }
  }

  /// `replace(_:with:)`, refusing contents the schema does not allow.
  ///
  /// - Parameters:
  ///   - domain: The domain.
  ///   - dictionary: The new contents.
  ///   - schema: The domain's schema, or nil to check nothing.
  /// - Throws: `PlistError.refusedBySchema`, or what `replace(_:with:)` throws.
  package func replace(
    _ domain: Domain, with dictionary: PlistDictionary, checkedBy schema: SettingsSchema?
  ) throws(PlistError) {
    try schema?.validate(dictionary)
    try replace(domain, with: dictionary)
  }

  /// `moveValue(from:to:in:)`, refusing a result the schema does not allow at the new key.
  ///
  /// - Parameters:
  ///   - old: Where the value is.
  ///   - new: Where it goes.
  ///   - domain: The domain.
  ///   - schema: The domain's schema, or nil to check nothing.
  /// - Throws: `PlistError.refusedBySchema`, or what `moveValue(from:to:in:)` throws.
  package func moveValue(
    from old: PlistPath, to new: PlistPath, in domain: Domain, checkedBy schema: SettingsSchema?
  ) throws(PlistError) {
    try moveValue(from: old, to: new, in: domain) { (contents) throws(PlistError) in
      try schema?.validate(keyOf: new, in: contents)
    }
  }

  /// Removes keys from a domain so that the values behind them (a schema's factory
  /// defaults) show through; keys it does not set are no error.
  ///
  /// - Parameters:
  ///   - keys: The top-level keys.
  ///   - domain: The domain; a missing one is not created.
  /// - Returns: The keys that were set and are now removed.
  /// - Throws: What `update(_:_:)` throws.
  @discardableResult
  package func reset(_ keys: [String], in domain: Domain) throws(PlistError) -> [String] {
    guard exists(domain) else { return [] }
    var removed: [String] = []
    try update(domain) { dictionary in
      removed = keys.filter { dictionary.removeValue(forKey: $0) != nil }
    }
    return removed
  }
}
