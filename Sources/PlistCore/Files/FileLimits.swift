/// The bounds every read and every wait for a lock keep, so that no file or stream can make
/// a command take all memory or hang: `/dev/zero` or an endless pipe given as a file, a huge
/// sparse file, a writer stopped while it holds a directory's lock.
package struct FileLimits: Sendable, Equatable {
  /// The most bytes read from one file or stream: 256 MiB unless changed, far above any
  /// real property list (the largest in the corpus is 0.6 MiB; Foundation's own
  /// preference files are small), and low enough that the parsed value fits in memory.
  package var maximumSize: Int
  /// How long to wait for the lock of a domain's directory that another process holds:
  /// 10 s unless changed (a write holds it for about a millisecond).
  package var lockTimeoutMilliseconds: Int

  /// Limits; the defaults unless given.
  ///
  /// - Parameters:
  ///   - maximumSize: The most bytes read from one file or stream.
  ///   - lockTimeoutMilliseconds: How long to wait for a lock.
  init(maximumSize: Int = 256 << 20, lockTimeoutMilliseconds: Int = 10_000) {
    self.maximumSize = maximumSize
    self.lockTimeoutMilliseconds = lockTimeoutMilliseconds
  }

  /// The limits the environment sets: `PLISTCTL_MAX_SIZE` (bytes, or a number with K, M or
  /// G: binary multiples) and `PLISTCTL_LOCK_TIMEOUT` (seconds, decimals allowed); the
  /// defaults for what is unset.
  ///
  /// - Parameter environment: The variables.
  /// - Throws: `PlistError.invalidLimit` naming a variable whose value is not one.
  init(environment: [String: String]) throws(PlistError) {
    try self.init(
      maximumSize: environment[Self.maximumSizeVariable],
      lockTimeout: environment[Self.lockTimeoutVariable])
  }

  /// The limits the two variables' values set (`init(environment:)` without a dictionary:
  /// a `read` that makes none saves the runtime's set-up of the dictionary type, a third of
  /// its instructions).
  ///
  /// - Parameters:
  ///   - maximumSize: `PLISTCTL_MAX_SIZE`'s value, if set.
  ///   - lockTimeout: `PLISTCTL_LOCK_TIMEOUT`'s value, if set.
  /// - Throws: `PlistError.invalidLimit` naming a variable whose value is not one.
  package init(maximumSize: String?, lockTimeout: String?) throws(PlistError) {
    self.init()
    if let text = maximumSize {
      guard let size = Self.size(text) else { throw .invalidLimit(Self.maximumSizeVariable, text) }
      self.maximumSize = size
    }
    if let text = lockTimeout {
      guard let milliseconds = Self.milliseconds(text) else {
        throw .invalidLimit(Self.lockTimeoutVariable, text)
      }
      lockTimeoutMilliseconds = milliseconds
    }
  }

  /// The environment variable that sets `maximumSize`.
  package static let maximumSizeVariable = "PLISTCTL_MAX_SIZE"
  /// The environment variable that sets `lockTimeoutMilliseconds`, in seconds.
  package static let lockTimeoutVariable = "PLISTCTL_LOCK_TIMEOUT"

  /// This process's limits, from its environment, read once (an invalid value is ignored
  /// here; the command line reports it).
  package static let standard: FileLimits = {
    let limits = try? FileLimits(
      maximumSize: Platform.environmentValue(maximumSizeVariable),
      lockTimeout: Platform.environmentValue(lockTimeoutVariable))
    return limits ?? FileLimits()
  }()

  /// A size: `1048576`, `64K`, `256M`, `1G` (also `256MiB`, `256MB`: binary multiples).
  ///
  /// - Parameter text: The size as typed.
  /// - Returns: Bytes, or nil when the text is not a positive size.
  package static func size(_ text: String) -> Int? {
    var digits = Substring(text)
    for unit in ["iB", "B"] where digits.hasSuffix(unit) { digits = digits.dropLast(unit.count) }
    var shift = 0
    switch digits.last {
    case "K", "k": shift = 10
    case "M", "m": shift = 20
    case "G", "g": shift = 30
    default: break
    }
    if shift > 0 { digits = digits.dropLast() }
    guard let count = Int(digits), count > 0, count <= Int.max >> shift else { return nil }
    return count << shift
  }

  /// A duration in seconds (`10`, `0.5`) as milliseconds, or nil.
  static func milliseconds(_ text: String) -> Int? {
    guard let seconds = Double(text), seconds >= 0, seconds < 1e9 else { return nil }
    return Int((seconds * 1000).rounded())
  }

  /// A size in words: `256 MiB`, `64 KiB`, `1000 bytes`.
  static func sizeText(_ bytes: Int) -> String {
    for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")]
    where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
      return "\(bytes >> shift) \(unit)"
    }
    return "\(bytes) bytes"
  }

  /// A duration in words: `10 s`, `0.5 s`.
  static func durationText(_ milliseconds: Int) -> String {
    milliseconds % 1000 == 0
      ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
  }
}
