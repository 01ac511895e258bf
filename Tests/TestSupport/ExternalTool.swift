import Foundation

/// The programs some tests run besides plistctl (groff, python3, setpriv, tmux, the shells):
/// found on `PATH`, and when one is missing, a failure that says which and how to install it
/// rather than "The file doesn't exist".
public enum ExternalTool {
  /// A program that is not installed.
  public struct Missing: Error, CustomStringConvertible {
    /// The sentence naming the program and its package.
    public let description: String
  }

  /// Where a program is, searching `PATH` (then `/usr/bin` and `/bin`).
  ///
  /// - Parameter name: The program's name.
  /// - Returns: Its path, or nil when it is not installed.
  public static func find(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"] {
      let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }

  /// Whether a program is installed.
  ///
  /// - Parameter name: The program's name.
  /// - Returns: True when `find` finds it.
  public static func isInstalled(_ name: String) -> Bool { find(name) != nil }

  /// A program the test cannot do without.
  ///
  /// - Parameters:
  ///   - name: The program's name.
  ///   - package: The Debian package that installs it.
  /// - Returns: Its path.
  /// - Throws: `Missing`, naming the program and the package.
  public static func require(_ name: String, package: String) throws -> URL {
    guard let url = find(name) else {
      throw Missing(
        description:
          "\(name) is not installed, and this test runs it (Debian: apt-get install \(package); "
          + "README.md lists what the tests need)")
    }
    return url
  }
}
