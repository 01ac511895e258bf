import PlistCore

/// What a command may touch: the environment and the standard streams (`standard()` is the
/// real process; the output goes through closures so that it can be captured).
struct CommandContext {
  var environment: [String: String]
  /// `-currentHost` or `-host H` before the verb.
  var host: DomainStore.Host = .any
  /// Writes bytes to standard output.
  var writeOutput: ([UInt8]) throws(PlistError) -> Void
  /// Encodes a value straight to standard output (streamed for the real process).
  var writeValue: (PlistValue, PlistFormat, PropertyList.WriteOptions) throws(PlistError) -> Void
  /// Writes text to standard error.
  var writeError: (String) -> Void

  static func standard() -> CommandContext {
    CommandContext(
      environment: Platform.environment(["XDG_CONFIG_HOME", "HOME"]),
      writeOutput: { (bytes) throws(PlistError) in try FileAccess.writeStandardOutput(bytes) },
      writeValue: { (value, format, options) throws(PlistError) in
        try FileAccess.writeStandardOutput(value, as: format, options: options)
      },
      writeError: { FileAccess.writeStandardError($0) })
  }

  /// The preference store for this invocation's root and host.
  func store() throws(CommandFailure) -> DomainStore {
    do { return try DomainStore(environment: environment, host: host) } catch {
      throw CommandFailure(error.description, status: .usage)
    }
  }

  /// A domain argument, validated.
  func domain(_ argument: String) throws(CommandFailure) -> Domain {
    do { return try Domain(argument: argument, home: environment["HOME"]) } catch {
      throw CommandFailure(error.description, status: .usage)
    }
  }

  func print(_ text: String) throws(CommandFailure) {
    do { try writeOutput(Array((text + "\n").utf8)) } catch { throw error.asFailure }
  }

  /// Reads and parses a property list in any format from a file or `-` (standard input).
  func readPropertyList(path: String) throws(CommandFailure) -> (
    value: PlistValue, format: PlistFormat
  ) {
    do { return try FileAccess.readPropertyList(path: path) } catch { throw error.asFailure }
  }
}
