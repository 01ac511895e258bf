/// What the running process can tell about itself, for callers above the platform layer.
package enum CurrentProcess {
  /// The running executable's path (from `/proc/self/exe`), or nil.
  static var executablePath: String? { Platform.executablePath() }

  /// A path made absolute against the current directory (unchanged when it already is).
  package static func absolutePath(_ path: String) -> String {
    path.hasPrefix("/") ? path : (Platform.currentDirectory() ?? "") + "/" + path
  }
}
