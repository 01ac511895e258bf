// MARK: - UnkeyedEncodingContainer

extension ValueEncoder {
  /// Appends a value's elements to its array.
  struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    let array: EncodedArray
    let codingPath: [any CodingKey]

    var count: Int { array.items.count }

    mutating func encodeNil() throws { array.items.append(.null) }
    mutating func encode(_ value: Bool) throws { array.items.append(.boolean(value)) }
    mutating func encode(_ value: String) throws { array.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws { array.items.append(.double(value)) }
    mutating func encode(_ value: Float) throws { array.items.append(.float(value)) }
    mutating func encode(_ value: Int) throws { array.items.append(.signed(Int64(value))) }
    mutating func encode(_ value: Int8) throws { array.items.append(.signed(Int64(value))) }
    mutating func encode(_ value: Int16) throws { array.items.append(.signed(Int64(value))) }
    mutating func encode(_ value: Int32) throws { array.items.append(.signed(Int64(value))) }
    mutating func encode(_ value: Int64) throws { array.items.append(.signed(value)) }
    mutating func encode(_ value: UInt) throws { array.items.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { array.items.append(.signed(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { array.items.append(.signed(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { array.items.append(.signed(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { array.items.append(.unsigned(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      let nested = ValueEncoder(options: encoder.options, codingPath: codingPath)
      array.items.append(try nested.wrap(value, key: PlistCodingKey(index: count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      let key = PlistCodingKey(index: count)
      let nested = EncodedDictionary()
      array.items.append(.dictionary(nested))
      return KeyedEncodingContainer(
        KeyedContainer<NestedKey>(
          encoder: encoder, dictionary: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let key = PlistCodingKey(index: count)
      let nested = EncodedArray()
      array.items.append(.array(nested))
      return UnkeyedContainer(encoder: encoder, array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
      ValueEncoder(
        options: encoder.options, codingPath: codingPath + [PlistCodingKey(index: count)],
        destination: .index(count, in: array))
    }
  }
}
