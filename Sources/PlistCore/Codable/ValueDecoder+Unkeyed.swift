// MARK: - UnkeyedDecodingContainer

extension ValueDecoder {
  /// Reads an array's elements in order.
  struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: ValueDecoder
    let items: [PlistValue]
    private(set) var currentIndex = 0

    init(decoder: ValueDecoder, items: [PlistValue]) {
      self.decoder = decoder
      self.items = items
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// Whether the next element is null; if it is, moves past it.
    mutating func decodeNil() throws -> Bool {
      guard try next(Never.self).isNull else { return false }
      currentIndex += 1
      return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
      advance(try ValueDecoder.unwrapBool(next(type), at: path))
    }

    mutating func decode(_ type: String.Type) throws -> String {
      advance(try ValueDecoder.unwrapString(next(type), at: path))
    }

    mutating func decode(_ type: Double.Type) throws -> Double { try real() }
    mutating func decode(_ type: Float.Type) throws -> Float { try real() }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      let child = try next(type)
      return advance(
        try ValueDecoder.unwrap(type, from: child, at: decoder.nested(child, key: key)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      let child = try next(KeyedDecodingContainer<NestedKey>.self)
      return advance(try decoder.nested(child, key: key).container(keyedBy: type))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      let child = try next((any UnkeyedDecodingContainer).self)
      return advance(try decoder.nested(child, key: key).unkeyedContainer())
    }

    mutating func superDecoder() throws -> any Decoder {
      let child = try next((any Decoder).self)
      return advance(decoder.nested(child, key: key))
    }

    // MARK: - Helpers

    private var key: PlistCodingKey { PlistCodingKey(index: currentIndex) }
    private var path: [any CodingKey] { codingPath + [key] }

    /// The next element, or Foundation's error at the end of the array.
    private func next<T>(_ type: T.Type) throws -> PlistValue {
      guard isAtEnd else { return items[currentIndex] }
      let description: String
      if type == (any UnkeyedDecodingContainer).self {
        description = "Cannot get nested unkeyed container -- unkeyed container is at end."
      } else if type == (any Decoder).self {
        description = "Cannot get superDecoder() -- unkeyed container is at end."
      } else {
        description = "Unkeyed container is at end."
      }
      throw DecodingError.valueNotFound(
        type, .init(codingPath: path, debugDescription: description))
    }

    /// Moves past the current element, returning what was decoded from it: called only once
    /// decoding it succeeded.
    private mutating func advance<T>(_ result: T) -> T {
      currentIndex += 1
      return result
    }

    private mutating func integer<T: FixedWidthInteger>() throws -> T {
      advance(try ValueDecoder.unwrapInteger(next(T.self), at: path, options: decoder.options))
    }

    private mutating func real<T: BinaryFloatingPoint>() throws -> T {
      advance(try ValueDecoder.unwrapReal(next(T.self), at: path, options: decoder.options))
    }
  }
}
