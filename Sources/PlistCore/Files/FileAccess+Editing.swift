// MARK: - Editing a whole property-list file (plutil's and PlistBuddy's writes)

extension FileAccess {
  /// A property-list file as an editing tool holds it: its value and the format it is in, so
  /// that a rewrite keeps the format unless asked for another.
  package struct EditedFile: Sendable, Equatable {
    /// The whole value (any type at the top).
    package var value: PlistValue
    /// The format it was read in, or is to be written in.
    package var format: PlistFormat

    package init(value: PlistValue, format: PlistFormat) {
      self.value = value
      self.format = format
    }
  }

  /// Edits a property-list file as a whole, under the lock of its directory that every write
  /// here takes (a domain write to the same file waits, and neither loses the other's
  /// change): reads it afresh (nil when there is none) and hands it to `body` with a `write`
  /// that replaces the file atomically while the lock is still held — through a symbolic
  /// link to its target, owner and mode kept, a new file 0644 less the umask. A file that
  /// cannot be read or parsed is reported before `body` runs, so it is never written over.
  /// `write` may be called any number of times (PlistBuddy's `Save`) or never.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - limits: The most bytes read, and how long to wait for the lock.
  ///   - options: Format choices for the writes.
  ///   - body: Given the file and `write`; what it returns is returned.
  /// - Returns: What `body` returned.
  /// - Throws: What `body` throws; `PlistError.parse` naming the file, `.notARegularFile`,
  ///   `.inputTooLarge`, `.lockTimedOut`, `.system`; from `write`, `.encoding` and `.system`.
  package static func edit<Result>(
    path: String, limits: FileLimits = .standard,
    options: PropertyList.WriteOptions = PropertyList.WriteOptions(),
    _ body: (_ current: EditedFile?, _ write: (EditedFile) throws(PlistError) -> Void) throws ->
      Result
  ) throws -> Result {
    let target: String
    do { target = try Platform.writeTarget(of: path) } catch { throw PlistError.system(error) }
    let lock: Int32
    do {
      lock = try lockDirectory(
        Platform.directory(of: target), timeoutMilliseconds: limits.lockTimeoutMilliseconds)
    } catch {
      // No directory: no file to read, and a write is refused with the reason.
      guard case .system(let failure) = error, failure.errno == .noSuchFileOrDirectory else {
        throw error
      }
      return try body(nil) { (_) throws(PlistError) in throw error }
    }
    defer { Platform.closeQuietly(lock) }
    let current = try readEditedFile(path: target, source: path, limits: limits)
    return try body(current) { (file) throws(PlistError) in
      try writeAtomically(
        file.value, as: file.format, to: target, mode: 0o644, options: options, naming: .fixed
      ) { _ in true }
    }
  }

  /// A property-list file read whole for editing, nil when there is none: a regular file
  /// only, unless `anyKind` (a run that only reads may read a pipe: `/dev/stdin`, as
  /// scripts feed PlistBuddy a decoded provisioning profile).
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - source: How errors name it (the path as typed).
  ///   - limits: The most bytes read.
  ///   - anyKind: Whether a FIFO, a device or a terminal may be read too.
  ///   - key: For a run that asks only about this top-level key: the root built with that
  ///     key alone where the format allows (`PropertyList.decode(keepingOnly:of:)`); such a
  ///     value must never be written back.
  /// - Returns: The value and its format, or nil.
  /// - Throws: `PlistError.parse` naming `source`, `.notARegularFile`, `.inputTooLarge`,
  ///   `.system`.
  package static func readEditedFile(
    path: String, source: String, limits: FileLimits, anyKind: Bool = false,
    keepingOnly key: String? = nil
  ) throws(PlistError) -> EditedFile? {
    let read = try regularFile(path, limits.maximumSize) { () throws(SystemError) in
      try Platform.readFile(atPath: path, limit: limits.maximumSize, regularOnly: !anyKind)
    }
    guard let bytes = read else { return nil }
    if let key {
      do {
        let (value, format) = try PropertyList.decode(keepingOnly: key, of: bytes)
        return EditedFile(value: value, format: format)
      } catch {
        throw .parse(error, source: source)
      }
    }
    let (value, format) = try decode(bytes, source: source)
    return EditedFile(value: value, format: format)
  }

  /// Replaces a file a user named with bytes (source code, a raw value), atomically under its
  /// directory's lock; `/dev/stdout`, a FIFO or a terminal is written into instead.
  ///
  /// - Parameters:
  ///   - bytes: The new contents.
  ///   - path: The file.
  /// - Throws: `PlistError.lockTimedOut`, `.system`.
  package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(PlistError) {
    if try writeIntoSpecialOutput(path, { () throws(PlistError) in bytes }) { return }
    try replaceContents(of: path, with: bytes)
  }
}
