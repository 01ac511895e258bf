/// The keyed values one element (or the app, for its app-wide state) writes when its state
/// is preserved and reads back when it is restored: plist values by key, any `Codable` value
/// through PlistCore's encoder, and list positions by model identifier.
public final class StateCoder {
  /// Everything written so far, or everything the archive held for this element.
  public private(set) var values: PlistDictionary

  /// A coder over these values (empty to encode).
  public init(values: PlistDictionary = [:]) {
    self.values = values
  }

  // MARK: - Values

  /// Writes a value for a key, replacing what the key had.
  ///
  /// - Throws: `EncodingError` when the value has no plist form (a nil at the top, a
  ///   dictionary with keys that are not strings).
  public func encode<Value: Encodable>(_ value: Value, forKey key: String) throws {
    values[key] = try PlistEncoder().encodeToValue(value)
  }

  /// Writes a value for a key, or removes the key's value for nil.
  ///
  /// - Throws: `EncodingError` when the value has no plist form.
  public func encode<Value: Encodable>(_ value: Value?, forKey key: String) throws {
    guard let value else {
      values[key] = nil
      return
    }
    try encode(value, forKey: key)
  }

  /// The value written for a key, as `type`; nil when the key is missing or its value is of
  /// another shape (an archive from another version of the app: it restores what it can).
  public func decode<Value: Decodable>(_ type: Value.Type, forKey key: String) -> Value? {
    guard let value = values[key] else { return nil }
    return try? PlistDecoder().decode(type, from: value)
  }

  /// The plist value written for a key, or nil.
  public subscript(key: String) -> PlistValue? {
    get { values[key] }
    set { values[key] = newValue }
  }

  /// Whether a value was written for a key.
  public func contains(_ key: String) -> Bool { values[key] != nil }

  // MARK: - List positions

  /// Writes which item of a list is selected (or scrolled to), by its model identifier, so
  /// that a list that changed meanwhile — items added, removed, sorted — still lands on the
  /// same item; the row is kept beside it. A nil `index`, or one outside the list, removes
  /// the key.
  ///
  /// - Parameters:
  ///   - index: The item's index in `items`.
  ///   - items: The list as shown now.
  ///   - identifier: The item's identifier in the model (a record's id, a file's name).
  ///   - key: The key to write.
  public func encodePosition<Item>(
    _ index: Int?, in items: [Item], identifiedBy identifier: (Item) -> String,
    forKey key: String
  ) {
    guard let index, items.indices.contains(index) else {
      values[key] = nil
      return
    }
    values[key] = .dictionary([
      Self.identifierKey: .string(identifier(items[index])),
      Self.rowKey: .integer(PlistInteger(index)),
    ])
  }

  /// Where the item `encodePosition` wrote is in the list as it is now: the index of the
  /// item with that model identifier, or nil when it is gone (or nothing was written).
  ///
  /// - Parameters:
  ///   - key: The key `encodePosition` wrote.
  ///   - items: The list as it is now.
  ///   - identifier: The item's identifier in the model, as when it was written.
  /// - Returns: The item's index now, or nil.
  public func decodePosition<Item>(
    forKey key: String, in items: [Item], identifiedBy identifier: (Item) -> String
  ) -> Int? {
    guard case .dictionary(let position)? = values[key],
      case .string(let wanted)? = position[Self.identifierKey]
    else { return nil }
    return items.firstIndex { identifier($0) == wanted }
  }

  /// The row the item was at when written (for a list that identifies nothing better).
  public func decodeRow(forKey key: String) -> Int? {
    guard case .dictionary(let position)? = values[key] else { return nil }
    return position[Self.rowKey]?.intValue
  }

  private static let identifierKey = "Identifier"
  private static let rowKey = "Row"
}
