/// An app's display state — which tab, which page, which item — preserved when the app ends
/// or goes to the background, and restored at its next launch, as if it had never quit.
///
/// Settings change rarely and are saved when they change (`Defaults`); display state changes
/// all the time, and is captured here at the moments a program is sure to pass: an explicit
/// `preserve`, a normal exit (`preserveAtExit`), and the signals that end or stop a program
/// (`ExitSignals`). It lives in `$XDG_STATE_HOME/<domain>/restoration.plist`, apart from the
/// app's settings: never mirrored to the cloud store, never in a settings diff.
///
/// ```swift
/// let restoration = try StateRestoration(domain: "org.example.Wonderland", version: "1.2")
/// restoration.shouldRestore = { saved in saved.savedBy == "1.2" }
/// let outcome = restoration.restore(root)   // before the first frame is shown
/// restoration.preserveAtExit(root)
/// ```
///
/// The app opts in twice: `shouldSave` (may state be saved? it may also write app-wide
/// values) and `shouldRestore` (may this archive be restored? it sees who saved it, when,
/// and the app-wide values). A process that dies while restoring leaves a mark, and the next
/// launch discards the archive: a bad archive can crash an app once, never twice. An archive
/// that cannot be read is reported once (`RestorationOutcome.discarded`) and removed.
public final class StateRestoration {
  /// The app's domain: its directory in the state directory.
  public let domain: String
  /// The app's version, recorded in every archive it saves.
  public let version: String
  /// Whether state may be saved now; it may write app-wide values into the coder (the app's
  /// version and the time are recorded anyway). Returning false saves nothing and removes
  /// the archive there was, so a later launch starts fresh. Saves by default.
  public var shouldSave: (StateCoder) throws -> Bool = { _ in true }
  /// Whether a saved archive may be restored (an app may refuse one from an older version).
  /// Restores by default.
  public var shouldRestore: (SavedState) -> Bool = { _ in true }

  let files: StateFiles

  /// The state of an app in this process's state directory (`$XDG_STATE_HOME`, else
  /// `~/.local/state`).
  ///
  /// - Parameters:
  ///   - domain: The app's domain, as for its `Defaults`.
  ///   - version: The app's version, recorded in each archive.
  /// - Throws: `StateError.invalidDomainName`, `.noStateDirectory`.
  public convenience init(domain: String, version: String) throws(StateError) {
    try self.init(domain: domain, version: version, stateHome: StateFiles.processStateHome())
  }

  /// The state of an app in a given state directory (tests, tools).
  ///
  /// - Throws: `StateError.invalidDomainName`.
  public init(domain: String, version: String, stateHome: String) throws(StateError) {
    files = try StateFiles(domain: domain, stateHome: stateHome)
    self.domain = domain
    self.version = version
  }

  /// The archive's path.
  public var archivePath: String { files.archivePath }

  // MARK: - Preserving

  /// Saves the state of `root` and the elements under it that have identifiers, replacing
  /// the archive atomically.
  ///
  /// - Throws: `StateError.file` when the archive cannot be written; `.notEncoded` naming the
  ///   first element whose `encodeRestorableState` failed — the archive was saved without
  ///   that element's own state.
  public func preserve(_ root: any Restorable) throws(StateError) {
    let appCoder = StateCoder()
    let save: Bool
    do { save = try shouldSave(appCoder) } catch {
      throw .notEncoded(element: "(app)", reason: "\(error)")
    }
    guard save else {
      try files.remove()
      return
    }
    var failures: [StateError] = []
    let elements = StateTreeWalk.encode([root], path: "", failures: &failures)
    let archive = StateArchive(
      savedBy: version, savedAt: PlistDate(secondsSince1970: Platform.currentTime()),
      appState: appCoder.values, elements: elements)
    try files.write(archive)
    if let first = failures.first { throw first }
  }

  /// Removes the saved state: the next launch starts fresh.
  public func clear() throws(StateError) {
    try files.remove()
  }

  // MARK: - Restoring

  /// Restores `root`, and the elements under it, from the archive: each element with an
  /// identifier in the archive decodes its state, then is asked for its children. Call it
  /// once, at launch, before the first frame is shown.
  ///
  /// - Returns: What happened; never throws and never traps on a bad archive.
  @discardableResult
  public func restore(_ root: any Restorable) -> RestorationOutcome {
    guard Platform.kind(atPath: files.directory) == .directory else { return .nothingSaved }
    let mark: RestoringMark
    do throws(StateError) {
      switch try files.beginRestoring() {
      case .diedLastTime: return .discarded(.diedWhileRestoring)
      case .marked(let begun): mark = begun
      }
    } catch {
      return .failed(error)
    }
    defer { files.endRestoring(mark) }
    let archive: StateArchive
    do throws(StateError) {
      guard let read = try files.read() else { return .nothingSaved }
      archive = read
    } catch {
      guard case .unreadableArchive(_, let problem) = error else { return .failed(error) }
      // Reported once: the next launch starts fresh rather than failing the same way.
      _ = try? files.locked { () throws(StateError) in try files.remove() }
      return .discarded(.unreadable(problem))
    }
    let saved = SavedState(archive: archive)
    guard shouldRestore(saved) else { return .declined(saved) }
    Platform.pauseIfAsked(at: "restoring")
    var skipped: [String] = []
    StateTreeWalk.decode([root], from: archive.elements, path: "", skipped: &skipped)
    return .restored(saved, skipped: skipped)
  }
}

/// What an archive says about itself, for `StateRestoration.shouldRestore`.
public struct SavedState {
  /// The app's version that saved it.
  public let savedBy: String
  /// When it was saved.
  public let savedAt: PlistDate
  /// The app-wide values `shouldSave` wrote.
  public let appState: StateCoder

  init(archive: StateArchive) {
    savedBy = archive.savedBy
    savedAt = archive.savedAt
    appState = StateCoder(values: archive.appState)
  }
}

/// What `StateRestoration.restore` did.
public enum RestorationOutcome {
  /// Restored; `skipped` names the elements (identifiers joined by `/`) whose
  /// `decodeRestorableState` failed.
  case restored(SavedState, skipped: [String])
  /// No state was saved (a first launch, or after `clear`).
  case nothingSaved
  /// `shouldRestore` refused the archive; it is left as it is.
  case declined(SavedState)
  /// The archive was removed unrestored, for this reason (reported once: it is gone).
  case discarded(DiscardReason)
  /// The archive could not be read or its mark made (a system error): nothing restored.
  case failed(StateError)

  /// Why an archive was discarded.
  public enum DiscardReason: Equatable, Sendable {
    /// The process that restored it last died before finishing.
    case diedWhileRestoring
    /// It is not an archive this PlistCore can restore from.
    case unreadable(StateArchive.Problem)
  }
}
