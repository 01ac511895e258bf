// MARK: - Decoding, from an array or from any collection of bytes

extension PropertyList {
  /// Parses a property list in a known format.
  ///
  /// - Parameters:
  ///   - bytes: The whole input.
  ///   - format: Its format.
  /// - Returns: The value.
  /// - Throws: `PlistParseError` naming the format and the position of the first problem.
  public static func decode(_ bytes: [UInt8], as format: PlistFormat) throws(PlistParseError)
    -> PlistValue
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(PlistParseError) in
      try decode(buffer: buffer, as: format)
    }
  }

  /// Parses a property list in a known format from any bytes: an `ArraySlice<UInt8>`, an
  /// `UnsafeRawBufferPointer`, a `Data`. Contiguous storage is read in place; other
  /// collections are copied once.
  ///
  /// - Parameters:
  ///   - bytes: The whole input.
  ///   - format: Its format.
  /// - Returns: The value.
  /// - Throws: `PlistParseError` naming the format and the position of the first problem.
  public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes, as format: PlistFormat)
    throws(PlistParseError) -> PlistValue
  {
    try withContiguousBytes(bytes) { (buffer) throws(PlistParseError) in
      try decode(buffer: buffer, as: format)
    }
  }

  /// Parses a property list in whatever format it is: binary, XML or OpenStep as
  /// CoreFoundation detects them, and JSON when the text is not OpenStep but is JSON.
  ///
  /// - Parameters:
  ///   - bytes: The whole input.
  ///   - allowJSON: Whether to try JSON when the OpenStep reading fails.
  /// - Returns: The value and the format it was read as.
  /// - Throws: `PlistParseError`; when both OpenStep and JSON fail, the error of the reader
  ///   that got further.
  public static func decode(_ bytes: [UInt8], allowJSON: Bool = true) throws(PlistParseError)
    -> (value: PlistValue, format: PlistFormat)
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(PlistParseError) in
      try decode(buffer: buffer, allowJSON: allowJSON)
    }
  }

  /// Parses a property list in whatever format it is, from any bytes (see
  /// `decode(_:allowJSON:)` for the detection and `decode(_:as:)` for the bytes).
  ///
  /// - Parameters:
  ///   - bytes: The whole input.
  ///   - allowJSON: Whether to try JSON when the OpenStep reading fails.
  /// - Returns: The value and the format it was read as.
  /// - Throws: `PlistParseError`; when both OpenStep and JSON fail, the error of the reader
  ///   that got further.
  public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes, allowJSON: Bool = true)
    throws(PlistParseError) -> (value: PlistValue, format: PlistFormat)
  {
    try withContiguousBytes(bytes) { (buffer) throws(PlistParseError) in
      try decode(buffer: buffer, allowJSON: allowJSON)
    }
  }

  // MARK: - On a buffer

  static func decode(buffer: UnsafeBufferPointer<UInt8>, as format: PlistFormat)
    throws(PlistParseError) -> PlistValue
  {
    guard !buffer.isEmpty else {
      throw PlistParseError(format: format, kind: .empty, position: .wholeInput)
    }
    switch format {
    case .xml: return try XMLPlistReader.read(buffer)
    case .binary: return try BinaryPlistReader.read(buffer)
    case .openStep: return try OpenStepReader.read(buffer)
    case .json: return try JSONPlistReader.read(buffer)
    }
  }

  static func decode(buffer: UnsafeBufferPointer<UInt8>, allowJSON: Bool)
    throws(PlistParseError) -> (value: PlistValue, format: PlistFormat)
  {
    let format = PlistFormat.detect(head: buffer)
    do {
      return (try decode(buffer: buffer, as: format), format)
    } catch let openStepError where format == .openStep && allowJSON && looksLikeJSON(buffer) {
      do {
        return (try decode(buffer: buffer, as: .json), .json)
      } catch let jsonError {
        throw jsonError.position.isAfter(openStepError.position) ? jsonError : openStepError
      }
    }
  }

  /// Whether text that OpenStep refuses is read again as JSON: it starts with `{` or `[`.
  static func looksLikeJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first(where: { !ASCII.isSpace($0) }) else { return false }
    return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
  }

  /// Runs `body` on the bytes in place when they are contiguous, else on one copy.
  private static func withContiguousBytes<Bytes: Collection<UInt8>, Result>(
    _ bytes: Bytes,
    _ body: (UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> Result
  ) throws(PlistParseError) -> Result {
    let inPlace = bytes.withContiguousStorageIfAvailable { buffer in
      Swift.Result { () throws(PlistParseError) in try body(buffer) }
    }
    if let inPlace { return try inPlace.get() }
    return try Array(bytes).withUnsafeBufferPointer { (buffer) throws(PlistParseError) in
      try body(buffer)
    }
  }
}

extension PlistParseError.Position {
  fileprivate func isAfter(_ other: PlistParseError.Position) -> Bool {
    switch (self, other) {
    case (.line(let l1, let c1), .line(let l2, let c2)): return (l1, c1) > (l2, c2)
    case (.byteOffset(let a), .byteOffset(let b)): return a > b
    default: return false
    }
  }
}
