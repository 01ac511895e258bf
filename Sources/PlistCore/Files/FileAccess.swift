/// Whole-file reads, streamed writes to descriptors, and atomic file replacement, over the
/// one libc wrapper.
public enum FileAccess {
  /// Reads a whole file.
  ///
  /// - Parameter path: A file path.
  /// - Returns: The bytes.
  /// - Throws: `PlistError.system` when the file cannot be opened or read.
  public static func read(path: String) throws(PlistError) -> [UInt8] {
    do { return try Platform.readFile(atPath: path) } catch { throw .system(error) }
  }

  /// Reads an open descriptor (a pipe, a terminal, a file) to its end.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor.
  ///   - name: How errors name it, e.g. `<stdin>`.
  /// - Returns: The bytes.
  /// - Throws: `PlistError.system`.
  public static func readAll(descriptor: Int32, name: String) throws(PlistError) -> [UInt8] {
    do { return try Platform.readAll(fd: descriptor, path: name) } catch { throw .system(error) }
  }

  /// Parses a property list in any format, naming its source in the error.
  ///
  /// - Parameters:
  ///   - bytes: The whole input.
  ///   - source: A path, or a stream's name such as `<stdin>`.
  /// - Returns: The value and the format it was in.
  /// - Throws: `PlistError.parse` naming the source.
  public static func decode(_ bytes: [UInt8], source: String) throws(PlistError)
    -> (value: PlistValue, format: PlistFormat)
  {
    do { return try PropertyList.decode(bytes) } catch { throw .parse(error, source: source) }
  }

  /// Reads and parses a property list file in any format (see `PropertyList.decode`).
  ///
  /// - Parameter path: A file path.
  /// - Returns: The value and the format it was in.
  /// - Throws: `PlistError.system` or `PlistError.parse` naming the file.
  public static func readPropertyList(path: String) throws(PlistError)
    -> (value: PlistValue, format: PlistFormat)
  {
    try decode(try read(path: path), source: path)
  }

  /// Writes bytes to an open descriptor, retrying short writes.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - descriptor: The descriptor.
  ///   - name: How errors name it, e.g. `<stdout>`.
  /// - Throws: `PlistError.system` when the write fails (a closed pipe, a full disk).
  public static func write(_ bytes: [UInt8], toDescriptor descriptor: Int32, name: String)
    throws(PlistError)
  {
    do { try Platform.writeAll(fd: descriptor, bytes, path: name) } catch { throw .system(error) }
  }

  /// Encodes a value straight to an open descriptor in 64 KiB pieces.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - format: The format.
  ///   - options: Format choices.
  ///   - descriptor: The descriptor.
  ///   - name: How errors name it, e.g. `<stdout>`.
  /// - Throws: `PlistError.encoding` or `PlistError.system`.
  public static func encode(
    _ value: PlistValue, as format: PlistFormat,
    options: PropertyList.WriteOptions = PropertyList.WriteOptions(),
    toDescriptor descriptor: Int32, name: String
  ) throws(PlistError) {
    let sink = DescriptorSink(fd: descriptor, path: name)
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
    try writeAtomically(value, as: format, to: path, mode: mode, options: options) { _ in true }
  }

  /// Replaces a file atomically with bytes (see `writeAtomically(_:as:to:mode:options:)`).
  ///
  /// - Parameters:
  ///   - path: The file to replace or create.
  ///   - bytes: Its new contents.
  ///   - mode: Permissions for a new file.
  /// - Throws: `PlistError.system`.
  public static func replaceContents(of path: String, with bytes: [UInt8], mode: UInt32 = 0o644)
    throws(PlistError)
  {
    try writeAtomically(to: path, mode: mode) { out in out.append(bytes) }
  }

  /// `writeAtomically(_:as:to:mode:options:)` for a domain file that a running Foundation
  /// app may hold: the new file's modification time is stamped a second ahead, and
  /// `beforeReplace` is called with the finished temporary file's identity just before it is
  /// renamed into place (false: the write is abandoned, and false returned); `restamped`,
  /// with the new identity, if the stamp had to be moved on after the rename. The stamp's
  /// sub-second part is `stampNanoseconds` (`AppSaveMark`).
  ///
  /// Why the stamp: CoreFoundation on Linux reads modification times in whole seconds, and
  /// an app whose in-place write was overtaken by ours re-reads the file only when it looks
  /// newer than the app's last read — a file written in the same second does not, and the
  /// app writes its stale copy over ours. A time in the next second always looks newer
  /// (docs/defaults-system.md has the measurements). The stamp, whole milliseconds, also
  /// tells this file from one saved in place by an app, whose time has the nanoseconds of the
  /// moment (`FileIdentity.isStamped`).
  static func writeDomainFile(
    _ value: PlistValue, as format: PlistFormat, to path: String, mode: UInt32,
    stampNanoseconds: Int = 0, beforeReplace: (FileIdentity?) -> Bool,
    restamped: (FileIdentity?) -> Void = { _ in }
  ) throws(PlistError) -> Bool {
    var stamped = 0
    var written: FileIdentity?
    let stampThenReport = { (temporary: String) in
      stamped = Platform.currentSecond() + 1
      Platform.stampModificationTime(
        atPath: temporary, second: stamped, nanoseconds: stampNanoseconds)
      written = Platform.identity(atPath: temporary)
      return beforeReplace(written)
    }
    let replaced = try writeAtomically(
      value, as: format, to: path, mode: mode, options: PropertyList.WriteOptions(),
      beforeReplace: stampThenReport)
    guard replaced else { return false }
    // Should the clock have reached that second meanwhile, stay ahead of it — if the file is
    // still ours: a stamp on an app's save since the rename would hide that save.
    let target = Platform.resolvingLinks(path)
    if Platform.currentSecond() >= stamped,
      Platform.identity(atPath: target)?.ignoringChangeTime == written?.ignoringChangeTime
    {
      Platform.stampModificationTime(
        atPath: target, second: Platform.currentSecond() + 1, nanoseconds: stampNanoseconds)
      restamped(Platform.identity(atPath: target))
    }
    return true
  }

  /// `writeAtomically(_:as:to:mode:options:)`, calling `beforeReplace` with the finished
  /// temporary file's path just before it is renamed into place (false: abandoned).
  @discardableResult
  static func writeAtomically(
    _ value: PlistValue, as format: PlistFormat, to path: String, mode: UInt32,
    options: PropertyList.WriteOptions, beforeReplace: (String) -> Bool
  ) throws(PlistError) -> Bool {
    try writeAtomically(to: path, mode: mode, beforeReplace: beforeReplace) {
      (out) throws(PlistError) in
      do throws(PlistEncodingError) {
        try PropertyList.encode(value, as: format, options: options, into: out)
      } catch {
        throw .encoding(error)
      }
    }
  }

  /// Converts a property list into a file, atomically. Binary to XML streams from the
  /// input's bytes without building the value tree, so memory stays near the input's size; a
  /// failure midway leaves the destination untouched.
  ///
  /// - Parameters:
  ///   - bytes: The property list, in any format.
  ///   - source: Where it came from, for errors (a path, or `<stdin>`).
  ///   - format: The format to write.
  ///   - destination: The file to replace or create.
  ///   - options: Format choices.
  /// - Throws: `PlistError.parse` naming the source, `.encoding`, or `.system`.
  public static func convert(
    _ bytes: [UInt8], source: String, to format: PlistFormat, destination: String,
    options: PropertyList.WriteOptions = PropertyList.WriteOptions()
  ) throws(PlistError) {
    guard format == .xml, PlistFormat.detect(bytes) == .binary else {
      let value = try decode(bytes, source: source).value
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
  /// drains to the temporary file; `beforeReplace` may still abandon it (returning false),
  /// and the temporary file is removed.
  ///
  /// - Returns: Whether the file was replaced.
  @discardableResult
  static func writeAtomically(
    to path: String, mode: UInt32, beforeReplace: (String) -> Bool = { _ in true },
    produce: (ByteOutput) throws(PlistError) -> Void
  ) throws(PlistError) -> Bool {
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
        guard beforeReplace(temporary.path) else {
          try? Platform.removeFile(atPath: temporary.path)
          return false
        }
        try Platform.replace(path, with: temporary.path)
      } catch {
        throw .system(error)
      }
    } catch {
      try? Platform.removeFile(atPath: temporary.path)
      throw error
    }
    return true
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
