/// The `Encoder` that `PlistEncoder` hands to values: one per encoded value, holding what that
/// value encoded (a container or a single value) in `result`.
final class ValueEncoder: Encoder {
  let codingPath: [any CodingKey]
  let options: PlistEncoder.Options
  /// What the value encoded: nil until it asks for a container or encodes a single value.
  var result: EncodedValue?
  /// For a `superEncoder()`: where the result goes when this encoder is released.
  private let destination: Destination?

  /// Where a super encoder writes its result: a key of a dictionary, or a position in an array.
  enum Destination {
    case key(String, in: EncodedDictionary)
    case index(Int, in: EncodedArray)
  }

  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  init(options: PlistEncoder.Options, codingPath: [any CodingKey], destination: Destination? = nil)
  {
    self.options = options
    self.codingPath = codingPath
    self.destination = destination
  }

  /// As Foundation's referencing encoder does, a super encoder writes its value into the
  /// parent container when it goes away, an empty dictionary when nothing was encoded.
  deinit {
    guard let destination else { return }
    let value = result ?? .dictionary(EncodedDictionary())
    switch destination {
    case .key(let key, let dictionary): dictionary.set(value, forKey: key)
    case .index(let index, let array): array.items.insert(value, at: min(index, array.items.count))
    }
  }

  // MARK: - Encoder

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let dictionary: EncodedDictionary
    switch result {
    case nil:
      dictionary = EncodedDictionary()
      result = .dictionary(dictionary)
    case .dictionary(let existing): dictionary = existing
    default:
      preconditionFailure(
        "Attempt to push new keyed encoding container when already previously encoded at this path."
      )
    }
    return KeyedEncodingContainer(
      KeyedContainer<Key>(encoder: self, dictionary: dictionary, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let array: EncodedArray
    switch result {
    case nil:
      array = EncodedArray()
      result = .array(array)
    case .array(let existing): array = existing
    default:
      preconditionFailure(
        "Attempt to push new unkeyed encoding container when already previously encoded at this path."
      )
    }
    return UnkeyedContainer(encoder: self, array: array, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  // MARK: - Nested values

  /// Encodes a nested value at `codingPath` + `key`: dates, data and `PlistValue`s as
  /// themselves, `[String: T]` with its keys sorted (as Foundation does), anything else
  /// through its own `encode(to:)`.
  ///
  /// - Returns: What the value encoded; an empty dictionary when it encoded nothing.
  func wrap<T: Encodable>(_ value: T, key: (any CodingKey)?) throws -> EncodedValue {
    try wrapIfEncoded(value, key: key) ?? .dictionary(EncodedDictionary())
  }

  /// `wrap(_:key:)`, but nil when the value encoded nothing at all.
  func wrapIfEncoded<T: Encodable>(_ value: T, key: (any CodingKey)?) throws -> EncodedValue? {
    let path = key.map { codingPath + [$0] } ?? codingPath
    if path.count > PropertyList.maximumDepth {
      throw EncodingError.invalidValue(
        value, .init(codingPath: path, debugDescription: EncodedValue.tooDeepDescription))
    }
    if let special = try Self.special(value, encoder: self, path: path) { return special }
    let child = ValueEncoder(options: options, codingPath: path)
    try value.encode(to: child)
    return child.result
  }

  /// The types the encoder writes without asking them: nil for any other.
  private static func special<T: Encodable>(
    _ value: T, encoder: ValueEncoder, path: [any CodingKey]
  ) throws -> EncodedValue? {
    switch value {
    case let date as PlistDate: return .date(date)
    case let data as PlistData: return .data(data)
    case let plist as PlistValue: return EncodedValue(plist)
    case let dictionary as any StringKeyedEncodable:
      return try dictionary.encodeSorted(encoder: encoder, path: path)
    case let dictionary as any IntKeyedEncodable:
      return try dictionary.encodeSorted(encoder: encoder, path: path)
    default: return nil
    }
  }
}

// MARK: - Dictionaries with sorted keys

/// `[String: T]`: Foundation encodes its entries sorted by key, so that binary output is stable.
private protocol StringKeyedEncodable {
  func encodeSorted(encoder: ValueEncoder, path: [any CodingKey]) throws -> EncodedValue
}

/// `[Int: T]`: sorted by integer here, where Foundation leaves them in hash order (which
/// varies from run to run), so that output stays deterministic.
private protocol IntKeyedEncodable {
  func encodeSorted(encoder: ValueEncoder, path: [any CodingKey]) throws -> EncodedValue
}

extension Dictionary: StringKeyedEncodable where Key == String, Value: Encodable {
  fileprivate func encodeSorted(encoder: ValueEncoder, path: [any CodingKey]) throws
    -> EncodedValue
  {
    let result = EncodedDictionary()
    let child = ValueEncoder(options: encoder.options, codingPath: path)
    for (key, value) in sorted(by: { $0.key < $1.key }) {
      result.set(try child.wrap(value, key: PlistCodingKey(stringValue: key)), forKey: key)
    }
    return .dictionary(result)
  }
}

extension Dictionary: IntKeyedEncodable where Key == Int, Value: Encodable {
  fileprivate func encodeSorted(encoder: ValueEncoder, path: [any CodingKey]) throws
    -> EncodedValue
  {
    let result = EncodedDictionary()
    let child = ValueEncoder(options: encoder.options, codingPath: path)
    for (key, value) in sorted(by: { $0.key < $1.key }) {
      result.set(try child.wrap(value, key: PlistCodingKey(intValue: key)), forKey: String(key))
    }
    return .dictionary(result)
  }
}

// MARK: - SingleValueEncodingContainer

extension ValueEncoder: SingleValueEncodingContainer {
  private func set(_ value: EncodedValue) {
    precondition(
      result == nil,
      "Attempt to encode value through single value container when previously value already encoded."
    )
    result = value
  }

  func encodeNil() throws { set(.null) }
  func encode(_ value: Bool) throws { set(.boolean(value)) }
  func encode(_ value: String) throws { set(.string(value)) }
  func encode(_ value: Double) throws { set(.double(value)) }
  func encode(_ value: Float) throws { set(.float(value)) }
  func encode(_ value: Int) throws { set(.signed(Int64(value))) }
  func encode(_ value: Int8) throws { set(.signed(Int64(value))) }
  func encode(_ value: Int16) throws { set(.signed(Int64(value))) }
  func encode(_ value: Int32) throws { set(.signed(Int64(value))) }
  func encode(_ value: Int64) throws { set(.signed(value)) }
  func encode(_ value: UInt) throws { set(.unsigned(UInt64(value))) }
  func encode(_ value: UInt8) throws { set(.signed(Int64(value))) }
  func encode(_ value: UInt16) throws { set(.signed(Int64(value))) }
  func encode(_ value: UInt32) throws { set(.signed(Int64(value))) }
  func encode(_ value: UInt64) throws { set(.unsigned(value)) }
  func encode<T: Encodable>(_ value: T) throws { set(try wrap(value, key: nil)) }
}
