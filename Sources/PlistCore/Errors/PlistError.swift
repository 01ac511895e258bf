/// The errors of PlistCore's public API. Every case carries data, never a finished sentence:
/// the command line (or any other caller) decides how to word it.
public enum PlistError: Error, Equatable, Sendable {
  /// A file or stream could not be parsed; `source` names it (a path, or `<stdin>`).
  case parse(PlistParseError, source: String)
  /// A value could not be written in the requested format.
  case encoding(PlistEncodingError)
  /// A system call failed, with the file and the named errno.
  case system(SystemError)
  /// Neither `$XDG_CONFIG_HOME` (absolute) nor `$HOME` is set, so there is no preferences
  /// directory: a failure of the environment, not of the arguments.
  case noPreferencesDirectory
  /// A domain name that could reach outside the store, and why.
  case invalidDomainName(String, InvalidName)
  /// A `-host` name that cannot be part of a file name.
  case invalidHost(String)
  /// The domain has no file, or an empty one; `domain` is its display name.
  case domainNotFound(domain: String)
  /// Nothing at `path` in the domain.
  case keyNotFound(PlistPath, domain: String)
  /// The value at `path` is not of the type the operation needs (`-array-add` on a string).
  case typeMismatch(at: PlistPath, expected: PlistType, found: PlistType)
  /// A property list that must be a dictionary (a domain file, an import) is not one;
  /// `source` names the file or stream.
  case notADictionary(source: String, found: PlistType)
  /// A key path cannot be followed: at `blockedAt`, `reason` stops it.
  case pathBlocked(PlistPath, blockedAt: PlistPath, reason: PathBlock)
  /// A domain file in a format that domains are not written in (OpenStep, JSON): writing it
  /// back would lose types or change its format.
  case unwritableFormat(path: String, format: PlistFormat)
  /// A strict getter found a value that is not of the type asked for (and not text that
  /// spells one in full): the key, the layer it came from, the type asked for and found.
  case invalidDefault(key: String, layer: DefaultsLayer, expected: PlistType, found: PlistType)
  /// A Settings bundle's root plist parses, but is not a pane (no `PreferenceSpecifiers`).
  case notASettingsPane(path: String)
  /// A Settings schema does not allow the value at the key: what it allows instead.
  case refusedBySchema(key: String, value: PlistValue, allowed: AllowedValues)
  /// A write to a cloud store would break one of its limits; nothing was stored.
  case quotaExceeded(CloudQuotaLimit)
  /// No cloud store of that name is attached.
  case cloudStoreNotAttached(String)
  /// Detaching would lose changes made here: a last sync could not send them.
  case cloudChangesNotSent(String)
  /// A sync could not reach what carries the store (git's messages, a missing folder, a
  /// deadline): everything works here, and the next sync reconciles.
  case cloudOffline(store: String, reason: String)
  /// A file in a cloud store's `replicas/` folder is not a replica's file.
  case invalidCloudFile(path: String, CloudFileProblem)
  /// The program that carries a cloud store (git) failed: the command, its exit status and
  /// the last line it printed on standard error.
  case cloudEngineFailed(command: String, status: Int32, message: String)
  /// Another program (a running Foundation app's `synchronize()`) saved an older copy of the
  /// domain over a write, every time it was made again: the file at `path` may not hold it.
  case savedOver(path: String, times: Int)
  /// A file or stream holds more than `limit` bytes, the most that is read
  /// (`FileLimits.maximumSize`); nothing was parsed.
  case inputTooLarge(source: String, limit: Int)
  /// A domain's file is not a regular file (a FIFO, a device, a socket), so it is not read.
  case notARegularFile(path: String)
  /// Another process held the lock of `directory` for all of `milliseconds`
  /// (`FileLimits.lockTimeoutMilliseconds`); `holder` is that process, when it can be told.
  case lockTimedOut(directory: String, milliseconds: Int, holder: LockHolder?)
  /// A domain's file stayed empty or half-written for all of `milliseconds` while another
  /// process, `writer`, held it open for writing: a save in place that has not finished (the
  /// program descheduled or stopped between truncating the file and writing it). The file was
  /// not taken for what it held then, and nothing was written.
  case saveUnfinished(path: String, milliseconds: Int, writer: LockHolder)
  /// An environment variable that sets a limit (`FileLimits`) holds something else.
  case invalidLimit(String, String)
  /// The administrator forces or locks `key` for `domain` (the managed file `source` says
  /// so), and the write would change its stored value.
  case forcedByAdministrator(key: String, domain: String, source: String)

  /// The process holding a lock, or a file open for writing.
  public struct LockHolder: Equatable, Sendable {
    /// Its process id.
    public let process: Int32
    /// Whether it is stopped (`kill -STOP`, a debugger), so it will not let go by itself.
    public let stopped: Bool
  }

  /// Why a domain name was refused.
  public enum InvalidName: Equatable, Sendable {
    /// The name is empty.
    case empty
    /// The name is longer than the store allows (in UTF-8 bytes).
    case tooLong(limit: Int)
    /// The name contains `/`.
    case containsSlash
    /// The name contains a NUL byte.
    case containsNUL
    /// The name starts with this character (`.` or `-`).
    case startsWith(Character)
    /// A `~` path, but `$HOME` is not set.
    case homeNotSet
  }

  /// What a schema allows a key to hold.
  public enum AllowedValues: Equatable, Sendable {
    /// One of these values.
    case oneOf([PlistValue])
    /// A number (integer or real) from `minimum` to `maximum`.
    case range(minimum: Double, maximum: Double)
    /// Any value of this type.
    case type(PlistType)
  }

  /// Why a key path stops.
  public enum PathBlock: Equatable, Sendable {
    /// The value there is a scalar of this type, not a dictionary or an array.
    case notAContainer(PlistType)
    /// The value there is an array, and this component is not an index.
    case notAnIndex(String)
    /// The index is past the end of an array of `count` elements (appending is at `count`).
    case pastEnd(count: Int)
  }
}
