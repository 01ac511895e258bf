/// Decodes `Decodable` values from property lists, as Foundation's `PropertyListDecoder`
/// does, without Foundation.
///
/// It reads every format `PropertyList.decode` detects (binary, XML, OpenStep, and JSON,
/// which Foundation does not read). Dates decode as `PlistDate`, data as `PlistData`, and a
/// `PlistValue` as whatever value is there; the string `$null` is nil. Numbers convert as
/// Foundation converts them: an integer from a real with an integral value, a real from an
/// integer, and a number that does not fit is `DecodingError.dataCorrupted`. Nothing else
/// converts: a boolean is not a number and a number is not a string.
public struct PlistDecoder: Sendable {
  /// Contextual information for the values' `init(from:)`, as `Decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// What every `ValueDecoder` of one decoding shares.
  struct Options {
    var userInfo: [CodingUserInfoKey: any Sendable]
    /// A real must convert exactly (`Float` from `0.1` fails), as Foundation's binary reader
    /// has it; otherwise it is rounded, as Foundation's XML reader parses text for the type.
    var strictReals: Bool
  }

  /// Creates a decoder.
  public init() {}

  /// Decodes a value from a property list in any format.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - bytes: The whole property list.
  /// - Returns: The value.
  /// - Throws: `DecodingError.dataCorrupted` with the coding path `[]` when the bytes are not
  ///   a property list (the `PlistParseError` is its `underlyingError`); otherwise as
  ///   `decode(_:from:)` for a `PlistValue` throws.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws
    -> T
  {
    var format = PlistFormat.binary
    return try decode(type, from: bytes, format: &format)
  }

  /// Decodes a value from a property list in any format, and reports the format.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - bytes: The whole property list.
  ///   - format: Set to the format the bytes were read as.
  /// - Returns: The value.
  /// - Throws: As `decode(_:from:)` throws.
  public func decode<T: Decodable>(
    _ type: T.Type, from bytes: some Collection<UInt8>, format: inout PlistFormat
  ) throws -> T {
    let parsed: (value: PlistValue, format: PlistFormat)
    do {
      parsed = try PropertyList.decode(bytes)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: [], debugDescription: "The given data was not a valid property list.",
          underlyingError: error))
    }
    let result = try decode(type, from: parsed.value, strictReals: parsed.format == .binary)
    format = parsed.format
    return result
  }

  /// Decodes a value from a `PlistValue`.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - value: The property-list value.
  /// - Returns: The value.
  /// - Throws: `DecodingError` naming the coding path of the problem: `keyNotFound`,
  ///   `valueNotFound` (a missing array element, or `$null` where a value is needed),
  ///   `typeMismatch`, or `dataCorrupted` (a number that does not fit, nesting deeper than
  ///   `PropertyList.maximumDepth`); or whatever a value's `init(from:)` throws.
  public func decode<T: Decodable>(_ type: T.Type, from value: PlistValue) throws -> T {
    try decode(type, from: value, strictReals: false)
  }

  private func decode<T: Decodable>(_ type: T.Type, from value: PlistValue, strictReals: Bool)
    throws -> T
  {
    let options = Options(userInfo: userInfo, strictReals: strictReals)
    let decoder = ValueDecoder(value: value, codingPath: [], options: options)
    return try ValueDecoder.unwrap(type, from: value, at: decoder)
  }
}
