import PlistCore

/// `watch DOMAIN [KEY]`: prints each change as it happens, one line per changed key, as a
/// command that replays it (`plistctl write …` / `plistctl delete …`), until interrupted.
struct WatchCommand: Command {
  static let name = "watch"
  let domain: String
  let key: String?

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    (domain, key) = try cursor.domainAndOptionalKey(topic: Self.name)
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    Platform.unblockTerminationSignals()
    let domain = try context.domain(self.domain)
    let store = try context.store()
    let watcher: DomainWatcher
    do {
      watcher = try DomainWatcher(store: store, domain: domain, path: key.map(PlistPath.init(key:)))
    } catch { throw error.asFailure }
    let prefix = ["plistctl"] + hostArguments(context.host)
    let domainWord = ShellQuoting.quote(domain.kind == .global ? "-g" : domain.displayName)
    while true {
      let changes: [DomainWatcher.Change]
      do { changes = try watcher.next() } catch {
        // A file left broken (or mid-write by another program) is reported; watching goes on.
        context.writeError("plistctl: \(error)\n")
        continue
      }
      for change in changes {
        let words: [String]
        switch change {
        case .set(let key, let value):
          words =
            prefix + ["write", domainWord, ShellQuoting.quote(key)]
            + DefaultsValue.arguments(for: value).map(ShellQuoting.quote)
        case .removed(let key):
          words = prefix + ["delete", domainWord, ShellQuoting.quote(key)]
        }
        try context.print(words.joined(separator: " "))
      }
    }
  }

  private func hostArguments(_ host: DomainStore.Host) -> [String] {
    switch host {
    case .any: return []
    case .current: return ["-currentHost"]
    case .named(let name): return ["-host", ShellQuoting.quote(name)]
    }
  }
}
