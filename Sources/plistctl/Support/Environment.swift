import PlistCore

/// The environment variables plistctl reads: the process's own, looked up one at a time when
/// a command asks, or a given set (tests run commands in process with their own).
///
/// Why not a `[String: String]` made at start-up: it was the process's first dictionary, so
/// the runtime instantiated its generic type then, with its first scan of every protocol
/// conformance in the binary — 150 k instructions, a third of a `read D K`. A lookup in the
/// process's own environment makes no dictionary at all.
struct Environment {
  /// The variables plistctl reads, the ones `dictionary` holds.
  static let names = [
    "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "HOME", "PLISTCTL_SYSTEM_ROOT", "XDG_DATA_HOME",
    "XDG_STATE_HOME",
    "XDG_DATA_DIRS", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "TERM",
    FileLimits.maximumSizeVariable, FileLimits.lockTimeoutVariable,
  ]

  /// The given variables; nil for the process's own.
  private let given: [String: String]?

  /// A given set of variables.
  init(_ variables: [String: String]) { given = variables }

  private init() { given = nil }

  /// The process's own environment.
  static let process = Environment()

  /// A variable's value, if set.
  subscript(name: String) -> String? {
    guard let given else { return Platform.environmentVariable(name) }
    return given[name]
  }

  /// The variables plistctl reads, for the library's calls that take a dictionary of them
  /// (the cloud store's and the Settings bundles' directories, the user's languages).
  var dictionary: [String: String] {
    if let given { return given }
    var result: [String: String] = [:]
    for name in Self.names {
      if let value = Platform.environmentVariable(name) { result[name] = value }
    }
    return result
  }
}
