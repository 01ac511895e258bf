extension PlistData: Codable {
  /// Encodes the bytes. `PlistEncoder` writes plist data; any other encoder gets an array of
  /// `UInt8`, as Foundation's `Data` encodes itself.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(contentsOf: bytes)
  }

  /// Decodes bytes. `PlistDecoder` reads plist data; any other decoder an array of `UInt8`.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: What the decoder throws.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var bytes: [UInt8] = []
    if let count = container.count { bytes.reserveCapacity(count) }
    while !container.isAtEnd { bytes.append(try container.decode(UInt8.self)) }
    self.init(bytes)
  }
}
