import Foundation
import PlistCore

/// An administrator's managed-preferences directory for a test: what `$XDG_CONFIG_DIRS`
/// names, with `plistctl/forced`, `plistctl/locked` and `plistctl/set-once` files written
/// into it (as root writes them when the tests run as root: owned by the test's user, mode
/// 0644, folders 0755).
public struct ManagedFiles: Sendable {
  /// The directory (one entry of `$XDG_CONFIG_DIRS`).
  public let path: String

  /// A directory inside a temporary one.
  ///
  /// - Parameters:
  ///   - directory: The test's temporary directory.
  ///   - name: The directory's name there.
  public init(in directory: TemporaryDirectory, named name: String = "xdg") {
    path = directory.path(name)
  }

  /// Locations that search this directory alone (not even `/etc/xdg`, which the variable
  /// cannot leave out: the machine's own files stay out of library tests), trusting the
  /// files of the test's own user: library tests pass whoever runs them.
  ///
  /// - Parameter userName: The user whose `users/<name>/` files apply.
  /// - Returns: The locations.
  public func locations(userName: String = "tester") -> ManagedLocations {
    ManagedLocations(directories: [path], userName: userName, trustedOwner: getuid())
  }

  /// Writes a managed file.
  ///
  /// - Parameters:
  ///   - kind: Forced, locked or set once.
  ///   - domain: The domain's file name without `.plist`.
  ///   - value: The file's top level (a dictionary, or an array of keys for a lock).
  ///   - dropIn: The drop-in's name in `<domain>.d/` (without `.plist`), or nil for
  ///     `<domain>.plist`.
  ///   - user: The user's folder (`users/<user>/`), or nil for every user.
  /// - Returns: The file's path.
  /// - Throws: When it cannot be written.
  @discardableResult
  public func write(
    _ kind: ManagedKind, _ domain: String, _ value: PlistValue, dropIn: String? = nil,
    user: String? = nil
  ) throws -> String {
    var folder = path + "/plistctl/" + kind.description
    if let user { folder += "/users/" + user }
    if dropIn != nil { folder += "/" + domain + ".d" }
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o755])
    let file = folder + "/" + (dropIn ?? domain) + ".plist"
    let bytes = try PropertyList.encode(value, as: .xml)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    chmod(file, 0o644)
    return file
  }

  /// Removes a managed file.
  ///
  /// - Parameter file: Its path.
  public func remove(_ file: String) { try? FileManager.default.removeItem(atPath: file) }
}
