/// Where an administrator's managed preferences are looked for: `plistctl/forced`,
/// `plistctl/locked` and `plistctl/set-once` in each directory of `$XDG_CONFIG_DIRS`, the
/// first listed winning, as the XDG base directory specification orders them.
///
/// `/etc/xdg` is always searched, and always first, whether or not the variable lists it:
/// the variable is the user's own. Left out, every forced value could be escaped from a
/// shell; listed after a directory of the user's choosing (a FUSE mount reports any owner
/// its image stores, root included), that directory's files would win (docs/managed.md).
public struct ManagedLocations: Sendable, Equatable {
  /// The configuration directories, most important first: `/etc/xdg`, then the variable's
  /// (absolute paths only, as the specification asks; a relative entry is ignored). Made when first asked for: a program
  /// that finds no managed folder (`anyFolder()`) never makes the array.
  public var directories: [String] { givenDirectories ?? Self.directories(variable) }
  /// The directories as given, or nil to take them from `variable`.
  private let givenDirectories: [String]?
  /// `$XDG_CONFIG_DIRS` as it was read.
  private let variable: String?
  /// The user's name for `forced/users/<name>/`, when given; else it is read from
  /// `/etc/passwd` by the process's user id, and only when a `users` folder exists.
  let givenUserName: String?
  /// The only owner whose files count: root. (A test's library-level locations may name its
  /// own user, which it cannot do through the environment.)
  package let trustedOwner: UInt32

  /// The administrator's directory: searched first, whatever the environment says.
  public static let administratorDirectory = "/etc/xdg"

  /// The locations of a `$XDG_CONFIG_DIRS` value.
  ///
  /// - Parameters:
  ///   - configDirectories: The variable's value, colon-separated; nil or empty for none
  ///     but `/etc/xdg`.
  ///   - userName: The user whose `forced/users/<name>/` files apply; nil to read it from
  ///     `/etc/passwd` when needed.
  public init(configDirectories: String?, userName: String? = nil) {
    givenDirectories = nil
    variable = configDirectories
    givenUserName = userName
    trustedOwner = 0
  }

  /// Locations with every part given.
  ///
  /// - Parameters:
  ///   - directories: The directories, most important first, searched as given.
  ///   - userName: The user's name, or nil to read it from `/etc/passwd`.
  ///   - trustedOwner: The owner whose files count.
  package init(directories: [String], userName: String?, trustedOwner: UInt32) {
    givenDirectories = directories
    variable = nil
    givenUserName = userName
    self.trustedOwner = trustedOwner
  }

  /// The process's locations: its `$XDG_CONFIG_DIRS`.
  ///
  /// - Returns: The locations.
  static func process() -> ManagedLocations {
    ManagedLocations(configDirectories: Platform.environmentValue("XDG_CONFIG_DIRS"))
  }

  /// Whether any directory of a `$XDG_CONFIG_DIRS` value (or `/etc/xdg`) has a `plistctl`
  /// folder: the one look a command pays on a machine with no managed files, made without
  /// the arrays that `init(configDirectories:)` makes (a one-key read's start-up counts).
  ///
  /// - Parameter configDirectories: The variable's value.
  /// - Returns: Whether any has one.
  public static func anyFolder(configDirectories: String?) -> Bool {
    ManagedLocations(configDirectories: configDirectories).anyFolder()
  }

  /// Whether any of these directories has a `plistctl` folder.
  ///
  /// - Returns: Whether any has one.
  public func anyFolder() -> Bool {
    anyDirectory { Platform.isDirectory(atPath: $0 + "/plistctl") }
  }

  /// Whether a domain may have managed files: a file or drop-in folder of its name, or a
  /// `users` folder, in some directory's `plistctl` folder. A few looks, and no reading: a
  /// command reading one key of a domain nothing manages, on a machine where other domains
  /// are managed, reads no managed file.
  ///
  /// - Parameter name: The domain's managed file name.
  /// - Returns: Whether `ManagedDomain(name:locations:)` may find anything.
  func mayManage(_ name: String) -> Bool {
    anyDirectory { Self.mayManage(name, under: $0 + "/plistctl/") }
  }

  /// `mayManage(_:)` in one directory's `plistctl/` folder (plain strings and looks: this
  /// runs at every lookup of a program that has no gate).
  private static func mayManage(_ name: String, under base: String) -> Bool {
    guard Platform.isDirectory(atPath: base) else { return false }
    let file = name + ".plist"
    let dropIns = name + ".d"
    for kind in 0..<3 {
      let folder = base + (kind == 0 ? "forced/" : kind == 1 ? "locked/" : "set-once/")
      if Platform.exists(atPath: folder + file) || Platform.exists(atPath: folder + dropIns)
        || (kind < 2 && Platform.exists(atPath: folder + "users"))
      {
        return true
      }
    }
    return false
  }

  /// Whether `body` holds for one of the directories, in order (`/etc/xdg`, then the
  /// variable's, looked at on its bytes; the given ones as given).
  private func anyDirectory(_ body: (String) -> Bool) -> Bool {
    if let givenDirectories { return givenDirectories.contains(where: body) }
    if body(Self.administratorDirectory) { return true }
    guard let variable else { return false }
    return Platform.firstEntry(in: variable, where: body)
  }

  /// This user's name, for the per-user folders; nil when it is not one folder's name.
  func userName() -> String? {
    guard let name = givenUserName ?? Platform.passwordUserName(), !name.isEmpty, name != ".",
      name != "..", !name.contains("/")
    else { return nil }
    return name
  }

  private static func directories(_ variable: String?) -> [String] {
    var directories = [administratorDirectory]
    _ = Platform.firstEntry(in: variable ?? "") { entry in
      var path = entry
      while path.utf8.count > 1, path.utf8.last == UInt8(ascii: "/") { path.removeLast() }
      if !directories.contains(path) { directories.append(path) }
      return false
    }
    return directories
  }
}

/// The three kinds of managed file, each a folder under `<dir>/plistctl/`.
public enum ManagedKind: String, Sendable, CaseIterable, CustomStringConvertible {
  /// Values that win over every other layer and that users cannot change.
  case forced
  /// Keys that users cannot change, held at the value below the user's own layers.
  case locked
  /// Values copied once into the user's domain, then the user's to change.
  case setOnce = "set-once"

  /// The folder's name (`forced`, `locked`, `set-once`).
  public var description: String { rawValue }

  /// Whether the kind has per-user folders (`users/<name>/`).
  var hasUserFolders: Bool { self != .setOnce }
}
