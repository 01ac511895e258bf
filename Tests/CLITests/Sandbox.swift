import Foundation
import TestSupport
import Testing

/// A temporary preferences root, and plistctl run against it (XDG_CONFIG_HOME).
struct Sandbox {
  let directory: TemporaryDirectory
  var root: String { directory.path("config") }

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// The shared preferences every user sees (`/usr/local/etc` outside the tests).
  var systemRoot: String { directory.path("system") }

  /// Where installed Settings bundles are looked for: `$XDG_DATA_HOME`, then the one
  /// directory of `$XDG_DATA_DIRS`, both inside the sandbox so no system directory is read.
  var dataHome: String { directory.path("data") }
  var sharedData: String { directory.path("share") }
  /// The administrator's managed preferences (`$XDG_CONFIG_DIRS`; `/etc/xdg` is searched
  /// after it, as always).
  var managed: ManagedFiles { ManagedFiles(in: directory) }

  var environment: [String: String] {
    [
      "XDG_CONFIG_HOME": root, "HOME": directory.url.path, "PLISTCTL_SYSTEM_ROOT": systemRoot,
      "XDG_DATA_HOME": dataHome, "XDG_DATA_DIRS": sharedData, "XDG_CONFIG_DIRS": managed.path,
      // Settings bundles are shown in the user's language: none, unless a test says so.
      "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8",
    ]
  }

  /// Runs plistctl in process against this root.
  @discardableResult
  func run(_ arguments: String..., stdin: String = "") throws -> CLI.Result {
    try CLI.run(arguments, stdin: Array(stdin.utf8), environment: environment)
  }

  @discardableResult
  func run(arguments: [String], stdin: [UInt8] = []) throws -> CLI.Result {
    try CLI.run(arguments, stdin: stdin, environment: environment)
  }

  /// Runs the plistctl binary as a separate process against this root.
  @discardableResult
  func runProcess(_ arguments: String..., stdin: String = "") throws -> CLI.Result {
    try CLI.runProcess(arguments, stdin: Array(stdin.utf8), environment: environment)
  }

  /// Runs plistctl and expects success, returning standard output.
  func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws
    -> String
  {
    try ok(arguments: arguments, sourceLocation: sourceLocation)
  }

  func ok(arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try CLI.run(arguments, environment: environment)
    #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    return result.stdout
  }

  func file(_ domain: String) -> String { "\(root)/\(domain).plist" }

  func bytes(_ domain: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: file(domain))))
  }

  /// The domain file as Foundation reads it (an independent reader).
  func contents(_ domain: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: file(domain)))
    return try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
      ?? [:]
  }

  func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  func remove() { directory.remove() }
}
