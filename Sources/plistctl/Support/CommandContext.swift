import PlistCore

/// What a command may touch: the environment and the standard streams. `standard()` is the
/// real process; tests build one with captured streams and run commands in process.
struct CommandContext {
  var environment: Environment
  /// `-currentHost` or `-host H` before the verb.
  var host: DomainStore.Host = .any
  /// The preferences directory of the container this run works in (`--container`, or the one
  /// holding a domain the host does not have); nil for the host's own.
  var containerRoot: String?
  /// `--container` as typed, for the commands that resolve it themselves (`state`).
  var chosenContainer: String?
  /// Reads standard input to its end, at most the given number of bytes.
  var readInput: (Int) throws(PlistError) -> [UInt8]
  /// `--max-size`: the most bytes read from a FILE (`PLISTCTL_MAX_SIZE` when nil).
  var maximumSize: Int?
  /// Writes text to standard output.
  var writeOutput: (String) throws(PlistError) -> Void
  /// Encodes a value straight to standard output (streamed for the real process).
  var writeValue: (PlistValue, PlistFormat, PropertyList.WriteOptions) throws(PlistError) -> Void
  /// Writes text to standard error.
  var writeError: (String) -> Void
  /// Writes bytes to standard output as they are (PlistBuddy prints data raw).
  var writeBytes: ([UInt8]) throws(PlistError) -> Void = { (bytes) throws(PlistError) in
    try FileAccess.write(bytes, toDescriptor: Platform.standardOutput, name: standardOutputName)
  }
  /// Reads a line of standard input without its line feed, nil at its end (PlistBuddy's
  /// shell reads commands as they are typed).
  var readLine: () -> [UInt8]? = StandardInputLines.next

  /// How messages name standard input and output.
  static let standardInputName = "<stdin>"
  static let standardOutputName = "<stdout>"

  static func standard() -> CommandContext {
    CommandContext(
      environment: .process,
      readInput: { (maximumSize) throws(PlistError) in
        try FileAccess.readAll(
          descriptor: Platform.standardInput, name: standardInputName, maximumSize: maximumSize)
      },
      maximumSize: nil,
      writeOutput: { (text) throws(PlistError) in
        try FileAccess.write(text, toDescriptor: Platform.standardOutput, name: standardOutputName)
      },
      writeValue: { (value, format, options) throws(PlistError) in
        // On a terminal, made whole and its text's control characters escaped, as every
        // output of plistctl's (a domain's strings may be another program's or machine's);
        // to a pipe or a file, streamed byte for byte.
        guard TerminalText.standardOutputIsTerminal else {
          return try FileAccess.encode(
            value, as: format, options: options, toDescriptor: Platform.standardOutput,
            name: standardOutputName)
        }
        let bytes: [UInt8]
        do throws(PlistEncodingError) {
          bytes = try PropertyList.encode(value, as: format, options: options)
        } catch {
          throw .encoding(error)
        }
        try FileAccess.write(
          TerminalText.forStandardOutput(bytes), toDescriptor: Platform.standardOutput,
          name: standardOutputName)
      },
      writeError: { text in
        try? FileAccess.write(text, toDescriptor: Platform.standardError, name: "<stderr>")
      })
  }

  /// The preference store for this invocation's root and host.
  func store() throws(PlistError) -> DomainStore {
    var store: DomainStore
    if let containerRoot {
      store = try DomainStore(root: containerRoot, host: host)
    } else {
      store = try DomainStore(
        xdgConfigHome: environment["XDG_CONFIG_HOME"], home: environment["HOME"], host: host)
    }
    store.limits = try limits()
    // Managed files are looked for only where some exist: one look per directory.
    if containerRoot == nil,
      ManagedLocations.anyFolder(configDirectories: environment["XDG_CONFIG_DIRS"])
    {
      store.managed = managedLocations
      store.refusesForcedKeys = true
    }
    return store
  }

  /// The store with the managed locations whether or not any managed folder exists: for
  /// the commands that show what is managed (`managed`, `writable`).
  func managedStore() throws -> DomainStore {
    var store = try store()
    store.managed = managedLocations
    return store
  }

  /// Where the administrator's managed preferences are: `$XDG_CONFIG_DIRS` and `/etc/xdg`;
  /// nil inside a container, whose app does not see the host's.
  var managedLocations: ManagedLocations? {
    guard containerRoot == nil else { return nil }
    return ManagedLocations(configDirectories: environment["XDG_CONFIG_DIRS"])
  }

  /// Writes the managed files' problems (a file a user could change, one that does not
  /// parse) to standard error as warnings, each once.
  func warn(about problems: [ManagedProblem]) {
    var seen = Set<String>()
    for problem in problems where seen.insert(problem.description).inserted {
      writeError("plistctl: warning: \(TerminalText.escaped(problem.description))\n")
    }
  }

  /// The limits of reads and lock waits: the environment's, and `--max-size`.
  func limits() throws(PlistError) -> FileLimits {
    var limits = try FileLimits(
      maximumSize: environment[FileLimits.maximumSizeVariable],
      lockTimeout: environment[FileLimits.lockTimeoutVariable])
    if let maximumSize { limits.maximumSize = maximumSize }
    return limits
  }

  /// This context, reading at most `maximumSize` bytes from a FILE when it is given.
  func limited(to maximumSize: Int?) -> CommandContext {
    var context = self
    if let maximumSize { context.maximumSize = maximumSize }
    return context
  }

  /// The defaults an app whose domain is `argument` sees: its search list from outside the
  /// app (no arguments, no registrations of its own), the shared files in
  /// `$PLISTCTL_SYSTEM_ROOT` or `/usr/local/etc`.
  func defaults(_ argument: String, topic: String) throws -> Defaults {
    let name = try appDomain(argument, topic: topic)
    return try defaults(named: name, schema: try schema(forDomain: name))
  }

  /// The defaults an app sees, with a schema's factory defaults as its last layer.
  func defaults(_ argument: String, topic: String, schema: SettingsSchema?) throws -> Defaults {
    try defaults(named: try appDomain(argument, topic: topic), schema: schema)
  }

  private func defaults(named name: String, schema: SettingsSchema?) throws -> Defaults {
    let root = try store().root
    // Inside a container the host's shared directory is out of the app's sight.
    let system = containerRoot == nil ? environment["PLISTCTL_SYSTEM_ROOT"] ?? "/usr/local/etc" : ""
    let defaults = try Defaults(
      domain: name,
      environment: .tool(
        root: root, systemRoot: system.isEmpty ? nil : system, domain: name,
        managed: managedLocations))
    if let schema { defaults.register(settingsSchema: schema) }
    return defaults
  }

  /// An app's domain name: the search list is an app's, not a file's or the global domain's.
  private func appDomain(_ argument: String, topic: String) throws -> String {
    guard case .named(let name) = try domain(argument).kind else {
      throw UsageError(
        "the search list is an app's: give a domain name, not '\(argument)'", topic: topic)
    }
    return name
  }

  /// A domain argument, validated.
  func domain(_ argument: String) throws(PlistError) -> Domain {
    try Domain(argument: argument, home: environment["HOME"])
  }

  /// Reports a failure on standard error as one line: `plistctl: MESSAGE`, its control
  /// characters escaped (`TerminalText`): messages quote keys, paths and other machines'
  /// text, and one of those must not forge a line or drive the terminal.
  func report(_ message: String) {
    writeError("plistctl: \(TerminalText.escaped(message))\n")
  }

  func print(_ text: String) throws(PlistError) {
    try writeOutput(text + "\n")
  }

  /// How messages name a FILE argument: the path, or `<stdin>` for `-`.
  static func sourceName(_ path: String) -> String { path == "-" ? standardInputName : path }

  /// The bytes of a FILE argument: a file, or standard input for `-`.
  func readBytes(_ path: String) throws(PlistError) -> [UInt8] {
    let maximumSize = try limits().maximumSize
    return path == "-"
      ? try readInput(maximumSize) : try FileAccess.read(path: path, maximumSize: maximumSize)
  }

  /// Reads and parses a property list in any format from a file or `-` (standard input).
  func readPropertyList(_ path: String) throws(PlistError) -> PlistValue {
    try FileAccess.decode(try readBytes(path), source: Self.sourceName(path)).value
  }
}
