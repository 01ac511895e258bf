// MARK: - Reading into arrays and dictionaries

extension PlistValue {
  /// The value for a key, when this value is a dictionary that has it: `value["Count"]`.
  ///
  /// - Parameter key: The key, compared by its UTF-8 bytes.
  /// - Returns: The value, or nil when this is not a dictionary or the key is missing.
  public subscript(key: String) -> PlistValue? {
    guard case .dictionary(let dict) = self else { return nil }
    return dict[key]
  }

  /// The item at an index, when this value is an array that long: `value[0]`.
  ///
  /// - Parameter index: A zero-based position.
  /// - Returns: The item, or nil when this is not an array or the index is out of range.
  public subscript(index: Int) -> PlistValue? {
    guard case .array(let items) = self, items.indices.contains(index) else { return nil }
    return items[index]
  }
}
