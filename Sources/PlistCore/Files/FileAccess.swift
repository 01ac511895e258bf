/// Whole-file reads, streamed writes to descriptors, and atomic file replacement, over the
/// one libc wrapper.
package enum FileAccess {
  /// Reads a whole file (or a pipe, a device: whatever the path names), up to a limit.
  ///
  /// - Parameters:
  ///   - path: A file path.
  ///   - maximumSize: The most bytes read (`FileLimits.maximumSize`).
  /// - Returns: The bytes.
  /// - Throws: `PlistError.system` when the file cannot be opened or read;
  ///   `.inputTooLarge` past the limit.
  package static func read(path: String, maximumSize: Int = FileLimits.standard.maximumSize)
    throws(PlistError) -> [UInt8]
  {
    let contents: Platform.FileContents<[UInt8]>
    do {
      contents = try Platform.readFile(atPath: path, limit: maximumSize, regularOnly: false)
    } catch {
      throw .system(error)
    }
    return try bytes(of: contents, path, maximumSize)
  }

  /// Reads a file that must be a regular one — a domain's, a cloud replica's: a FIFO planted
  /// there would make every reader wait for a writer — up to a limit. Nil when there is no
  /// file.
  static func readRegularFile(path: String, maximumSize: Int) throws(PlistError) -> [UInt8]? {
    try regularFile(path, maximumSize) { () throws(SystemError) in
      try Platform.readFile(atPath: path, limit: maximumSize, regularOnly: true)
    }
  }

  /// `readRegularFile(path:maximumSize:)` into memory of its own rather than an array
  /// (`Platform.readRegularFileBytes`); nil when there is no file.
  static func readRegularFileBytes(path: String, maximumSize: Int) throws(PlistError)
    -> FileBytes?
  {
    try regularFile(path, maximumSize) { () throws(SystemError) in
      try Platform.readRegularFileBytes(atPath: path, limit: maximumSize)
    }
  }

  /// What `read` found, or nil when there is no file; the errors of a file that must be a
  /// regular one.
  static func regularFile<Bytes>(
    _ path: String, _ maximumSize: Int,
    _ read: () throws(SystemError) -> Platform.FileContents<Bytes>
  ) throws(PlistError) -> Bytes? {
    let contents: Platform.FileContents<Bytes>
    do {
      contents = try read()
    } catch {
      if error.errno == .noSuchFileOrDirectory { return nil }
      throw .system(error)
    }
    return try bytes(of: contents, path, maximumSize)
  }

  /// The bytes read, or the error for a file that is not a regular one or is too large.
  private static func bytes<Bytes>(
    of contents: Platform.FileContents<Bytes>, _ path: String, _ maximumSize: Int
  ) throws(PlistError) -> Bytes {
    switch contents {
    case .bytes(let bytes): return bytes
    case .notRegular: throw .notARegularFile(path: path)
    case .tooLarge: throw .inputTooLarge(source: path, limit: maximumSize)
    }
  }

  /// Reads an open descriptor (a pipe, a terminal, a file) to its end, up to a limit.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor.
  ///   - name: How errors name it, e.g. `<stdin>`.
  ///   - maximumSize: The most bytes read (`FileLimits.maximumSize`).
  /// - Returns: The bytes.
  /// - Throws: `PlistError.system`; `.inputTooLarge` past the limit.
  package static func readAll(
    descriptor: Int32, name: String, maximumSize: Int = FileLimits.standard.maximumSize
  ) throws(PlistError) -> [UInt8] {
    let bytes: [UInt8]?
    do { bytes = try Platform.readAll(fd: descriptor, path: name, limit: maximumSize) } catch {
      throw .system(error)
    }
    guard let bytes else { throw .inputTooLarge(source: name, limit: maximumSize) }
    return bytes
  }

  /// Takes the lock of a directory, waiting for another process's at most
  /// `timeoutMilliseconds`; close the descriptor to release it.
  ///
  /// - Throws: `PlistError.lockTimedOut` (naming the holder, when it can be told), `.system`.
  static func lockDirectory(_ directory: String, timeoutMilliseconds: Int) throws(PlistError)
    -> Int32
  {
    do {
      return try Platform.lockDirectory(directory, timeoutMilliseconds: timeoutMilliseconds)
    } catch {
      guard error.errno == .timedOut else { throw .system(error) }
      let holder = Platform.lockHolder(ofFileAt: directory).map {
        PlistError.LockHolder(process: $0.process, stopped: $0.stopped)
      }
      throw .lockTimedOut(directory: directory, milliseconds: timeoutMilliseconds, holder: holder)
    }
  }

  /// Parses a property list in any format, naming its source in the error.
  ///
  /// - Parameters:
  ///   - bytes: The whole input.
  ///   - source: A path, or a stream's name such as `<stdin>`.
  /// - Returns: The value and the format it was in.
  /// - Throws: `PlistError.parse` naming the source.
  package static func decode(_ bytes: [UInt8], source: String) throws(PlistError)
    -> (value: PlistValue, format: PlistFormat)
  {
    do { return try PropertyList.decode(bytes) } catch { throw .parse(error, source: source) }
  }

  /// Reads and parses a property list file in any format (see `PropertyList.decode`).
  ///
  /// - Parameter path: A file path.
  /// - Returns: The value and the format it was in.
  /// - Throws: `PlistError.system` or `PlistError.parse` naming the file.
  package static func readPropertyList(path: String) throws(PlistError)
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
  package static func write(_ bytes: [UInt8], toDescriptor descriptor: Int32, name: String)
    throws(PlistError)
  {
    do { try Platform.writeAll(fd: descriptor, bytes, path: name) } catch { throw .system(error) }
  }

  /// Writes text to an open descriptor, retrying short writes; straight from the string's
  /// storage (a `read D K` makes no array).
  ///
  /// - Parameters:
  ///   - text: The text, written as UTF-8.
  ///   - descriptor: The descriptor.
  ///   - name: How errors name it, e.g. `<stdout>`.
  /// - Throws: `PlistError.system` when the write fails (a closed pipe, a full disk).
  package static func write(_ text: String, toDescriptor descriptor: Int32, name: String)
    throws(PlistError)
  {
    var text = text
    let failure = text.withUTF8 { bytes -> SystemError? in
      do throws(SystemError) {
        try Platform.writeAll(fd: descriptor, UnsafeRawBufferPointer(bytes), path: name)
      } catch {
        return error
      }
      return nil
    }
    if let failure { throw .system(failure) }
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
  package static func encode(
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
  /// path is a symbolic link, the file it points to is replaced and the link kept. The write
  /// holds the lock of the file's directory that domain writes take, and so replaces what a
  /// killed writer of the same file left (`<file>.plistctl-new`).
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - format: The format.
  ///   - path: The file to replace or create.
  ///   - mode: Permissions for a new file, less the umask (an existing file keeps its own,
  ///     and its owner and group).
  ///   - options: Format choices.
  ///   - intoSpecialOutputs: An output a user named: `/dev/stdout`, a FIFO or a terminal is
  ///     written into (`writeIntoSpecialOutput`) rather than replaced.
  /// - Throws: `PlistError.encoding`, `.lockTimedOut` or `.system`.
  package static func writeAtomically(
    _ value: PlistValue, as format: PlistFormat, to path: String, mode: UInt32 = 0o644,
    options: PropertyList.WriteOptions = PropertyList.WriteOptions(),
    intoSpecialOutputs: Bool = false
  ) throws(PlistError) {
    if intoSpecialOutputs,
      try writeIntoSpecialOutput(
        path, { () throws(PlistError) in try encode(value, format, options) })
    {
      return
    }
    try lockingDirectory(of: path) { (naming) throws(PlistError) in
      try writeAtomically(value, as: format, to: path, mode: mode, options: options, naming: naming)
      { _ in true }
    }
  }

  /// An output a user names as `/dev/stdout` (or `/dev/stderr`, `/dev/fd/N`), a FIFO or a
  /// character device is written into, not replaced: renaming a file over it would put a
  /// regular file in its place — through `/dev/stdout`, one named `pipe:[N]` in the current
  /// directory. The bytes are made in full first, so an input or value that fails writes
  /// nothing. (Only for outputs a user names: a program's own files are always replaced.)
  ///
  /// - Returns: Whether `path` named such an output (and it was written).
  static func writeIntoSpecialOutput(
    _ path: String, _ produce: () throws(PlistError) -> [UInt8]
  ) throws(PlistError) -> Bool {
    guard let output = Platform.specialOutput(atPath: path) else { return false }
    let bytes = try produce()
    do { return try Platform.writeInto(output, path: path, bytes) } catch { throw .system(error) }
  }

  private static func encode(
    _ value: PlistValue, _ format: PlistFormat, _ options: PropertyList.WriteOptions
  ) throws(PlistError) -> [UInt8] {
    do { return try PropertyList.encode(value, as: format, options: options) } catch {
      throw .encoding(error)
    }
  }

  /// Runs `body` holding the lock of the directory of the file `path` names (through its
  /// links), with the temporary file's name that the lock allows (`.fixed`); where the
  /// directory cannot be opened to lock (no read permission), without it and with a unique
  /// name.
  static func lockingDirectory(
    of path: String, _ body: (Platform.TemporaryName) throws(PlistError) -> Void
  ) throws(PlistError) {
    let directory: String
    do { directory = Platform.directory(of: try Platform.writeTarget(of: path)) } catch {
      throw .system(error)
    }
    let lock: Int32
    do {
      lock = try lockDirectory(
        directory, timeoutMilliseconds: FileLimits.standard.lockTimeoutMilliseconds)
    } catch {
      guard case .system(let failure) = error, failure.errno == .permissionDenied else {
        throw error
      }
      return try body(.unique)
    }
    defer { Platform.closeQuietly(lock) }
    try body(.fixed)
  }

  /// Replaces a file atomically with bytes (see `writeAtomically(_:as:to:mode:options:)`).
  ///
  /// - Parameters:
  ///   - path: The file to replace or create.
  ///   - bytes: Its new contents.
  ///   - mode: Permissions for a new file.
  /// - Throws: `PlistError.system`.
  static func replaceContents(of path: String, with bytes: [UInt8], mode: UInt32 = 0o644)
    throws(PlistError)
  {
    try lockingDirectory(of: path) { (naming) throws(PlistError) in
      try writeAtomically(to: path, mode: mode, naming: naming) { out in out.append(bytes) }
    }
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
    try writeDomainFile(
      to: path, mode: mode, stampNanoseconds: stampNanoseconds, beforeReplace: beforeReplace,
      restamped: restamped
    ) { (out) throws(PlistError) in
      do throws(PlistEncodingError) {
        try PropertyList.encode(value, as: format, options: PropertyList.WriteOptions(), into: out)
      } catch {
        throw .encoding(error)
      }
    }
  }

  /// `writeDomainFile(_:as:to:mode:stampNanoseconds:beforeReplace:restamped:)` with the
  /// contents made by `produce` (a write of one key copies the rest of the old file).
  static func writeDomainFile(
    to path: String, mode: UInt32, stampNanoseconds: Int, beforeReplace: (FileIdentity?) -> Bool,
    restamped: (FileIdentity?) -> Void, produce: (ByteOutput) throws(PlistError) -> Void
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
      to: path, mode: mode, naming: .fixed, beforeReplace: stampThenReport, produce: produce)
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
    options: PropertyList.WriteOptions, naming: Platform.TemporaryName = .unique,
    beforeReplace: (String) -> Bool
  ) throws(PlistError) -> Bool {
    try writeAtomically(to: path, mode: mode, naming: naming, beforeReplace: beforeReplace) {
      (out) throws(PlistError) in
      do throws(PlistEncodingError) {
        try PropertyList.encode(value, as: format, options: options, into: out)
      } catch {
        throw .encoding(error)
      }
    }
  }

  /// The atomic replacement itself: `produce` writes the new contents into an output that
  /// drains to the temporary file; `beforeReplace` may still abandon it (returning false),
  /// and the temporary file is removed. Errors name `path`, not the temporary file. A
  /// writer holding the lock of the target's directory names its temporary file `.fixed`
  /// (a killed writer's leftover is then replaced by the next write).
  ///
  /// - Returns: Whether the file was replaced.
  @discardableResult
  static func writeAtomically(
    to path: String, mode: UInt32, naming: Platform.TemporaryName = .unique,
    beforeReplace: (String) -> Bool = { _ in true },
    produce: (ByteOutput) throws(PlistError) -> Void
  ) throws(PlistError) -> Bool {
    let target: String
    let temporary: Platform.Temporary
    do {
      target = try Platform.writeTarget(of: path)
      temporary = try Platform.createTemporary(for: target, naming: naming, mode: mode)
    } catch {
      throw .system(error)
    }
    let sink = DescriptorSink(fd: temporary.fd, path: target)
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
        try Platform.syncAndClose(fd: temporary.fd, path: target)
        Platform.pauseIfAsked(at: "before-rename")
        guard beforeReplace(temporary.path) else {
          Platform.removeTemporary(temporary)
          return false
        }
        try Platform.replace(target, with: temporary)
      } catch {
        throw .system(error)
      }
    } catch {
      Platform.removeTemporary(temporary)
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
