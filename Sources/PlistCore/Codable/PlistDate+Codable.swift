extension PlistDate: Codable {
  /// Encodes the date. `PlistEncoder` writes a plist date; any other encoder gets the seconds
  /// since 2001-01-01 as one `Double`, as Foundation's `Date` encodes itself.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(secondsSinceReferenceDate)
  }

  /// Decodes a date. `PlistDecoder` reads a plist date; any other decoder one `Double` of
  /// seconds since 2001-01-01.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: What the decoder throws.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(secondsSinceReferenceDate: try container.decode(Double.self))
  }
}
