// MARK: - KeyedEncodingContainer

extension ValueEncoder {
  /// Writes a value's keyed entries into its dictionary.
  struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    let dictionary: EncodedDictionary
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.boolean(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.float(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.signed(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.signed(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.signed(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.signed(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.signed(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
      set(.unsigned(UInt64(value)), key)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.signed(Int64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
      set(.signed(Int64(value)), key)
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
      set(.signed(Int64(value)), key)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.unsigned(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      let nested = ValueEncoder(options: encoder.options, codingPath: codingPath)
      set(try nested.wrap(value, key: key), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      let nested: EncodedDictionary
      switch dictionary[key.stringValue] {
      case nil:
        nested = EncodedDictionary()
        set(.dictionary(nested), key)
      case .dictionary(let existing): nested = existing
      default:
        preconditionFailure(
          "Attempt to re-encode into nested KeyedEncodingContainer<\(Key.self)> for key "
            + "\"\(key.stringValue)\" is invalid: non-keyed container already encoded for this key")
      }
      return KeyedEncodingContainer(
        KeyedContainer<NestedKey>(
          encoder: encoder, dictionary: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let nested: EncodedArray
      switch dictionary[key.stringValue] {
      case nil:
        nested = EncodedArray()
        set(.array(nested), key)
      case .array(let existing): nested = existing
      default:
        preconditionFailure(
          "Attempt to re-encode into nested UnkeyedEncodingContainer for key "
            + "\"\(key.stringValue)\" is invalid: keyed container/single value already encoded for this key"
        )
      }
      return UnkeyedContainer(encoder: encoder, array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(at: PlistCodingKey.super) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(at: key) }

    private func superEncoder(at key: any CodingKey) -> any Encoder {
      ValueEncoder(
        options: encoder.options, codingPath: codingPath + [key],
        destination: .key(key.stringValue, in: dictionary))
    }

    private func set(_ value: EncodedValue, _ key: Key) {
      dictionary.set(value, forKey: key.stringValue)
    }
  }
}
