extension PlistError: CustomStringConvertible {
  /// One neutral line that says what failed and where. (The command line words the cases
  /// that `defaults` has sentences for in its own way.)
  public var description: String {
    switch self {
    case .parse(let error, let source): return "\(source): \(error)"
    case .encoding(let error): return error.description
    case .system(let error): return error.description
    case .noPreferencesDirectory:
      return "cannot find the preferences directory: set HOME or XDG_CONFIG_HOME"
    case .invalidDomainName(let name, let reason):
      return "invalid domain name '\(name)': \(reason)"
    case .invalidHost(let host): return "invalid host name '\(host)'"
    case .domainNotFound(let domain): return "domain \(domain) does not exist"
    case .keyNotFound(let path, let domain): return "\(path) does not exist in domain \(domain)"
    case .typeMismatch(let path, let expected, let found):
      return "\(path) is \(found.withArticle), not \(expected.withArticle)"
    case .notADictionary(let source, let found):
      return "\(source): the root is \(found.withArticle), not a dictionary"
    case .pathBlocked(let path, let blockedAt, let reason):
      return "key path \(path): \(reason.explanation(at: blockedAt))"
    case .unwritableFormat(let path, let format):
      return "\(path) is \(format.name) and cannot be written back in that format"
    case .invalidDefault(let key, let layer, let expected, let found):
      return "\(key) (\(layer)) is \(found.withArticle), not \(expected.withArticle)"
    case .notASettingsPane(let path):
      return "\(path) is not a Settings pane: it has no PreferenceSpecifiers array"
    case .refusedBySchema(let key, let value, let allowed):
      return "\(key) cannot be \(value.writeArgument): the schema allows \(allowed)"
    case .quotaExceeded(let limit): return "over the cloud store's quota: \(limit)"
    case .cloudStoreNotAttached(let name): return "no cloud store named \(name) is attached"
    case .invalidCloudFile(let path, let problem): return "\(path): \(problem)"
    case .cloudChangesNotSent(let name):
      return "changes to \(name) made here have not been sent, and a sync cannot send them now"
    case .cloudOffline(let store, let reason): return "\(store) is offline: \(reason)"
    case .cloudEngineFailed(let command, let status, let message):
      return "\(command) failed (exit \(status))" + (message.isEmpty ? "" : ": " + message)
    case .savedOver(let path, let times):
      return
        "\(path): another program saved an older copy over this write \(times) times; "
        + "the file may not hold it"
    case .inputTooLarge(let source, let limit):
      return "\(source) is larger than \(FileLimits.sizeText(limit)), the most that is read"
    case .notARegularFile(let path):
      return "\(path) is not a regular file (a FIFO, a device or a socket), so it is not read"
    case .invalidLimit(let variable, let value):
      return "\(variable) is '\(value)', which is not a limit"
    case .forcedByAdministrator(let key, let domain, let source):
      return "\(key) in \(domain) is managed by the administrator (\(source)); it cannot be changed"
    case .lockTimedOut(let directory, let milliseconds, let holder):
      let seconds = FileLimits.durationText(milliseconds)
      guard let holder else { return "waited \(seconds) for the lock on \(directory); giving up" }
      return "waited \(seconds) for the lock on \(directory), held by process \(holder.process)"
        + (holder.stopped ? ", which is stopped" : "") + "; giving up"
    case .saveUnfinished(let path, let milliseconds, let writer):
      let seconds = FileLimits.durationText(milliseconds)
      return "waited \(seconds) for process \(writer.process)"
        + (writer.stopped ? ", which is stopped," : "") + " to finish saving \(path); giving up"
    }
  }
}

extension PlistError.InvalidName: CustomStringConvertible {
  /// Why the name was refused, e.g. `it contains '/'`.
  public var description: String {
    switch self {
    case .empty: return "it is empty"
    case .tooLong(let limit): return "it is longer than \(limit) bytes"
    case .containsSlash: return "it contains '/'"
    case .containsNUL: return "it contains NUL"
    case .startsWith(let character): return "it starts with '\(character)'"
    case .homeNotSet: return "~ needs $HOME to be set"
    }
  }
}

extension PlistError.AllowedValues: CustomStringConvertible {
  /// What is allowed, in words: `one of -int 1, -int 2`, `a number from 0 to 1`, `a string`.
  public var description: String {
    switch self {
    case .oneOf(let values) where values.count == 2:
      return values[0].writeArgument + " or " + values[1].writeArgument
    case .oneOf(let values):
      return "one of " + values.map(\.writeArgument).joined(separator: ", ")
    case .range(let minimum, let maximum):
      return "a number from \(minimum.compactText) to \(maximum.compactText)"
    case .type(let type): return type.withArticle
    }
  }
}

extension PlistError.PathBlock {
  /// The reason as a clause about the place it happens, e.g. `:n is an integer, not a
  /// dictionary or an array`.
  ///
  /// - Parameter place: Where the path stops.
  /// - Returns: The clause.
  package func explanation(at place: PlistPath) -> String {
    switch self {
    case .notAContainer(let type):
      return "\(place) is \(type.withArticle), not a dictionary or an array"
    case .notAnIndex(let component):
      return "\(place) is an array, and '\(component)' is not an index"
    case .pastEnd(let count): return "\(place) is past the end of an array of \(count)"
    }
  }
}

extension CloudQuotaLimit: CustomStringConvertible {
  /// The limit in words, e.g. `at most 1024 keys`.
  public var description: String {
    switch self {
    case .keyLength(let key, let limit):
      return "the key '\(key)' is \(key.utf8.count) bytes long; keys are at most \(limit) bytes"
    case .keyCount(let limit): return "a store holds at most \(limit) keys"
    case .totalSize(let needed, let limit):
      return "the values would take \(needed) bytes; a store holds at most \(limit)"
    }
  }
}

extension CloudFileProblem: CustomStringConvertible {
  /// What is wrong with the file, in words.
  public var description: String {
    switch self {
    case .notADictionary: return "not a replica file: the root is not a dictionary"
    case .missingField(let field): return "not a replica file: '\(field)' is missing or malformed"
    case .newerFormat(let version):
      return "written in format \(version) by a newer plistctl; this one reads format 1"
    case .badEntry(let section, let key): return "malformed \(section) entry '\(key)'"
    case .wrongReplica(let id): return "the file says it belongs to replica \(id)"
    }
  }
}
