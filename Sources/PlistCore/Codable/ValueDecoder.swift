/// The `Decoder` that `PlistDecoder` hands to values: one `PlistValue` at one coding path.
/// It is also the value's single-value container.
struct ValueDecoder: Decoder {
  let value: PlistValue
  let codingPath: [any CodingKey]
  let options: PlistDecoder.Options

  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  // MARK: - Decoder

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    switch value {
    case .dictionary(let dictionary):
      try checkDepth()
      return KeyedDecodingContainer(
        KeyedContainer<Key>(decoder: self, dictionary: dictionary))
    case _ where value.isNull:
      throw DecodingError.valueNotFound(
        [String: Any].self,
        .init(
          codingPath: codingPath,
          debugDescription: "Cannot get keyed decoding container -- found null value instead"))
    default:
      throw Self.typeMismatch([String: Any].self, found: value, at: codingPath)
    }
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    switch value {
    case .array(let items):
      try checkDepth()
      return UnkeyedContainer(decoder: self, items: items)
    case _ where value.isNull:
      throw DecodingError.valueNotFound(
        [Any].self,
        .init(
          codingPath: codingPath,
          debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
    default:
      throw Self.typeMismatch([Any].self, found: value, at: codingPath)
    }
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  /// A decoder for a nested value.
  func nested(_ value: PlistValue, key: any CodingKey) -> ValueDecoder {
    ValueDecoder(value: value, codingPath: codingPath + [key], options: options)
  }

  /// Refuses a container nested deeper than `PropertyList.maximumDepth`: the readers never
  /// produce one, but a `PlistValue` built in code might.
  private func checkDepth() throws {
    guard codingPath.count >= PropertyList.maximumDepth else { return }
    throw DecodingError.dataCorrupted(
      .init(
        codingPath: codingPath,
        debugDescription:
          "Nesting deeper than \(PropertyList.maximumDepth) levels is not a valid property list."))
  }
}

// MARK: - Null

extension PlistValue {
  /// Whether the value is the string `$null`, which Foundation reads as nil.
  var isNull: Bool {
    if case .string(let s) = self { return s == EncodedValue.nullString }
    return false
  }
}
