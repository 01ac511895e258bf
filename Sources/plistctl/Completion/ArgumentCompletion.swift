import PlistCore

/// How the shell completes one argument of a command: a positional (by its placeholder in
/// the spec) or an option's value. Commands declare it in their spec, or let the placeholder
/// imply it (`DOMAIN`, `KEY`, `FILE`…), so a new command completes without a line here.
enum ArgumentCompletion: Sendable {
  /// Free text: nothing to offer.
  case nothing
  /// Domain names (of the host chosen by `-currentHost`/`-host`), and the global domain's
  /// names; file names for a path.
  case domain
  /// The keys of the command's DOMAIN argument (and of its Settings bundle); after a `:`, the
  /// keys or indices inside the value at that key path.
  case key
  /// The keys the DOMAIN argument's Settings bundle declares, with their titles.
  case settingsKey
  /// File names, from the shell.
  case file
  /// Fixed words.
  case choices([String])
  /// A command's name (`help COMMAND`).
  case command
  /// A subcommand of the group named by the argument before (`help settings SUBCOMMAND`).
  case subcommand
  /// `write`'s value words: type flags, a Settings bundle's choices for the key, booleans.
  case writeValue
  /// Candidates computed by the command itself.
  case custom(@Sendable (CompletionRequest) throws -> [CompletionCandidate])
  /// The attached cloud stores.
  case cloudStore
  /// The keys of the cloud store named by the STORE argument.
  case cloudKey

  /// The completion a placeholder implies, for the specs that declare none.
  static func implied(by placeholder: String) -> ArgumentCompletion {
    let word = placeholder.prefix { $0 != " " }
    switch word {
    case "DOMAIN": return .domain
    case "KEY", "OLD_KEY": return .key
    case "FILE", "PATH", "BUNDLE", "OUT", "DIRECTORY": return .file
    case "COMMAND": return .command
    case "SUBCOMMAND": return .subcommand
    case "VALUE": return .writeValue
    case "STORE": return .cloudStore
    default: return .nothing
    }
  }
}

/// One word to offer, with a few words about it (zsh and fish show them).
struct CompletionCandidate: Equatable, Sendable {
  var word: String
  var help = ""
}

/// What a completion is asked in: the invocation's context, the command's arguments typed
/// before the one being completed, and what has been typed of it.
struct CompletionRequest {
  let context: CommandContext
  let spec: CommandSpec
  /// The positional arguments before the one being completed.
  let positionals: [String]
  /// The start of the argument being completed, unquoted.
  let prefix: String

  /// The positional typed for a placeholder (`DOMAIN`), if it comes before this one.
  func argument(_ placeholder: String) -> String? {
    guard let index = spec.positionals.firstIndex(of: placeholder) else { return nil }
    return index < positionals.count ? positionals[index] : nil
  }
}

extension ArgumentCompletion {
  /// The candidates for a request, and whether the shell should add file names. Anything that
  /// cannot be read offers nothing: completion never reports an error.
  func candidates(for request: CompletionRequest) -> (words: [CompletionCandidate], files: Bool) {
    switch self {
    case .nothing: return ([], false)
    case .file: return ([], true)
    case .domain:
      let prefix = request.prefix
      if prefix.contains("/") || prefix.hasPrefix("~") || prefix.hasPrefix(".") {
        return ([], true)
      }
      let names = (try? request.context.store().domainNames()) ?? []
      let global = ["-g", "-globalDomain", "NSGlobalDomain"].map {
        CompletionCandidate(word: $0, help: "the global domain")
      }
      // The domains found in their own app's container without --container.
      let contained =
        request.context.chosenContainer != nil
        ? []
        : request.context.containerDomains().filter { $0.container.owns(domain: $0.name) }
          .filter { !names.contains($0.name) }
          .map { CompletionCandidate(word: $0.name, help: $0.container.description) }
      return (names.map { CompletionCandidate(word: $0) } + contained + global, false)
    case .choices(let words): return (words.map { CompletionCandidate(word: $0) }, false)
    case .command:
      return (
        Plistctl.firstWords.map { CompletionCandidate(word: $0, help: Completer.help(for: $0)) },
        false
      )
    case .subcommand:
      let group = request.positionals.last?.lowercased() ?? ""
      return (Completer.subcommands(of: group), false)
    case .key: return ((try? KeyCompletion.keys(for: request)) ?? [], false)
    case .settingsKey: return ((try? KeyCompletion.settingsKeys(for: request)) ?? [], false)
    case .writeValue: return ((try? KeyCompletion.values(for: request)) ?? [], false)
    case .custom(let compute): return ((try? compute(request)) ?? [], false)
    case .cloudStore:
      let stores = (try? CloudAttachments(directories: request.context.cloudDirectories()).all())
      return (
        (stores ?? [:]).sorted { $0.key < $1.key }.map {
          CompletionCandidate(word: $0.key, help: "\($0.value.location)")
        }, false
      )
    case .cloudKey:
      guard let store = request.argument("STORE"),
        let values = try? request.context.cloudStore(store).values()
      else { return ([], false) }
      return (values.keys.sorted().map { CompletionCandidate(word: $0) }, false)
    }
  }
}
