// MARK: - KeyedDecodingContainer

extension ValueDecoder {
  /// Reads a dictionary's entries by key.
  struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ValueDecoder
    let dictionary: PlistDictionary

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { dictionary.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { dictionary[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).isNull }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
      try ValueDecoder.unwrapBool(value(for: key), at: codingPath + [key])
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      try ValueDecoder.unwrapString(value(for: key), at: codingPath + [key])
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try real(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try real(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      let child = try value(for: key)
      return try ValueDecoder.unwrap(type, from: child, at: decoder.nested(child, key: key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
      throws -> KeyedDecodingContainer<NestedKey>
    {
      let child = try value(
        for: key,
        missing:
          "Cannot get nested keyed container -- no value found for key \"\(key.stringValue)\"")
      return try decoder.nested(child, key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      let child = try value(
        for: key,
        missing:
          "Cannot get nested unkeyed container -- no value found for key \"\(key.stringValue)\"")
      return try decoder.nested(child, key: key).unkeyedContainer()
    }

    /// A decoder for the value under `super`, or for a null value when there is none.
    func superDecoder() throws -> any Decoder { superDecoder(at: PlistCodingKey.super) }

    func superDecoder(forKey key: Key) throws -> any Decoder { superDecoder(at: key) }

    private func superDecoder(at key: any CodingKey) -> any Decoder {
      let child = dictionary[key.stringValue] ?? .string(EncodedValue.nullString)
      return decoder.nested(child, key: key)
    }

    // MARK: - Helpers

    private func value(for key: Key, missing description: String? = nil) throws -> PlistValue {
      guard let value = dictionary[key.stringValue] else {
        throw DecodingError.keyNotFound(
          key,
          .init(
            codingPath: codingPath,
            debugDescription: description
              ?? "No value associated with key \(key) (\"\(key.stringValue)\")."))
      }
      return value
    }

    private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
      try ValueDecoder.unwrapInteger(
        value(for: key), at: codingPath + [key], options: decoder.options)
    }

    private func real<T: BinaryFloatingPoint>(_ key: Key) throws -> T {
      try ValueDecoder.unwrapReal(value(for: key), at: codingPath + [key], options: decoder.options)
    }
  }
}
