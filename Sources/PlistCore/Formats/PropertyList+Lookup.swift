// MARK: - One top-level key

extension PropertyList {
  /// The value of one key of a property list's root dictionary, without building the other
  /// values where the format allows (binary, XML); the file is checked in full all the same, so
  /// whatever a full read refuses is refused here with the same error.
  ///
  /// - Parameters:
  ///   - key: The top-level key.
  ///   - bytes: The whole file, not empty.
  ///   - format: Its format, when the caller detected it already.
  /// - Returns: What was found; `.needsFullRead` when the root is not a dictionary or the
  ///   format is read in full anyway (the caller then reads it in full).
  /// - Throws: `PlistParseError`, as `decode(_:allowJSON:)` throws it.
  static func lookUp(
    _ key: String, in bytes: UnsafeBufferPointer<UInt8>, format: PlistFormat? = nil
  ) throws(PlistParseError) -> TopLevelLookup {
    switch format ?? PlistFormat.detect(head: bytes) {
    case .binary: return try BinaryPlistReader.lookUp(key, in: bytes)
    case .xml: return try XMLPlistReader.lookUp(key, in: bytes)
    default: return .needsFullRead
    }
  }
}
