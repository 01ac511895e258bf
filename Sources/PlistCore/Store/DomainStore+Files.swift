// MARK: - Reading, changing and listing domains

extension DomainStore {
  /// A domain's dictionary and the format its file is in.
  public struct Contents: Sendable, Equatable {
    /// The domain's keys and values.
    public var dictionary: PlistDictionary
    /// The file's format (a binary file is written back as binary).
    public var format: PlistFormat
  }

  /// Reads a domain.
  ///
  /// - Parameter domain: The domain.
  /// - Returns: Its contents, or nil when its file does not exist.
  /// - Throws: `PlistError.parse` naming the file and position, `.notADictionary`, `.system`.
  public func load(_ domain: Domain) throws(PlistError) -> Contents? {
    try Self.read(path(of: domain))
  }

  /// Whether the domain has a file (without reading it).
  ///
  /// - Parameter domain: The domain.
  /// - Returns: Whether something is at its path.
  public func exists(_ domain: Domain) -> Bool {
    Platform.kind(atPath: path(of: domain)) != .missing
  }

  /// Changes a domain: under the directory's lock, reads the file afresh, applies `change`,
  /// and replaces the file atomically (XML for a new file, binary if it was binary, mode 0600
  /// for a new file, through a symbolic link to its target). A domain left empty has its
  /// file removed. If `change` throws or the file cannot be parsed, nothing is written; an
  /// OpenStep or JSON file (a path domain) is readable but refused for writing
  /// (`PlistError.unwritableFormat`).
  ///
  /// - Parameters:
  ///   - domain: The domain.
  ///   - change: Edits the dictionary; it may throw to abandon the change.
  /// - Throws: What `change` throws, or `PlistError` for a file that cannot be read, parsed
  ///   or written.
  public func update(
    _ domain: Domain, _ change: (inout PlistDictionary) throws(PlistError) -> Void
  ) throws(PlistError) {
    _ = try updateReportingChange(domain, change)
  }

  /// `update(_:_:)`, saying whether anything was written.
  func updateReportingChange(
    _ domain: Domain, _ change: (inout PlistDictionary) throws(PlistError) -> Void
  ) throws(PlistError) -> Bool {
    let domainPath = path(of: domain)
    let target = Platform.resolvingLinks(domainPath)
    let directory = Platform.directory(of: target)
    let lock: Int32
    do {
      if isInStore(domain) { try Platform.makeDirectories(directory, mode: 0o700) }
      lock = try Platform.lockDirectory(directory)
    } catch {
      throw .system(error)
    }
    defer { Platform.closeQuietly(lock) }
    let current = try Self.read(target)
    if let format = current?.format, format == .openStep || format == .json {
      // Writing back would lose types (OpenStep has only strings; JSON no dates or data)
      // or silently change the file's format.
      throw .unwritableFormat(path: target, format: format)
    }
    var dictionary = current?.dictionary ?? PlistDictionary()
    try change(&dictionary)
    if let current, current.dictionary == dictionary { return false }
    if dictionary.isEmpty {
      guard current != nil else { return false }
      OwnWrites.record(nil, at: target)
      try Self.removeFile(domainPath)
      return true
    }
    let format: PlistFormat = current?.format == .binary ? .binary : .xml
    try FileAccess.writeDomainFile(.dictionary(dictionary), as: format, to: target, mode: 0o600) {
      temporary in
      // Recorded before the rename, so a watcher woken by it finds the record there.
      OwnWrites.record(Platform.identity(atPath: temporary), at: target)
    }
    return true
  }

  /// Removes a domain's file (a symbolic link itself, not its target). A file that cannot be
  /// parsed is left alone and reported instead.
  ///
  /// - Parameter domain: The domain.
  /// - Returns: Whether there was a file with at least one key.
  /// - Throws: `PlistError` when the file cannot be read, parsed or removed.
  @discardableResult
  public func remove(_ domain: Domain) throws(PlistError) -> Bool {
    let domainPath = path(of: domain)
    let directory = Platform.directory(of: Platform.resolvingLinks(domainPath))
    guard Platform.kind(atPath: directory) == .directory else { return false }
    let lock: Int32
    do { lock = try Platform.lockDirectory(directory) } catch { throw .system(error) }
    defer { Platform.closeQuietly(lock) }
    guard let current = try Self.read(domainPath) else { return false }
    try Self.removeFile(domainPath)
    return !current.dictionary.isEmpty
  }

  /// The names of the domains that have files, sorted, without the global domain.
  ///
  /// - Returns: Domain names.
  /// - Throws: `PlistError.system` when the directory exists but cannot be listed.
  public func domainNames() throws(PlistError) -> [String] {
    let directory = domainDirectory
    guard Platform.kind(atPath: directory) == .directory else { return [] }
    let entries: [String]
    do { entries = try Platform.directoryEntries(directory) } catch { throw .system(error) }
    let suffix = fileSuffix
    var names: [String] = []
    for entry in entries where entry.hasSuffix(suffix) && !entry.hasPrefix(".") {
      let name = String(entry.dropLast(suffix.count))
      let kind = Platform.kind(atPath: directory + "/" + entry)
      if !name.isEmpty && (kind == .regular || kind == .symbolicLink) { names.append(name) }
    }
    return names.sorted { KeyOrder.compare($0, $1) < 0 }
  }

  // MARK: - Files

  /// Reads and parses a domain file. Foundation on Linux rewrites domain files in place, so
  /// a reader can meet a half-written one: a file that is empty or does not parse is read
  /// again a few times, 20 ms apart, before it counts as an empty domain (empty) or the
  /// error is reported (unparsable).
  static func read(_ path: String) throws(PlistError) -> Contents? {
    var attempts = 0
    while true {
      let bytes: [UInt8]
      do { bytes = try Platform.readFile(atPath: path) } catch {
        if error.errno == .noSuchFileOrDirectory { return nil }
        throw .system(error)
      }
      if bytes.isEmpty {
        // Foundation truncates a file before it rewrites it: wait for the bytes, and take
        // a file that stays empty as an empty domain, as Foundation does.
        attempts += 1
        if attempts >= 5 { return Contents(dictionary: PlistDictionary(), format: .xml) }
        Platform.sleep(milliseconds: 20)
        continue
      }
      let value: PlistValue
      let format: PlistFormat
      do {
        (value, format) = try PropertyList.decode(bytes, allowJSON: true)
      } catch {
        attempts += 1
        if attempts >= 5 { throw .parse(error, source: path) }
        Platform.sleep(milliseconds: 20)
        continue
      }
      guard case .dictionary(let dictionary) = value else {
        throw .notADictionary(source: path, found: value.type)
      }
      return Contents(dictionary: dictionary, format: format)
    }
  }

  static func removeFile(_ path: String) throws(PlistError) {
    do { try Platform.removeFile(atPath: path) } catch { throw .system(error) }
  }
}
