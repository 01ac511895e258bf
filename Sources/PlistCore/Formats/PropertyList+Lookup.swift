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
  /// - Returns: What was found; the root read in full when it is not a dictionary;
  ///   `.needsFullRead` when the format is read in full anyway (the caller then reads it).
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

extension PropertyList {
  /// A property list read for a question about one top-level key (plutil's `-extract`,
  /// PlistBuddy's `Print :Key`): the root dictionary holding only that key's value — the
  /// others left unbuilt where the format allows, the file checked in full all the same —
  /// or the whole value where it does not (a root that is not a dictionary, OpenStep, JSON).
  /// Anything about the key reads the same from either.
  ///
  /// - Parameters:
  ///   - key: The top-level key.
  ///   - bytes: The whole file.
  /// - Returns: The value (possibly the root dictionary cut down to the key) and the format.
  /// - Throws: `PlistParseError`, as `decode(_:allowJSON:)` throws it.
  package static func decode(keepingOnly key: String, of bytes: [UInt8]) throws(PlistParseError)
    -> (value: PlistValue, format: PlistFormat)
  {
    let format = PlistFormat.detect(bytes)
    let lookup = try bytes.withUnsafeBufferPointer { (buffer) throws(PlistParseError) in
      try lookUp(key, in: buffer, format: format)
    }
    switch lookup {
    case .found(let value): return (.dictionary(PlistDictionary([(key, value)])), format)
    case .missing, .empty: return (.dictionary(PlistDictionary()), format)
    case .notADictionary(let root): return (root, format)
    case .needsFullRead: return try decode(bytes)
    }
  }
}
