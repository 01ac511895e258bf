/// Encodes `Encodable` values as property lists, as Foundation's `PropertyListEncoder` does,
/// without Foundation.
///
/// Dates are written as plist dates (`PlistDate`), data as plist data (`PlistData`), and a
/// `PlistValue` as itself. nil is written as the string `$null`, as Foundation writes it, and
/// a superclass goes under the key `super`. The XML and binary bytes are the ones
/// `PropertyListEncoder` writes for the same values (docs/formats.md lists the few
/// exceptions), and `PlistDecoder` reads them back.
public struct PlistEncoder: Sendable {
  /// The format `encode(_:)` writes: binary by default, as in Foundation.
  public var outputFormat: PlistFormat = .binary

  /// Contextual information for the values' `encode(to:)`, as `Encoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// What every `ValueEncoder` of one encoding shares.
  struct Options {
    var userInfo: [CodingUserInfoKey: any Sendable]
  }

  /// Creates an encoder that writes binary property lists.
  public init() {}

  /// Encodes a value as a property list in `outputFormat`.
  ///
  /// As in Foundation, the top-level value must encode a dictionary, an array or data: a
  /// lone number, string, boolean or date is refused.
  ///
  /// - Parameter value: The value.
  /// - Returns: The bytes of the property list.
  /// - Throws: `EncodingError.invalidValue` with the coding path `[]` and the debug
  ///   description `Unable to encode the given top-level value as a property list`, whatever
  ///   went wrong, as Foundation throws it: the cause is its `underlyingError` (the error a
  ///   value threw, a top-level fragment, nesting deeper than `PropertyList.maximumDepth`, or
  ///   a value the format cannot hold, such as a date in OpenStep).
  public func encode<T: Encodable>(_ value: T) throws(EncodingError) -> [UInt8] {
    do {
      let encoded = try encodeTopLevel(value)
      if let kind = encoded.fragmentKind {
        throw EncodingError.invalidValue(
          value,
          .init(
            codingPath: [],
            debugDescription: "Top-level \(T.self) encoded as \(kind) property list fragment."))
      }
      return try write(encoded)
    } catch {
      throw Self.topLevelError(value, underlying: error)
    }
  }

  /// Encodes a value as a `PlistValue`, which may be a lone scalar.
  ///
  /// The value is the one `encode(_:)` writes, in the model every format shares: dictionary
  /// keys in CoreFoundation's order, a `Float` widened to a real, nil as the string `$null`.
  ///
  /// - Parameter value: The value.
  /// - Returns: The property-list value.
  /// - Throws: `EncodingError.invalidValue` as `encode(_:)` throws it.
  public func encodeToValue<T: Encodable>(_ value: T) throws(EncodingError) -> PlistValue {
    do {
      return try encodeTopLevel(value).plistValue()
    } catch {
      throw Self.topLevelError(value, underlying: error)
    }
  }

  // MARK: - Steps

  private func encodeTopLevel<T: Encodable>(_ value: T) throws -> EncodedValue {
    let encoder = ValueEncoder(options: Options(userInfo: userInfo), codingPath: [])
    guard let encoded = try encoder.wrapIfEncoded(value, key: nil) else {
      throw EncodingError.invalidValue(
        value,
        .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }
    return encoded
  }

  private func write(_ encoded: EncodedValue) throws -> [UInt8] {
    switch outputFormat {
    case .xml: return try EncodedXMLWriter.write(encoded)
    case .binary: return try EncodedBinaryWriter.write(encoded)
    case .openStep, .json: return try PropertyList.encode(encoded.plistValue(), as: outputFormat)
    }
  }

  private static func topLevelError<T>(_ value: T, underlying: any Error) -> EncodingError {
    EncodingError.invalidValue(
      value,
      .init(
        codingPath: [],
        debugDescription: "Unable to encode the given top-level value as a property list",
        underlyingError: underlying))
  }
}
