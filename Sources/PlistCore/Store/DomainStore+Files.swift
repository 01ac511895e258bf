// MARK: - Reading, changing and listing domains

extension DomainStore {
  /// A domain's dictionary and the format its file is in.
  struct Contents: Sendable, Equatable {
    /// The domain's keys and values.
    var dictionary: PlistDictionary
    /// The file's format (a binary file is written back as binary).
    var format: PlistFormat
  }

  /// Reads a domain.
  ///
  /// - Parameter domain: The domain.
  /// - Returns: Its contents, or nil when its file does not exist.
  /// - Throws: `PlistError.parse` naming the file and position, `.notADictionary`, `.system`.
  func load(_ domain: Domain) throws(PlistError) -> Contents? {
    if managed != nil { applySetOnceValues(to: domain) }
    return try Self.read(path(of: domain), limits: limits)
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
  /// (`PlistError.unwritableFormat`). `change` may be called again, on a newer version of the
  /// file: when a running Foundation app saved it in place meanwhile, the update starts again
  /// from that save; and when such an app saved the domain lately, the file is looked at again
  /// after the write, and what a stale save of the app's undid is made again
  /// (docs/defaults-system.md).
  ///
  /// - Parameters:
  ///   - domain: The domain.
  ///   - oneKey: The change as a write of one key, which a canonical file takes without
  ///     being parsed in full (`patchOneKey`); nil for none.
  ///   - change: Edits the dictionary; it may throw to abandon the change.
  /// - Throws: What `change` throws; `PlistError.savedOver` when an app's stale saves still
  ///   undid the write after every look; `PlistError` for a file that cannot be read, parsed
  ///   or written.
  func update(
    _ domain: Domain, oneKey: OneKeyWrite? = nil,
    _ change: (inout PlistDictionary) throws(PlistError) -> Void
  ) throws(PlistError) {
    _ = try updateReportingChange(domain, oneKey: oneKey, change)
  }

  /// `update(_:_:)`, saying whether anything was written. When a running Foundation app
  /// saves the domain (it saved the file in place lately), the write is then checked against
  /// that app's stale saves (`keepAgainstStaleSaves`).
  func updateReportingChange(
    _ domain: Domain, oneKey: OneKeyWrite? = nil,
    _ change: (inout PlistDictionary) throws(PlistError) -> Void
  ) throws(PlistError) -> Bool {
    let written = try updateOnce(domain, oneKey: oneKey, change)
    guard written.wrote else { return false }
    if written.appSaveMark != nil { try keepAgainstStaleSaves(domain, written) }
    return true
  }

  /// One locked update: what `update(_:_:)` does, reporting what it wrote. Unless
  /// `startingAgain` is false, the file is looked at again just before the rename: a save in
  /// place since the read (a Foundation app's, which the lock does not hold back) would be
  /// overwritten, so the update starts again from that save — twice at most, then it writes
  /// anyway.
  func updateOnce(
    _ domain: Domain, startingAgain: Bool = true, oneKey: OneKeyWrite? = nil,
    _ change: (inout PlistDictionary) throws(PlistError) -> Void
  ) throws(PlistError) -> Written {
    let domainPath = path(of: domain)
    let target: String
    let lock: Int32
    do {
      // Only the store's own directory is made: a link's target directory must exist
      // (a dangling link planted in the store makes no directories elsewhere).
      if isInStore(domain) {
        try Platform.makeDirectories(Platform.directory(of: domainPath), mode: 0o700)
      }
      target = try Platform.writeTarget(of: domainPath)
    } catch {
      throw .system(error)
    }
    lock = try FileAccess.lockDirectory(
      Platform.directory(of: target), timeoutMilliseconds: limits.lockTimeoutMilliseconds)
    defer { Platform.closeQuietly(lock) }
    var forced: [String: String] = [:]
    var oneKey = oneKey
    if managed != nil {
      // One reading of the domain's managed files for both.
      let own = managedDomain(domain)
      let forcedHere = forcedKeys(in: domain, own: own)
      // Set-once values to apply, or keys to refuse: the patch of one key knows nothing of
      // them.
      if !(own?.setOnce.isEmpty ?? true) || !forcedHere.isEmpty { oneKey = nil }
      try applySetOnceValuesLocked(domain, own, domainPath, target)
      if refusesForcedKeys { forced = forcedHere }
    }
    var attempts = 1
    while true {
      var overtaken = false
      let written = try updateLocked(
        domainPath, target, oneKey: attempts == 1 ? oneKey : nil,
        { (dictionary) throws(PlistError) in
          let before = dictionary
          try change(&dictionary)
          if !forced.isEmpty {
            try Self.refuseChanges(toForced: forced, before, dictionary, in: domain)
          }
        }, checkingForSaves: startingAgain && attempts < 3, overtaken: &overtaken)
      guard overtaken else { return written }
      attempts += 1
    }
  }

  /// The update's read, change and write, under the lock `updateOnce` holds. `overtaken`:
  /// abandoned because an app saved the file in place since the read.
  func updateLocked(
    _ domainPath: String, _ target: String, oneKey: OneKeyWrite? = nil,
    _ change: (inout PlistDictionary) throws(PlistError) -> Void, checkingForSaves: Bool,
    overtaken: inout Bool
  ) throws(PlistError) -> Written {
    var replaced = Platform.identity(atPath: target)
    var current: Contents?
    if let oneKey {
      switch try patchOneKey(oneKey, at: target, replacing: replaced) {
      case .done(let written): return written
      case .declined(let contents?): current = contents
      case .declined(nil):
        // Not read, or an app saved in place since the patch read: the identity the read
        // starts from is taken again, or this attempt would be overtaken by that save.
        replaced = Platform.identity(atPath: target)
      }
    }
    if current == nil { current = try Self.read(target, limits: limits) }
    if let format = current?.format, format == .openStep || format == .json {
      // Writing back would lose types (OpenStep has only strings; JSON no dates or data)
      // or silently change the file's format.
      throw .unwritableFormat(path: target, format: format)
    }
    let base = current?.dictionary ?? PlistDictionary()
    var dictionary = base
    try change(&dictionary)
    if let current, current.dictionary == dictionary { return .nothing }
    let mark = AppSaveMark.mark(replacing: replaced, atSecond: Platform.currentSecond())
    var written = Written(
      wrote: true, path: target, base: base, result: dictionary, identity: nil, appSaveMark: mark)
    if dictionary.isEmpty {
      guard current != nil else { return .nothing }
      OwnWrites.record(nil, at: target)
      try Self.removeFile(domainPath)
      return written
    }
    let format: PlistFormat = current?.format == .binary ? .binary : .xml
    if format == .xml, dictionary.count == 1, let only = dictionary[XMLUIDSpelling.key],
      XMLUIDSpelling.reading(only) != .dictionary
    {
      throw .encoding(XMLUIDSpelling.domainError)
    }
    overtaken = try !FileAccess.writeDomainFile(
      .dictionary(dictionary), as: format, to: target, mode: 0o600,
      stampNanoseconds: AppSaveMark.nanoseconds(mark)
    ) { identity in
      if checkingForSaves && Platform.identity(atPath: target) != replaced { return false }
      // Recorded before the rename, so a watcher woken by it finds the record there.
      written.identity = identity
      OwnWrites.record(identity, at: target)
      return true
    } restamped: { identity in
      written.identity = identity
      OwnWrites.record(identity, at: target)
    }
    return written
  }

  /// Removes a domain's file (a symbolic link itself, not its target). A file that cannot be
  /// parsed is left alone and reported instead.
  ///
  /// - Parameter domain: The domain.
  /// - Returns: Whether there was a file with at least one key.
  /// - Throws: `PlistError` when the file cannot be read, parsed or removed.
  @discardableResult
  func remove(_ domain: Domain) throws(PlistError) -> Bool {
    let domainPath = path(of: domain)
    let directory = Platform.directory(of: Platform.resolvingLinks(domainPath))
    guard Platform.kind(atPath: directory) == .directory else { return false }
    let lock = try FileAccess.lockDirectory(
      directory, timeoutMilliseconds: limits.lockTimeoutMilliseconds)
    defer { Platform.closeQuietly(lock) }
    guard let current = try Self.read(domainPath, limits: limits) else { return false }
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
    do {
      return try DomainNameList(directory: directory, suffix: fileSuffix).sorted()
    } catch {
      throw .system(error)
    }
  }

  // MARK: - Files

  /// Reads and parses a domain file (a regular file, at most `limits.maximumSize` bytes).
  /// Foundation on Linux rewrites domain files in place, so a reader can meet a half-written
  /// one (empty just after the truncation, then a part of the new text). A file that is
  /// empty or does not parse is therefore looked at again, every 20 ms — but read and parsed
  /// again only when it changed (`FileIdentity`) — until the version read has stayed the
  /// same for 80 ms while no program holds it open for writing (`Platform.writingProcess`:
  /// an app descheduled between its truncation and its write must not have its empty file
  /// taken for its domain) and has not changed by the end of that scan, for a second at
  /// most while it keeps changing, five while it is held open; it is then an empty domain
  /// (empty) or the error is reported (unparsable) — or, when a program still holds it open
  /// for writing after those five seconds, `PlistError.saveUnfinished`. A file that does not
  /// parse, last modified over two seconds ago and held open by nobody, is not being saved:
  /// its error stands at once, after one parse, if the file has not changed since it was
  /// opened. An empty one waits out the looks however old it is: a save's truncation leaves
  /// the file empty with its old times, and no descriptor to see, until it is finished.
  static func read(_ path: String, limits: FileLimits = .standard) throws(PlistError)
    -> Contents?
  {
    // (No tuple here: its type would be made at run time, in every process.)
    let read = try settledRead(path, limits: limits) { (bytes) throws(PlistParseError) in
      let decoded = try PropertyList.decode(buffer: bytes, allowJSON: true)
      return DecodedFile(value: decoded.value, format: decoded.format)
    }
    switch read {
    case .missing: return nil
    // Foundation reads a file that stays empty as an empty domain, and so does this.
    case .empty: return Contents(dictionary: PlistDictionary(), format: .xml)
    case .parsed(let decoded):
      guard case .dictionary(let dictionary) = decoded.value else {
        throw .notADictionary(source: path, found: decoded.value.type)
      }
      return Contents(dictionary: dictionary, format: decoded.format)
    }
  }

  /// The contents of a file's bytes as `read` finds them when they parse at once, or nil
  /// (`read` then reads the file again, and waits for an app's save, or reports the error).
  static func contents(parsing bytes: UnsafeBufferPointer<UInt8>) -> Contents? {
    guard !bytes.isEmpty, let decoded = try? PropertyList.decode(buffer: bytes, allowJSON: true),
      case .dictionary(let dictionary) = decoded.value
    else { return nil }
    return Contents(dictionary: dictionary, format: decoded.format)
  }

  private struct DecodedFile {
    let value: PlistValue
    let format: PlistFormat
  }

  /// What `settledRead` found: no file, a file that stayed empty, or what `parse` made.
  enum SettledRead<Parsed> {
    case missing
    case empty
    case parsed(Parsed)
  }

  /// The reading `read(_:limits:)` does, with any parse: the file's bytes are given to
  /// `parse` again only when the file changed, while an app may be saving it (see `read`).
  static func settledRead<Parsed>(
    _ path: String, limits: FileLimits,
    parse: (UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> Parsed
  ) throws(PlistError) -> SettledRead<Parsed> {
    var polls = 0
    var pollLimit = settlingPolls
    // The version of the file just before the last read (unknown for the first).
    var known: FileIdentity?
    while true {
      // In memory of their own, not an array (see `Platform.readRegularFileBytes`).
      guard
        let file = try FileAccess.readRegularFileBytes(path: path, maximumSize: limits.maximumSize)
      else { return .missing }
      var failure: PlistParseError?
      if file.count > 0 {
        do { return .parsed(try file.withBytes(parse)) } catch { failure = error }
      }
      // An old file that does not parse and that nobody holds open for writing is not being
      // saved: what it holds now, it holds — if the bytes read are what it holds now, that
      // is, if it has not changed since it was opened. Looked at after the scan for
      // writers, which takes milliseconds: an app's save that ended before the scan reached
      // it (or while the reader was descheduled) is gone from the scan, and changed the file.
      // Not an empty file: one that an app's open is truncating for a save is empty, with
      // its old times and no descriptor yet, until the kernel has finished the truncation
      // (ext4 may wait for its journal there, under load); it waits out the looks below, as
      // a recent one does.
      if known == nil && failure != nil {
        Platform.pauseIfAsked(at: "settling-before-first-look")
        if Platform.writingProcess(of: path) == nil {
          let now = Platform.identity(atPath: path)
          if now == file.identity && !isRecent(now) { return try settled(failure, path) }
        }
      }
      // Wait for the file to change from the version last read (then read it again) or to
      // stay as it is while nobody writes it (then that is what it holds).
      var sameVersion = 0
      var changed = false
      while !changed && polls < pollLimit {
        Platform.sleep(milliseconds: settlingPollMilliseconds)
        polls += 1
        let now = Platform.identity(atPath: path)
        if known != nil && now == known {
          sameVersion += 1
          guard sameVersion >= 4 else { continue }
          // Unchanged for 80 ms: saved, unless a program still holds it open for writing
          // (one that was stopped or descheduled between its truncation and its write).
          Platform.pauseIfAsked(at: "settling-before-writers-scan")
          guard Platform.writingProcess(of: path) != nil else {
            // A program that wrote and closed the file since the look above is gone from
            // the scan, which takes milliseconds: the version it left is read again.
            let after = Platform.identity(atPath: path)
            if after != known {
              known = after
              changed = true
            }
            break
          }
          sameVersion = 0
          pollLimit = settlingPollsWhileWritten
        } else {
          known = now
          changed = true
        }
      }
      guard !changed else { continue }
      // Still held open for writing when the looks ran out: a save that has not finished.
      // Taken for what it holds now, its keys would be reported gone (to a change stream:
      // gone, then back), and a write would replace the file the save is still writing into
      // (its keys lost with it): refused instead.
      if polls >= pollLimit, let writer = Platform.writingProcess(of: path) {
        throw .saveUnfinished(
          path: path, milliseconds: polls * settlingPollMilliseconds,
          writer: PlistError.LockHolder(
            process: writer, stopped: Platform.isStopped(process: writer)))
      }
      return try settled(failure, path)
    }
  }

  /// How many 20 ms looks a read gives a file that is empty or does not parse to settle: a
  /// second while it keeps changing, five once a program was seen holding it open for writing.
  private static let settlingPolls = 50
  private static let settlingPollsWhileWritten = 250
  private static let settlingPollMilliseconds = 20

  /// What a file that stayed empty or unparsable is: empty (Foundation reads a file that
  /// stays empty as an empty domain, and so does this), or its parse error.
  private static func settled<Parsed>(_ failure: PlistParseError?, _ path: String)
    throws(PlistError) -> SettledRead<Parsed>
  {
    guard let failure else { return .empty }
    throw .parse(failure, source: path)
  }

  /// Whether a file was modified in the last two seconds (or is stamped ahead, as a write
  /// of this store's is): an app may be in the middle of saving it.
  private static func isRecent(_ version: FileIdentity?) -> Bool {
    guard let version else { return false }
    return version.modified / 1_000_000 > Platform.currentMilliseconds() - 2000
  }

  static func removeFile(_ path: String) throws(PlistError) {
    do { try Platform.removeFile(atPath: path) } catch { throw .system(error) }
  }
}
