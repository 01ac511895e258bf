#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Directories whose links are not followed

/// Directories another program writes that this process must not be led out of: sandboxed
/// apps' containers. A Flatpak or a Snap writes its container, so a link it plants there —
/// `config/com.example.App.plist -> ~/.config/com.bank.App.plist` — would turn a host tool's
/// write of the app's domain into a write of a file the sandbox cannot reach. Below these
/// directories a domain file is opened with `O_NOFOLLOW` and a link is never written
/// through (`writeTarget`): the read or the write fails with ELOOP instead.
enum DistrustedLinks {
  nonisolated(unsafe) private static var directories: [String] = []
  nonisolated(unsafe) private static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    return mutex
  }()

  /// Distrusts the links below a directory (an absolute path without links), from now on.
  static func add(_ directory: String) {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if !directories.contains(directory) { directories.append(directory) }
  }

  /// Whether a path is below a distrusted directory.
  static func covers(_ path: String) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return directories.contains { path.hasPrefix($0 + "/") }
  }
}

extension Platform {
  /// A path with every link in it resolved, and `.`/`..` removed (`realpath`); nil when some
  /// part is missing.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
