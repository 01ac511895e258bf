// MARK: - Codable values

extension Defaults {
  /// Stores a `Codable` value as the property list `PlistEncoder` makes of it (a struct as
  /// a dictionary, so the shell can read and edit it), written through like `set`.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The key.
  /// - Throws: `EncodingError` when the value cannot be encoded (nothing is stored then),
  ///   `PlistError` when the domain file cannot be written.
  public func set<Value: Encodable>(encoding value: Value, forKey key: String) throws {
    try write(try PlistEncoder().encodeToValue(value), forKey: key)
  }

  /// The effective value of a key decoded into a type: from the property list stored (as
  /// `set(encoding:forKey:)` stores it), or from data holding an encoded property list (as
  /// apps that use `PropertyListEncoder` into `Data` store it).
  ///
  /// - Parameters:
  ///   - type: The type.
  ///   - key: The key.
  /// - Returns: The value, or nil when no layer has the key.
  /// - Throws: `DecodingError` naming the coding path when the value does not fit the type.
  public func decoded<Value: Decodable>(_ type: Value.Type, forKey key: String) throws
    -> Value?
  {
    guard let stored = object(forKey: key) else { return nil }
    if case .data(let data) = stored, [.binary, .xml].contains(PlistFormat.detect(data.bytes)) {
      return try PlistDecoder().decode(type, from: data.bytes)
    }
    return try PlistDecoder().decode(type, from: stored)
  }
}
