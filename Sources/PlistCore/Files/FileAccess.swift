/// Whole-file reads, streamed writes to the standard streams, and atomic file replacement:
/// the file operations the command line needs, over the one libc wrapper.
public enum FileAccess {
  /// The name used for standard input in messages.
  public static let standardInputName = "<stdin>"

  /// Reads a whole file, or standard input for `-`.
  ///
  /// - Parameter path: A file path, or `-`.
  /// - Returns: The bytes.
  /// - Throws: `PlistError.system` when the file cannot be opened or read.
  public static func read(path: String) throws(PlistError) -> [UInt8] {
    do {
      if path == "-" {
        return try Platform.readAll(fd: Platform.standardInput, path: standardInputName)
      }
      return try Platform.readFile(atPath: path)
    } catch {
      throw .system(error)
    }
  }

  /// Reads and parses a property list file in any format (see `PropertyList.decode`).
  ///
  /// - Parameter path: A file path, or `-` for standard input.
  /// - Returns: The value and the format it was in.
  /// - Throws: `PlistError.system` or `PlistError.parse` naming the file.
  public static func readPropertyList(path: String) throws(PlistError)
    -> (value: PlistValue, format: PlistFormat)
  {
    let bytes = try read(path: path)
    do {
      return try PropertyList.decode(bytes)
    } catch {
      throw .parse(error, source: path == "-" ? standardInputName : path)
    }
  }

  /// Writes bytes to standard output.
  ///
  /// - Parameter bytes: The bytes.
  /// - Throws: `PlistError.system` when the write fails (a closed pipe, a full disk).
  public static func writeStandardOutput(_ bytes: [UInt8]) throws(PlistError) {
    do { try Platform.writeAll(fd: Platform.standardOutput, bytes, path: "<stdout>") } catch {
      throw .system(error)
    }
  }

  /// Writes text to standard error, ignoring failures (there is nowhere left to report them).
  ///
  /// - Parameter text: The text.
  public static func writeStandardError(_ text: String) {
    try? Platform.writeAll(fd: Platform.standardError, Array(text.utf8), path: "<stderr>")
  }

  /// Encodes a value straight to standard output in 64 KiB pieces.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - format: The format.
  ///   - options: Format choices.
  /// - Throws: `PlistError.encoding` or `PlistError.system`.
  public static func writeStandardOutput(
    _ value: PlistValue, as format: PlistFormat,
    options: PropertyList.WriteOptions = PropertyList.WriteOptions()
  ) throws(PlistError) {
    let sink = DescriptorSink(fd: Platform.standardOutput, path: "<stdout>")
    do {
      try PropertyList.encode(value, as: format, options: options) { sink.write($0) }
    } catch {
      throw .encoding(error)
    }
    if let failure = sink.failure { throw .system(failure) }
  }

  /// Replaces a file atomically with an encoded value: a temporary file beside it, written in
  /// full and flushed, then renamed over it. Readers see the old file or the new one, never a
  /// mix; on any failure the old file is untouched and the temporary file removed. When the
  /// path is a symbolic link, the file it points to is replaced and the link kept.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - format: The format.
  ///   - path: The file to replace or create.
  ///   - mode: Permissions for a new file (an existing file keeps its own).
  ///   - options: Format choices.
  /// - Throws: `PlistError.encoding` or `PlistError.system`.
  public static func writeAtomically(
    _ value: PlistValue, as format: PlistFormat, to path: String, mode: UInt32 = 0o644,
    options: PropertyList.WriteOptions = PropertyList.WriteOptions()
  ) throws(PlistError) {
    try writeAtomically(to: path, mode: mode) { (out) throws(PlistError) in
      do throws(PlistEncodingError) {
        try PropertyList.encode(value, as: format, options: options, into: out)
      } catch {
        throw .encoding(error)
      }
    }
  }

  /// Converts a property list file (or `-`, standard input) into a file, atomically. Binary to
  /// XML streams from the input's bytes without building the value tree, so memory stays near
  /// the input's size; a failure midway leaves the destination untouched.
  ///
  /// - Parameters:
  ///   - input: The file to read, or `-`.
  ///   - format: The format to write.
  ///   - destination: The file to replace or create.
  ///   - options: Format choices.
  /// - Throws: `PlistError.parse` naming the input, `.encoding`, or `.system`.
  public static func convert(
    from input: String, to format: PlistFormat, destination: String,
    options: PropertyList.WriteOptions = PropertyList.WriteOptions()
  ) throws(PlistError) {
    let bytes = try read(path: input)
    let source = input == "-" ? standardInputName : input
    guard format == .xml, PlistFormat.detect(bytes) == .binary else {
      let value: PlistValue
      do { value = try PropertyList.decode(bytes).value } catch {
        throw .parse(error, source: source)
      }
      return try writeAtomically(value, as: format, to: destination, options: options)
    }
    try writeAtomically(to: destination, mode: 0o644) { (out) throws(PlistError) in
      let failure = bytes.withUnsafeBufferPointer { buffer -> BinaryToXMLConverter.Failure? in
        do throws(BinaryToXMLConverter.Failure) {
          try BinaryToXMLConverter.convert(buffer, to: out)
          return nil
        } catch {
          return error
        }
      }
      switch failure {
      case .parse(let error)?: throw .parse(error, source: source)
      case .encoding(let error)?: throw .encoding(error)
      case nil: break
      }
    }
  }

  /// The atomic replacement itself: `produce` writes the new contents into an output that
  /// drains to the temporary file.
  static func writeAtomically(
    to path: String, mode: UInt32, produce: (ByteOutput) throws(PlistError) -> Void
  ) throws(PlistError) {
    let path = Platform.resolvingLinks(path)
    let permissions = Platform.permissions(atPath: path) ?? mode
    let temporary: (fd: Int32, path: String)
    do { temporary = try Platform.createTemporary(besides: path, mode: permissions) } catch {
      throw .system(error)
    }
    let sink = DescriptorSink(fd: temporary.fd, path: temporary.path)
    do throws(PlistError) {
      let out = ByteOutput { sink.write($0) }
      do {
        try produce(out)
        _ = out.finish()
      } catch {
        Platform.closeQuietly(temporary.fd)
        throw error
      }
      if let failure = sink.failure {
        Platform.closeQuietly(temporary.fd)
        throw .system(failure)
      }
      // syncAndClose closes the descriptor whether or not it succeeds.
      do {
        try Platform.syncAndClose(fd: temporary.fd, path: temporary.path)
        try Platform.replace(path, with: temporary.path)
      } catch {
        throw .system(error)
      }
    } catch {
      try? Platform.removeFile(atPath: temporary.path)
      throw error
    }
  }
}

/// Receives a writer's pieces and writes them to a descriptor, keeping the first failure
/// (after which it drops everything, so the encoder can finish and the caller report it).
final class DescriptorSink {
  let fd: Int32
  let path: String
  private(set) var failure: SystemError?

  init(fd: Int32, path: String) {
    self.fd = fd
    self.path = path
  }

  func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard failure == nil else { return }
    do { try Platform.writeAll(fd: fd, UnsafeRawBufferPointer(bytes), path: path) } catch {
      failure = error
    }
  }
}
