/// The exit statuses of docs/plistctl.1 (EXIT STATUS).
enum ExitStatus: Int32, Sendable {
  /// Success.
  case success = 0
  /// Not found (a domain or key), or refused by a rule of the command.
  case failure = 1
  /// A file or stream that cannot be read, parsed or written, or an environment without a
  /// preferences directory.
  case dataError = 2
  /// A key the administrator forces or locks (docs/managed.md): the write was refused.
  case managed = 3
  /// Bad usage (EX_USAGE).
  case usage = 64
}

/// Wrong arguments: a message and the command whose usage line to show.
struct UsageError: Error, Equatable {
  let message: String
  /// The command whose usage line is shown under the message; nil for the general one.
  let topic: String?

  init(_ message: String, topic: String? = nil) {
    self.message = message
    self.topic = topic
  }
}

/// Failures of the command line itself, beyond the library's errors.
enum CommandFailure: Error, Equatable {
  /// `managed`: nothing is forced, locked or set once for the domain.
  case nothingManaged(String)
  /// `find` found nothing for the word.
  case nothingFound(String)
  /// The command has written its own messages (`lint`, one per file); leave with the status.
  case alreadyReported(ExitStatus)
  /// A settings command needs the domain's Settings bundle, and none is attached or
  /// installed.
  case noSettingsBundle(String)
  /// `settings describe`: the domain's Settings bundle declares no such key.
  case notInSchema(String, domain: String)
  /// `cloud get`/`remove`: the store has no such key.
  case notInCloudStore(String, store: String)
  /// `cloud sync`: the engine could not be reached; the reason.
  case notInSync(store: String, reason: String)
  /// `--container` named a container that is not there (its preferences directory).
  case noSuchContainer(String, String)
  /// A domain the host does not have is in more than one container (their names).
  case inSeveralContainers(String, [String])
  /// A domain the host does not have is only in containers of other apps (their names).
  case onlyInOtherContainers(String, [String])
}
