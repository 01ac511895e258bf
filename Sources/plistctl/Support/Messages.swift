import PlistCore

/// Every sentence plistctl prints for a failure, in one place: `defaults`' own wording where
/// it has one, plistctl's for the rest, and the library's one-line description for parse,
/// encoding and system errors. Each error becomes one line and an exit status.
enum Messages {
  /// `defaults`' closing words when a change was refused.
  static let unchanged = "Defaults have not been changed."

  /// What the failing command was working on, for the sentences that name it.
  struct Situation {
    /// The domain as messages name it (`NSGlobalDomain` for `-g`): resolved only when an
    /// error is rendered, so that a run that succeeds never pays for it.
    var domain: String? {
      domainArgument.map { (try? Domain(argument: $0, home: home))?.displayName ?? $0 }
    }

    /// The command's name (`delete`, also when invoked as `remove`).
    var command: String
    /// The DOMAIN argument as typed, if the command has one.
    var domainArgument: String?
    /// `$HOME`, to resolve a `~` domain argument.
    var home: String?
    /// The KEY arguments as typed, so that a key is named the way the user wrote it.
    var keys: [String] = []

    /// Notes what messages about a command's run name: its DOMAIN and KEY arguments as
    /// typed, and `$HOME`.
    mutating func note(domainArgument: String?, keys: [String], in context: CommandContext) {
      self.domainArgument = domainArgument
      self.keys = keys
      home = context.environment["HOME"]
    }
  }

  /// The line and the exit status for any error a command throws.
  static func render(_ error: any Error, in situation: Situation) -> (
    text: String, status: ExitStatus
  ) {
    switch error {
    case let error as PlistError: return render(error, in: situation)
    case let error as WriteArgumentError:
      return (render(error), error.isMalformed ? .usage : .failure)
    case let error as UsageError: return (error.message, .usage)
    case CommandFailure.nothingFound(let word):
      return ("No domain, key, nor value containing '\(word)'", .failure)
    case CommandFailure.alreadyReported(let status): return ("", status)
    case CommandFailure.nothingManaged(let domain):
      return ("Nothing is forced, locked or set once for \(domain)", .failure)
    case CommandFailure.noSettingsBundle(let domain): return (noSettingsBundle(domain), .failure)
    case CommandFailure.notInSchema(let key, let domain):
      return ("The Settings bundle of \(domain) declares no key \(key)", .failure)
    case CommandFailure.notInCloudStore(let key, let store):
      return ("The key \(key) does not exist in cloud store \(store)", .failure)
    case CommandFailure.notInSync(let store, let reason):
      return (
        "\(store) is not in sync (changes stay here until the next sync): \(reason)", .failure
      )
    case CommandFailure.noSuchContainer(let container, let directory):
      return (
        "No container \(container): \(directory) does not exist, or leads outside it", .failure
      )
    case CommandFailure.onlyInOtherContainers(let domain, let places):
      return (
        "Domain \(domain) is not on this host; \(places.joined(separator: ", ")) has a file of"
          + " that name, but not as its app's: choose with --container (or --container host)",
        .usage
      )
    case CommandFailure.inSeveralContainers(let domain, let places):
      return (
        "Domain \(domain) is in more than one container (\(places.joined(separator: ", "))):"
          + " choose one with --container", .usage
      )
    case StateCommandFailure.nothingPreserved(let domain):
      return ("No state preserved for \(domain)", .failure)
    case StateError.file(let error): return render(error, in: situation)
    case StateError.invalidDomainName(let name, let problem):
      return render(PlistError.invalidDomainName(name, problem), in: situation)
    case StateError.noStateDirectory: return ("\(error)", .dataError)
    default: return ("\(error)", .failure)
    }
  }

  /// A domain argument that starts with `-`: an option in the domain's place. macOS
  /// `defaults -app NAME` finds an application bundle; Linux has none to find.
  static func optionAsDomain(_ name: String) -> String {
    let why: String
    switch name {
    case "-app":
      why =
        "-app finds an application bundle in macOS defaults, which has no meaning on Linux; "
        + "give the app's domain name instead (plistctl domains lists them)"
    case "-currentHost", "-host": why = "\(name) goes before the command (plistctl \(name) …)"
    default: why = "it starts with '-', as an option does"
    }
    return "invalid domain name '\(name)': \(why)"
  }

  /// A domain that needs a Settings bundle has none.
  static func noSettingsBundle(_ domain: String) -> String {
    "no Settings bundle is attached to \(domain) (plistctl settings attach \(domain) BUNDLE)"
  }

  // MARK: - The library's errors

  private static func render(_ error: PlistError, in situation: Situation)
    -> (text: String, status: ExitStatus)
  {
    let command = situation.command
    switch error {
    case .domainNotFound(let domain):
      if command == "delete" { return ("Domain (\(domain)) not found. \(unchanged)", .failure) }
      return ("Domain \(domain) does not exist", .failure)
    case .keyNotFound(let path, let domain):
      let key = typed(path, in: situation)
      switch command {
      case "rename":
        return (
          "Key \(key) does not exist in domain \(domain); leaving defaults unchanged", .failure
        )
      case "delete":
        return (
          "The domain/default pair of (\(domain), \(key)) does not exist. \(unchanged)", .failure
        )
      default: return ("The domain/default pair of (\(domain), \(key)) does not exist", .failure)
      }
    case .typeMismatch(let path, let expected, _):
      let key = typed(path, in: situation)
      if command == "write" {
        return (
          "Value for key \(key) is not \(expected.withArticle); cannot append.  "
            + "Leaving defaults unchanged.", .failure
        )
      }
      return ("Value for key \(key) is not \(expected.withArticle)", .failure)
    case .notADictionary(let source, let found) where command == "import":
      return (
        "Property list in \(source) is \(found.withArticle), not a dictionary. \(unchanged)",
        .failure
      )
    case .notADictionary(let source, let found):
      return (
        "\(source): the root of a domain must be a dictionary, not \(found.withArticle)", .dataError
      )
    case .pathBlocked(_, let place, .pastEnd(let count)):
      return ("Key path \(place) is past the end of an array of \(count)", .failure)
    case .pathBlocked(let path, let place, let reason):
      return ("Key path \(path): \(reason.explanation(at: place))", .failure)
    case .unwritableFormat(let path, let format):
      return (
        "\(path) is \(format == .json ? "a JSON" : "an OpenStep") file; domains are written as "
          + "XML or binary: convert it first (plistctl convert xml \(path) --in-place)", .failure
      )
    case .system(let system) where writes(command):
      return ("Could not write domain \(situation.domain ?? "?"): \(system)", .dataError)
    case .invalidDefault: return (error.description, .failure)
    case .savedOver: return (error.description, .dataError)
    case .notASettingsPane: return (error.description, .dataError)
    case .refusedBySchema(let key, let value, let allowed):
      return (
        "\(key) cannot be \(value.writeArgument): the settings schema allows \(allowed) "
          + "(--force writes it anyway). \(unchanged)", .failure
      )
    case .quotaExceeded, .cloudStoreNotAttached, .cloudChangesNotSent, .cloudOffline:
      return (error.description, .failure)
    case .invalidCloudFile, .cloudEngineFailed: return (error.description, .dataError)
    case .invalidDomainName(let name, .startsWith("-")): return (optionAsDomain(name), .usage)
    case .invalidDomainName, .invalidHost, .invalidLimit: return (error.description, .usage)
    case .inputTooLarge:
      return (
        error.description + " (--max-size or \(FileLimits.maximumSizeVariable) raise it)",
        .dataError
      )
    case .lockTimedOut:
      return (error.description + " (\(FileLimits.lockTimeoutVariable) sets the wait)", .dataError)
    case .notARegularFile, .saveUnfinished: return (error.description, .dataError)
    case .forcedByAdministrator: return (error.description, .managed)
    case .parse, .encoding, .system, .noPreferencesDirectory: return (error.description, .dataError)
    }
  }

  /// The commands whose I/O failures `defaults` reports as "Could not write domain".
  private static func writes(_ command: String) -> Bool {
    ["write", "delete", "rename", "import"].contains(command)
  }

  /// A key path as the user typed it, when one of the command's KEY arguments is that path.
  private static func typed(_ path: PlistPath, in situation: Situation) -> String {
    situation.keys.first { KeyArgument.path($0) == path } ?? path.description
  }

  // MARK: - write's value arguments

  private static func render(_ error: WriteArgumentError) -> String {
    switch error {
    case .missingValue: return "missing the value to write"
    case .missingValueAfterKey(let key):
      return "missing the value to write for key \(key)"
    case .missingFlagArgument(let flag): return "\(flag) needs a value"
    case .invalidFlagArgument(let flag, let argument):
      return "\(flag) needs \(expectation(of: flag)), not '\(argument)'"
        + storedByDefaults(flag, argument)
    case .invalidJSON(let parse): return "Could not parse -json value: \(parse)"
    case .unparsableLiteral(let token): return "Could not parse: \(token).  Try single-quoting it."
    case .nestedComposite: return "Cannot nest composite types (arrays and dictionaries); exiting"
    case .nonStringKey: return "Dictionary keys must be strings"
    case .keyWithoutValue(let key): return "Key \(key) lacks a corresponding value"
    case .unexpectedArgument(let extra):
      return "Unexpected argument \(extra); leaving defaults unchanged."
    case .notADictionary: return "Rep argument is not a dictionary. \(unchanged)"
    }
  }

  /// Where `defaults` would have stored something instead of refusing (`-int 0.02` is 0 on a
  /// Mac), what it would have stored and how to store that on purpose, so that the author
  /// of a script copied from a Mac knows what to change.
  private static func storedByDefaults(_ flag: String, _ argument: String) -> String {
    guard let value = WriteArguments.storedByDefaults(flag, argument),
      let words = try? WriteArguments.spelling(of: value)  // a scalar: always spelled
    else { return "" }
    return "; macOS defaults would silently store \(words[words.count - 1]): "
      + "write \(words.joined(separator: " ")) for that"
  }

  private static func expectation(of flag: String) -> String {
    switch flag {
    case "-int", "-integer": return "an integer from −2^63 to 2^64−1"
    case "-float": return "a decimal number"
    case "-bool", "-boolean": return "true, false, yes or no"
    case "-date": return "a date such as '2024-01-02 03:04:05 +0000' or '2024-01-02T03:04:05Z'"
    default: return "hex digits"
    }
  }
}
