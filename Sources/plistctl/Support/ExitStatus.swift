import PlistCore

/// The exit statuses of SPEC §4.
enum ExitStatus: Int32, Sendable {
  /// Success.
  case success = 0
  /// Not found (a domain or key), or refused by a rule of the command.
  case failure = 1
  /// A file or stream that cannot be read, parsed or written.
  case dataError = 2
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

/// A command that ran and failed: the message and the status to leave with.
struct CommandFailure: Error, Equatable {
  let message: String
  let status: ExitStatus

  init(_ message: String, status: ExitStatus = .failure) {
    self.message = message
    self.status = status
  }

  /// A failure whose details the command has already written to standard error.
  init(alreadyReported status: ExitStatus) {
    self.init("", status: status)
  }
}

extension PlistError {
  /// Not found and refused exit 1, as in `defaults`; a file or stream that cannot be read,
  /// parsed or written exits 2.
  var asFailure: CommandFailure {
    switch self {
    case .notFound, .refused: return CommandFailure(description, status: .failure)
    default: return CommandFailure(description, status: .dataError)
    }
  }
}

extension DefaultsValue.Failure {
  var asFailure: CommandFailure {
    CommandFailure(message, status: isUsage ? .usage : .failure)
  }
}
