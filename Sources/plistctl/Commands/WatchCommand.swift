import PlistCore

/// `watch DOMAIN [KEY]`: prints each change as it happens, one line per changed key, as a
/// command that replays it (`plistctl write …` / `plistctl delete …`), until interrupted.
/// With `--effective`, changes of what the app sees along its search list (the global
/// domain included), old and new value, layer and origin; `--json` prints them as JSON lines.
struct WatchCommand: Command {
  static let spec = CommandSpec(
    name: "watch", synopsis: "watch [--effective [--json]] DOMAIN [KEY]",
    summary: "print each change as it happens, as a plistctl command",
    options: [
      OptionSpec(name: "effective", help: "changes of the values the app sees"),
      OptionSpec(name: "json", help: "with --effective: one JSON object per change"),
    ],
    positionals: ["DOMAIN", "KEY"], required: 1,
    examples: """
      watch com.example.pigeon\tone replayable command per change, until ^C
      watch --effective --json com.example.pigeon\teffective changes as JSON lines
      """)

  let domainArgument: String?
  let key: String?
  let effective: Bool
  let json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    domainArgument = arguments.positional(0)
    key = arguments.positional(1)
    effective = arguments.has("effective")
    json = arguments.has("json")
    if json && !effective {
      throw UsageError("--json goes with --effective", topic: Self.spec.name)
    }
  }

  var keyArguments: [String] { key.map { [$0] } ?? [] }

  func run(in context: CommandContext) throws {
    if effective {
      let name = domainArgument ?? ""
      return try EffectiveView(
        defaults: try context.defaults(name, topic: Self.spec.name), domainName: name
      ).watch(key: key, json: json, in: context)
    }
    let domain = try context.domain(domainArgument ?? "")
    let watcher = try DomainWatcher(
      store: try context.store(), domain: domain, path: key.map(KeyArgument.path))
    let prefix = ["plistctl"] + hostArguments(context.host)
    let domainWord = ShellQuoting.quote(domain == .global ? "-g" : domain.displayName)
    while true {
      let changes: [DomainWatcher.Change]
      do { changes = try watcher.next() } catch {
        // A file left broken (or mid-write by another program) is reported; watching goes on.
        context.report("\(error)")
        continue
      }
      for change in changes {
        let words: [String]
        switch change {
        case .set(let path, let value):
          let spelled: [String]
          do { spelled = try WriteArguments.spelling(of: value) } catch {
            // No argument spells it; said on its own line, and watching goes on.
            context.report("\(keyWord(path)): \(error)")
            continue
          }
          words =
            prefix + ["write", domainWord, ShellQuoting.quote(keyWord(path))]
            + spelled.map(ShellQuoting.quote)
        case .removed(let path):
          words = prefix + ["delete", domainWord, ShellQuoting.quote(keyWord(path))]
        }
        try context.print(words.joined(separator: " "))
      }
    }
  }

  /// The KEY word that names a changed path: the key as typed when one was watched, the
  /// plain top-level key otherwise.
  private func keyWord(_ path: PlistPath) -> String {
    key ?? path.components.first ?? path.description
  }

  private func hostArguments(_ host: DomainStore.Host) -> [String] {
    switch host {
    case .any: return []
    case .current: return ["-currentHost"]
    case .named(let name): return ["-host", ShellQuoting.quote(name)]
    }
  }
}
