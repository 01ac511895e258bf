/// The bytes of a plist `data` value.
public struct PlistData: Sendable, Hashable {
  /// The bytes.
  public var bytes: [UInt8]

  /// Wraps bytes.
  ///
  /// - Parameter bytes: The bytes.
  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The number of bytes.
  public var count: Int { bytes.count }
}
