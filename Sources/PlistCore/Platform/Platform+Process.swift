#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - The process: environment, name, executable, working directory, threads, randomness

extension Platform {
  /// The value of an environment variable, or nil.
  static func environmentValue(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  /// The running executable's file name, as CoreFoundation names the process on Linux (the
  /// last component of `/proc/self/exe`), or nil when it cannot be told.
  static func executableName() -> String? {
    guard let path = linkTarget(atPath: "/proc/self/exe") else { return nil }
    let name = path.split(separator: "/").last.map(String.init)
    return name?.isEmpty == false ? name : nil
  }

  /// The current directory, or nil.
  static func currentDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: 4097)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Runs `body` on a new detached thread (for work that blocks in a system call, which
  /// must not hold one of Swift concurrency's few threads).
  static func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    final class Box: Sendable {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        let box = Unmanaged<AnyObject>.fromOpaque(raw).takeRetainedValue() as? Box
        box?.body()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<AnyObject>.fromOpaque(context).release()
      return false
    }
    pthread_detach(thread)
    return true
  }
}

extension Platform {
  /// The home directory of this user in `/etc/passwd`, or nil. Read here rather than with
  /// `getpwuid`: glibc answers that through its NSS modules, which a fully static executable
  /// cannot load reliably (they must come from the very glibc build it was linked with), so
  /// the release binary must not call it. A user only a directory service knows (LDAP,
  /// systemd-homed) has no line there: the callers then ask for `HOME`.
  static func passwordHomeDirectory() -> String? {
    passwordHomeDirectory(uid: getuid(), inPasswordFile: "/etc/passwd")
  }

  /// The home directory of a user in a file of `/etc/passwd` lines
  /// (`name:password:uid:gid:gecos:home:shell`); the first line with the uid wins.
  static func passwordHomeDirectory(uid: uid_t, inPasswordFile path: String) -> String? {
    guard let home = passwordField(5, uid: uid, inPasswordFile: path) else { return nil }
    return home.hasPrefix("/") ? home : nil
  }

  /// One field of the first `/etc/passwd`-style line with a uid (0 the name, 5 the home).
  static func passwordField(_ index: Int, uid: uid_t, inPasswordFile path: String) -> String? {
    guard case .bytes(let bytes)? = try? readFile(atPath: path, limit: 16 << 20, regularOnly: true)
    else { return nil }
    let wanted = String(uid)
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
      let fields = line.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
      guard fields.count >= 7, String(decoding: fields[2], as: UTF8.self) == wanted else {
        continue
      }
      let field = String(decoding: fields[index], as: UTF8.self)
      return field.isEmpty ? nil : field
    }
    return nil
  }

  /// The path of the running executable (for a command that must call it back, such as
  /// git's merge driver), or nil.
  static func executablePath() -> String? {
    linkTarget(atPath: "/proc/self/exe")
  }

  /// `count` random bytes from the kernel's generator (the standard library's system
  /// generator draws from `getrandom`).
  static func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }
}
