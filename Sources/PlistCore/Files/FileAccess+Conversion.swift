// MARK: - Converting a property list into another format

extension FileAccess {
  /// Converts a property list into a file, atomically. No value tree is built where a path
  /// without one exists: binary to XML, JSON and OpenStep stream from the input's bytes,
  /// binary to binary walks the file's objects, XML to binary reads into flat storage, and
  /// JSON and OpenStep are read into a binary image first. Memory stays near the input's
  /// size; a failure midway leaves the destination untouched.
  ///
  /// - Parameters:
  ///   - bytes: The property list, in any format.
  ///   - source: Where it came from, for errors (a path, or `<stdin>`).
  ///   - format: The format to write.
  ///   - destination: The file to replace or create.
  ///   - options: Format choices.
  ///   - exiting: The process ends right after: the value tree, if one was built, is left
  ///     for the exit to reclaim instead of being freed object by object (5 % of a 10 MB
  ///     XML to binary conversion).
  ///   - intoSpecialOutputs: As for `writeAtomically(_:as:to:mode:options:intoSpecialOutputs:)`.
  /// - Throws: `PlistError.parse` naming the source, `.encoding`, or `.system`.
  ///
  /// Which path a conversion takes is `PropertyListConversion`'s; this is where its bytes go.
  package static func convert(
    _ bytes: consuming [UInt8], source: String, to format: PlistFormat, destination: String,
    options: PropertyList.WriteOptions = PropertyList.WriteOptions(), exiting: Bool = false,
    intoSpecialOutputs: Bool = false
  ) throws(PlistError) {
    let input = PropertyListConversion.Input(bytes)
    if intoSpecialOutputs,
      try writeIntoSpecialOutput(
        destination,
        { () throws(PlistError) in
          try converted(input, source: source, to: format, options: options, exiting: exiting)
        })
    {
      return
    }
    try lockingDirectory(of: destination) { (naming) throws(PlistError) in
      try PropertyListConversion.convert(
        input, source: source, to: format, options: options, exiting: exiting
      ) {
        (produce) throws(PlistError) in
        try writeAtomically(to: destination, mode: 0o644, naming: naming, produce: produce)
      }
    }
  }

  /// The conversion made in memory, for an output that is written into rather than replaced
  /// (a FIFO, `/dev/stdout`): written only once whole, so a bad input writes nothing.
  private static func converted(
    _ input: PropertyListConversion.Input, source: String, to format: PlistFormat,
    options: PropertyList.WriteOptions, exiting: Bool
  ) throws(PlistError) -> [UInt8] {
    var result: [UInt8] = []
    try PropertyListConversion.convert(
      input, source: source, to: format, options: options, exiting: exiting
    ) {
      (produce) throws(PlistError) in
      let out = ByteOutput()
      try produce(out)
      result = out.finish()
    }
    return result
  }

  /// Converts a file into another format in place, holding the lock of its directory that
  /// a domain write to the file takes (so neither loses the other's change), and reading it
  /// under that lock.
  ///
  /// - Parameters:
  ///   - path: The file (through its symbolic links).
  ///   - format: The format to write.
  ///   - options: Format choices.
  ///   - limits: The most bytes read, and how long to wait for the lock.
  /// - Throws: `PlistError.parse` naming the file, `.encoding`, `.lockTimedOut`, `.system`.
  package static func convertInPlace(
    path: String, to format: PlistFormat,
    options: PropertyList.WriteOptions = PropertyList.WriteOptions(),
    limits: FileLimits = .standard
  ) throws(PlistError) {
    let target: String
    do { target = try Platform.writeTarget(of: path) } catch { throw .system(error) }
    let lock = try lockDirectory(
      Platform.directory(of: target), timeoutMilliseconds: limits.lockTimeoutMilliseconds)
    defer { Platform.closeQuietly(lock) }
    let input = PropertyListConversion.Input(
      try read(path: target, maximumSize: limits.maximumSize))
    try PropertyListConversion.convert(
      input, source: path, to: format, options: options, exiting: false
    ) {
      (produce) throws(PlistError) in
      try writeAtomically(to: target, mode: 0o644, naming: .fixed, produce: produce)
    }
  }
}
