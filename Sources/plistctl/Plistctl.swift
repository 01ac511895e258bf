import PlistCore

/// The command line's entry point: parse the verb, hand the arguments to its command, and
/// turn every error into one line on standard error and an exit status.
enum Plistctl {
  static let version = "0.1.0"

  /// Every command, by the name it is invoked with.
  static let commands: [any Command.Type] = [
    ReadCommand.self, ReadTypeCommand.self, WriteCommand.self, RenameCommand.self,
    DeleteCommand.self, DomainsCommand.self, FindCommand.self, ExportCommand.self,
    ImportCommand.self, WatchCommand.self, KeysCommand.self, ConvertCommand.self, LintCommand.self,
    PrintCommand.self,
    HelpCommand.self,
  ]

  static func run(arguments: [String], context: CommandContext) -> ExitStatus {
    do {
      try dispatch(arguments, context: context)
      return .success
    } catch let error as UsageError {
      context.writeError("plistctl: \(error.message)\n\(Usage.hint(for: error.topic))\n")
      return .usage
    } catch let error as CommandFailure {
      if !error.message.isEmpty { context.writeError("plistctl: \(error.message)\n") }
      if error.status == .usage { context.writeError(Usage.hint(for: verb(in: arguments)) + "\n") }
      return error.status
    } catch {
      context.writeError("plistctl: \(error)\n")
      return .failure
    }
  }

  /// The command word, past any host option, for usage hints.
  private static func verb(in arguments: [String]) -> String? {
    let skip = arguments.first == "-currentHost" ? 1 : arguments.first == "-host" ? 2 : 0
    return arguments.dropFirst(skip).first?.lowercased()
  }

  private static func dispatch(_ arguments: [String], context: CommandContext) throws {
    var cursor = ArgumentCursor(arguments)
    var context = context
    // As in `defaults`, a host option may only come first.
    switch cursor.peek() {
    case "-currentHost":
      _ = cursor.next()
      context.host = .current
    case "-host":
      _ = cursor.next()
      context.host = .named(try cursor.required("a host name after -host", topic: nil))
    default:
      break
    }
    guard let verb = cursor.next() else { throw UsageError("no command given") }
    switch verb {
    case "--help", "-h":
      return try context.print(Usage.overview)
    case "--version":
      return try context.print("plistctl \(version)")
    default:
      break
    }
    let name = verb.lowercased()
    guard let command = commands.first(where: { $0.name == name || $0.aliases.contains(name) })
    else {
      throw UsageError("unknown command '\(verb)'")
    }
    try command.init(parsing: &cursor).run(in: context)
  }
}

/// One subcommand: it parses its own arguments, then runs against a context.
protocol Command: Sendable {
  static var name: String { get }
  /// Other names the command answers to (`remove` for `delete`).
  static var aliases: [String] { get }
  init(parsing cursor: inout ArgumentCursor) throws(UsageError)
  func run(in context: CommandContext) throws(CommandFailure)
}

extension Command {
  static var aliases: [String] { [] }
}
