// MARK: - Scalars, with Foundation's coercions

extension ValueDecoder {
  /// Decodes `type` from `value`: the scalars strictly by plist type (integers and reals
  /// convert into each other as Foundation converts them), dates, data and `PlistValue`s as
  /// themselves, anything else through its own `init(from:)`.
  static func unwrap<T: Decodable>(_ type: T.Type, from value: PlistValue, at decoder: ValueDecoder)
    throws -> T
  {
    let path = decoder.codingPath
    switch type {
    case is PlistValue.Type:
      if let result = value as? T { return result }
    case is PlistDate.Type:
      try checkNotNull(value, type, at: path)
      guard case .date(let date) = value else { throw typeMismatch(type, found: value, at: path) }
      if let result = date as? T { return result }
    case is PlistData.Type:
      try checkNotNull(value, type, at: path)
      guard case .data(let data) = value else { throw typeMismatch(type, found: value, at: path) }
      if let result = data as? T { return result }
    default: break
    }
    return try T(from: decoder)
  }

  static func unwrapBool(_ value: PlistValue, at path: [any CodingKey]) throws -> Bool {
    try checkNotNull(value, Bool.self, at: path)
    guard case .boolean(let b) = value else {
      throw typeMismatch(Bool.self, found: value, at: path)
    }
    return b
  }

  static func unwrapString(_ value: PlistValue, at path: [any CodingKey]) throws -> String {
    try checkNotNull(value, String.self, at: path)
    guard case .string(let s) = value else {
      throw typeMismatch(String.self, found: value, at: path)
    }
    return s
  }

  /// An integer from an integer that fits, or from a real with an integral value that fits.
  static func unwrapInteger<T: FixedWidthInteger>(
    _ value: PlistValue, at path: [any CodingKey], options: PlistDecoder.Options
  ) throws -> T {
    try checkNotNull(value, T.self, at: path)
    switch value {
    case .integer(let i):
      let exact =
        i.int64Value.flatMap { T(exactly: $0) } ?? i.uint64Value.flatMap { T(exactly: $0) }
      guard let exact else {
        throw doesNotFit("Parsed property list number <\(i)>", T.self, at: path)
      }
      return exact
    case .real(let r):
      guard let exact = T(exactly: r) else {
        let prefix = options.strictReals ? "Property list number" : "Parsed property list number"
        throw doesNotFit("\(prefix) <\(r)>", T.self, at: path)
      }
      return exact
    default:
      throw typeMismatch(T.self, found: value, at: path)
    }
  }

  /// A real from a real (exactly, when read from binary, as Foundation does; rounded
  /// otherwise, as Foundation's XML reader parses the text for the type asked), or from an
  /// integer (rounded).
  static func unwrapReal<T: BinaryFloatingPoint>(
    _ value: PlistValue, at path: [any CodingKey], options: PlistDecoder.Options
  ) throws -> T {
    try checkNotNull(value, T.self, at: path)
    switch value {
    case .integer(let i):
      if let unsigned = i.uint64Value { return T(unsigned) }
      return T(Int64(bitPattern: i.bitPattern))
    case .real(let r):
      if r.isNaN { return .nan }
      if !options.strictReals { return T(r) }
      guard let exact = T(exactly: r) else {
        throw doesNotFit("Property list number <\(r)>", T.self, at: path)
      }
      return exact
    default:
      throw typeMismatch(T.self, found: value, at: path)
    }
  }

  // MARK: - Errors, worded as Foundation words them

  static func checkNotNull<T>(_ value: PlistValue, _ type: T.Type, at path: [any CodingKey])
    throws
  {
    guard value.isNull else { return }
    throw DecodingError.valueNotFound(
      type,
      .init(
        codingPath: path,
        debugDescription: "Cannot get value of \(type) -- found null value instead"
      ))
  }

  static func typeMismatch(_ type: Any.Type, found value: PlistValue, at path: [any CodingKey])
    -> DecodingError
  {
    DecodingError.typeMismatch(
      type,
      .init(
        codingPath: path,
        debugDescription: "Expected to decode \(type) but found \(describe(value)) instead."))
  }

  private static func doesNotFit<T>(_ number: String, _ type: T.Type, at path: [any CodingKey])
    -> DecodingError
  {
    DecodingError.dataCorrupted(
      .init(codingPath: path, debugDescription: "\(number) does not fit in \(type)."))
  }

  private static func describe(_ value: PlistValue) -> String {
    switch value {
    case .string: return value.isNull ? "a null value" : "a string"
    case .integer: return "an integer"
    case .real: return "a real number"
    case .boolean: return "a boolean"
    case .date: return "a date"
    case .data: return "a data value"
    case .array: return "an array"
    case .dictionary: return "a dictionary"
    case .uid: return "a uid"
    }
  }
}

// MARK: - SingleValueDecodingContainer

extension ValueDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { value.isNull }
  func decode(_ type: Bool.Type) throws -> Bool { try Self.unwrapBool(value, at: codingPath) }
  func decode(_ type: String.Type) throws -> String { try Self.unwrapString(value, at: codingPath) }
  func decode(_ type: Double.Type) throws -> Double { try real() }
  func decode(_ type: Float.Type) throws -> Float { try real() }
  func decode(_ type: Int.Type) throws -> Int { try integer() }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
  func decode(_ type: UInt.Type) throws -> UInt { try integer() }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try Self.unwrap(type, from: value, at: self)
  }

  private func integer<T: FixedWidthInteger>() throws -> T {
    try Self.unwrapInteger(value, at: codingPath, options: options)
  }

  private func real<T: BinaryFloatingPoint>() throws -> T {
    try Self.unwrapReal(value, at: codingPath, options: options)
  }
}
