extension ManagedDomain {
  /// The file name of the global domain's managed files, as in a configuration profile.
  public static let globalName = ".GlobalPreferences"

  /// Every folder whose changes may change what is managed for a domain: what a watcher
  /// watches. Each folder's parent is in the list too, so one made later is an event of its
  /// parent's watch (the directories themselves are not: `/etc/xdg` exists).
  ///
  /// - Parameters:
  ///   - name: The domain's managed file name.
  ///   - locations: Where to look.
  /// - Returns: The folders, those that do not exist yet included.
  public static func folders(name: String, locations: ManagedLocations) -> [String] {
    var folders: [String] = []
    for directory in locations.directories {
      let base = directory + "/plistctl"
      folders += [directory, base]
      for kind in ManagedKind.allCases {
        let folder = base + "/" + kind.rawValue
        folders += [folder, folder + "/" + name + ".d"]
        guard kind.hasUserFolders else { continue }
        folders.append(folder + "/users")
        if Platform.isDirectory(atPath: folder + "/users"), let user = locations.userName() {
          folders += [folder + "/users/" + user, folder + "/users/" + user + "/" + name + ".d"]
        }
      }
    }
    return folders
  }

  /// Reads what is managed for a domain from the administrator's files.
  ///
  /// Order, weakest first (a later file's value replaces an earlier one's): the directories
  /// from the last listed to the first (`/etc/xdg` is first of all, so it wins); in each,
  /// the files for every user, then `users/<name>/`, so that a user's own managed values win
  /// over everyone's, as on macOS; in each folder, `<domain>.plist` and then the drop-ins of
  /// `<domain>.d/` in name order. Locks add up. A file or folder that a user other than root
  /// could change is ignored, and so is a file that is not a regular file or does not parse;
  /// each is reported in `problems`.
  ///
  /// - Parameters:
  ///   - name: The domain's file name without `.plist` (a valid domain name, or
  ///     `.GlobalPreferences`).
  ///   - locations: Where to look.
  ///   - maximumSize: The most bytes read from one file (256 MiB when nil).
  public init(name: String, locations: ManagedLocations, maximumSize: Int? = nil) {
    // A few looks first: a domain nothing manages costs no reading.
    guard locations.mayManage(name) else {
      self.init(name: name)
      return
    }
    let maximumSize = maximumSize ?? FileLimits.standard.maximumSize
    var reader = ManagedReader(name: name, locations: locations, maximumSize: maximumSize)
    self = reader.read()
  }
}

/// One reading of a domain's managed files.
private struct ManagedReader {
  let name: String
  let locations: ManagedLocations
  let maximumSize: Int
  var result: ManagedDomain
  /// Whether each folder checked so far may be trusted.
  var trusted: [String: Bool] = [:]
  /// The user's name, once looked up (nil inside: not found).
  var userName: String??

  init(name: String, locations: ManagedLocations, maximumSize: Int) {
    self.name = name
    self.locations = locations
    self.maximumSize = maximumSize
    result = ManagedDomain(name: name)
  }

  mutating func read() -> ManagedDomain {
    // Per kind, in order (three arrays, not a dictionary keyed by the kind: see
    // `ManagedDomain.sources(_:)`).
    var forced: [String] = []
    var locked: [String] = []
    var setOnce: [String] = []
    for directory in locations.directories.reversed() {
      let base = directory + "/plistctl"
      guard Platform.isDirectory(atPath: base) else { continue }
      guard isTrusted(directory), isTrusted(base) else { continue }
      forced += files(of: .forced, in: base)
      locked += files(of: .locked, in: base)
      setOnce += files(of: .setOnce, in: base)
    }
    for file in forced { apply(file, as: .forced) }
    for file in locked { apply(file, as: .locked) }
    for file in setOnce { apply(file, as: .setOnce) }
    return result
  }

  /// One kind's files in one directory's `plistctl` folder: everyone's, then the user's own.
  private mutating func files(of kind: ManagedKind, in base: String) -> [String] {
    let folder = base + "/" + kind.rawValue
    var found = files(in: folder, under: [])
    guard kind.hasUserFolders else { return found }
    let users = folder + "/users"
    guard Platform.isDirectory(atPath: users), let user = user() else { return found }
    found += files(in: users + "/" + user, under: [folder, users])
    return found
  }

  /// A folder's files for the domain, in order: `<domain>.plist`, then `<domain>.d/*.plist`
  /// by name. Only those whose folders are trusted; the files themselves are checked when
  /// read.
  private mutating func files(in folder: String, under parents: [String]) -> [String] {
    let dropIns = folder + "/" + name + ".d"
    guard Platform.isDirectory(atPath: folder) else { return [] }
    for parent in parents + [folder] where !isTrusted(parent) { return [] }
    var found: [String] = []
    let main = folder + "/" + name + ".plist"
    if Platform.exists(atPath: main) { found.append(main) }
    guard Platform.isDirectory(atPath: dropIns), isTrusted(dropIns) else { return found }
    var names: [[UInt8]] = []
    try? Platform.forEachEntry(in: dropIns) { entry, kind in
      // Anything but a folder: one that is not a regular file is reported when read.
      guard kind != .directory, entry.first != UInt8(ascii: "."),
        entry.count > 6, entry.suffix(6).elementsEqual(".plist".utf8)
      else { return }
      names.append(Array(entry))
    }
    names.sort { $0.lexicographicallyPrecedes($1) }
    return found + names.map { dropIns + "/" + String(decoding: $0, as: UTF8.self) }
  }

  /// Whether a path may be trusted: owned by root (the trusted owner) and not writable by
  /// its group or others. An untrusted one is reported once.
  private mutating func isTrusted(_ path: String) -> Bool {
    if let known = trusted[path] { return known }
    guard let ownership = Platform.ownership(atPath: path) else {
      trusted[path] = false
      return false
    }
    let isTrusted = ownership.owner == locations.trustedOwner && !ownership.isWritableByOthers
    trusted[path] = isTrusted
    if !isTrusted {
      result.problems.append(
        .writableByUsers(path: path, owner: ownership.owner, permissions: ownership.permissions))
    }
    return isTrusted
  }

  private mutating func user() -> String? {
    if let userName { return userName }
    let name = locations.userName()
    userName = .some(name)
    return name
  }

  /// Reads one file and merges it in: a later file's keys replace an earlier one's. Its
  /// owner and mode are checked on the descriptor it is read through.
  private mutating func apply(_ path: String, as kind: ManagedKind) {
    let ownership: FileOwnership
    let read: [UInt8]?
    do {
      (ownership, read) = try Platform.readWithOwnership(atPath: path, limit: maximumSize)
    } catch {
      return result.problems.append(.unreadable(path: path, .system(error)))
    }
    guard ownership.owner == locations.trustedOwner, !ownership.isWritableByOthers else {
      return result.problems.append(
        .writableByUsers(path: path, owner: ownership.owner, permissions: ownership.permissions))
    }
    guard let bytes = read else {
      return result.problems.append(
        ownership.isRegular
          ? .tooLarge(path: path, limit: maximumSize) : .notARegularFile(path: path))
    }
    let value: PlistValue
    do {
      value = try FileAccess.decode(bytes, source: path).value
    } catch {
      return result.problems.append(.unreadable(path: path, error))
    }
    let entries: [(String, PlistValue)]
    switch (kind, value) {
    case (.forced, .dictionary(let values)), (.setOnce, .dictionary(let values)):
      entries = values.map { ($0.key, $0.value) }
    case (.locked, .array(let keys)) where keys.allSatisfy({ $0.stringValue != nil }):
      entries = keys.compactMap(\.stringValue).map { ($0, .boolean(true)) }
    case (.locked, _):
      return result.problems.append(.wrongShape(path: path, expected: "an array of key names"))
    default:
      return result.problems.append(.wrongShape(path: path, expected: "a dictionary"))
    }
    for (key, value) in entries {
      switch kind {
      case .forced:
        result.forced[key] = value
        result.forcedSources[key] = path
      case .setOnce:
        result.setOnce[key] = value
        result.setOnceSources[key] = path
      case .locked:
        result.locked.insert(key)
        result.lockedSources[key] = path
      }
    }
  }
}
