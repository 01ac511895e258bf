extension PlistValue: Codable {
  /// Encodes the value. `PlistEncoder` writes it as it is; any other encoder gets the
  /// nearest Codable shape: scalars as themselves, a date as `PlistDate` and data as
  /// `PlistData` encode themselves, arrays unkeyed, dictionaries keyed, a UID as
  /// `{"CF$UID": n}`.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .array(let items):
      var container = encoder.unkeyedContainer()
      try container.encode(contentsOf: items)
    case .dictionary(let dictionary):
      var container = encoder.container(keyedBy: PlistCodingKey.self)
      for (key, value) in zip(dictionary.keys, dictionary.values) {
        try container.encode(value, forKey: PlistCodingKey(stringValue: key))
      }
    case .uid(let uid):
      var container = encoder.container(keyedBy: PlistCodingKey.self)
      try container.encode(uid, forKey: PlistCodingKey(stringValue: "CF$UID"))
    default:
      try encodeScalar(to: encoder)
    }
  }

  private func encodeScalar(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let s): try container.encode(s)
    case .integer(let i):
      if let signed = i.int64Value {
        try container.encode(signed)
      } else {
        try container.encode(i.bitPattern)
      }
    case .real(let r): try container.encode(r)
    case .boolean(let b): try container.encode(b)
    case .date(let d): try container.encode(d)
    case .data(let d): try container.encode(d)
    case .array, .dictionary, .uid: break
    }
  }

  /// Decodes a value. `PlistDecoder` hands over the value as it is; any other decoder is
  /// asked, in order, for a boolean, an integer, a real, a string, a dictionary and an array.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.typeMismatch` when the value is none of these.
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.singleValueContainer(), let scalar = Self.scalar(container) {
      self = scalar
    } else if let keyed = try? decoder.container(keyedBy: PlistCodingKey.self) {
      var entries: [(key: String, value: PlistValue)] = []
      for key in keyed.allKeys {
        entries.append((key.stringValue, try keyed.decode(PlistValue.self, forKey: key)))
      }
      self = .dictionary(PlistDictionary(entries))
    } else if var unkeyed = try? decoder.unkeyedContainer() {
      var items: [PlistValue] = []
      while !unkeyed.isAtEnd { items.append(try unkeyed.decode(PlistValue.self)) }
      self = .array(items)
    } else {
      throw DecodingError.typeMismatch(
        PlistValue.self,
        .init(codingPath: decoder.codingPath, debugDescription: "Not a property-list value."))
    }
  }

  private static func scalar(_ container: any SingleValueDecodingContainer) -> PlistValue? {
    if let b = try? container.decode(Bool.self) { return .boolean(b) }
    if let i = try? container.decode(Int64.self) { return .integer(PlistInteger(i)) }
    if let u = try? container.decode(UInt64.self) { return .integer(PlistInteger(u)) }
    if let r = try? container.decode(Double.self) { return .real(r) }
    if let s = try? container.decode(String.self) { return .string(s) }
    return nil
  }
}
