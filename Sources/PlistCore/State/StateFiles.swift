/// Where an app's preserved state lives, and the file operations on it: one archive per app,
/// `$XDG_STATE_HOME/<domain>/restoration.plist` (default `~/.local/state`), a binary plist,
/// mode 0600, replaced atomically under the lock of its directory (the store's rule: two
/// instances of an app never interleave their writes, and a reader sees one whole archive).
package struct StateFiles: Sendable {
  /// The app's domain.
  package let domain: String
  /// The app's directory in the state directory.
  package let directory: String

  /// The archive's file name in the app's directory.
  static let archiveName = "restoration.plist"
  /// The mark a restoration in progress holds a lock on (`RestoringMark`).
  static let markName = "restoration.restoring"
  /// The largest archive read: display state is small, and a larger file is not one.
  static let maximumSize = 64 << 20

  package var archivePath: String { directory + "/" + Self.archiveName }
  /// Whether an archive is there (without reading it).
  package var hasArchive: Bool { Platform.kind(atPath: archivePath) != .missing }
  var markPath: String { directory + "/" + Self.markName }

  /// The files of a domain's state in a state directory.
  ///
  /// - Throws: `StateError.invalidDomainName` for a name that cannot be a directory's.
  package init(domain: String, stateHome: String) throws(StateError) {
    do { try Domain.validate(name: domain) } catch {
      guard case .invalidDomainName(let name, let problem) = error else { throw .file(error) }
      throw .invalidDomainName(name, problem)
    }
    self.domain = domain
    directory = (stateHome.hasSuffix("/") ? String(stateHome.dropLast()) : stateHome) + "/" + domain
  }

  // MARK: - Where

  /// The state directory by the XDG rule: `$XDG_STATE_HOME` when absolute, else
  /// `$HOME/.local/state`; nil when neither is set.
  package static func stateHome(xdgStateHome: String?, home: String?) -> String? {
    XDGBaseDirectory.resolve(xdgStateHome, home: home, default: "/.local/state")
  }

  /// This process's state directory (`stateHome(xdgStateHome:home:)` from its environment).
  package static func processStateHome() throws(StateError) -> String {
    var home = Platform.environmentValue("HOME")
    if home?.isEmpty ?? true { home = Platform.passwordHomeDirectory() }
    guard
      let root = stateHome(xdgStateHome: Platform.environmentValue("XDG_STATE_HOME"), home: home)
    else { throw .noStateDirectory }
    return root
  }

  // MARK: - Reading and writing

  /// The archive, or nil when none was saved.
  ///
  /// - Throws: `StateError.unreadableArchive` for a file that is not an archive (too large,
  ///   unparsable, of the wrong shape); `.file` when it cannot be read.
  package func read() throws(StateError) -> StateArchive? {
    let bytes: [UInt8]?
    do {
      bytes = try FileAccess.readRegularFile(path: archivePath, maximumSize: Self.maximumSize)
    } catch {
      if case .inputTooLarge = error {
        throw .unreadableArchive(path: archivePath, .tooLarge(limit: Self.maximumSize))
      }
      throw .file(error)
    }
    guard let bytes else { return nil }
    do {
      let value = try PropertyList.decode(bytes, allowJSON: false).value
      return try StateArchive(plistValue: value)
    } catch let problem as StateArchive.Problem {
      throw .unreadableArchive(path: archivePath, problem)
    } catch let error as PlistParseError {
      throw .unreadableArchive(path: archivePath, .unparsable(error))
    } catch {
      throw .unreadableArchive(path: archivePath, .notAnArchive)
    }
  }

  /// Replaces the archive atomically (mode 0600), creating the directories it needs (0700).
  package func write(_ archive: StateArchive) throws(StateError) {
    do {
      try Platform.makeDirectories(directory, mode: 0o700)
    } catch {
      throw .file(.system(error))
    }
    do {
      try FileAccess.writeAtomically(
        archive.plistValue, as: .binary, to: archivePath, mode: 0o600)
    } catch {
      throw .file(error)
    }
  }

  /// Removes the archive (and a restoration's mark nobody holds: one left by a process that
  /// died); whether there was an archive. An app running now saves again when it ends.
  @discardableResult
  package func remove() throws(StateError) -> Bool {
    let existed = Platform.kind(atPath: archivePath) != .missing
    do {
      try Platform.removeFile(atPath: archivePath)
    } catch {
      throw .file(.system(error))
    }
    removeUnheldMark()
    try? Platform.removeDirectoryIfEmpty(directory)
    return existed
  }

  /// Runs `body` holding the lock of the app's directory (the one an archive's write takes).
  func locked<T>(_ body: () throws(StateError) -> T) throws(StateError) -> T {
    let lock: Int32
    do {
      lock = try FileAccess.lockDirectory(
        directory, timeoutMilliseconds: FileLimits.standard.lockTimeoutMilliseconds)
    } catch {
      throw .file(error)
    }
    defer { Platform.closeQuietly(lock) }
    return try body()
  }
}

// MARK: - Listing

/// One app with preserved state, as `plistctl state` lists it.
package struct StateSummary: Sendable {
  /// The app's domain.
  package let domain: String
  /// The archive's size in bytes.
  package let size: Int64
  /// When it was last written, in seconds since 1970.
  package let modified: Int64
  /// The archive, or why it cannot be read.
  package let archive: Result<StateArchive, StateError>
}

extension StateFiles {
  /// Every app with an archive in a state directory, by domain (directories without one,
  /// other programs' state, are not listed).
  package static func list(stateHome: String) -> [StateSummary] {
    guard let names = try? Platform.directoryEntries(stateHome) else { return [] }
    var summaries: [StateSummary] = []
    for name in names.sorted() {
      guard let files = try? StateFiles(domain: name, stateHome: stateHome),
        Platform.kind(atPath: files.archivePath) == .regular,
        let identity = Platform.identity(atPath: files.archivePath)
      else { continue }
      let archive: Result<StateArchive, StateError>
      do throws(StateError) {
        guard let read = try files.read() else { continue }
        archive = .success(read)
      } catch {
        archive = .failure(error)
      }
      summaries.append(
        StateSummary(
          domain: name, size: identity.size, modified: identity.modified / 1_000_000_000,
          archive: archive))
    }
    return summaries
  }
}
