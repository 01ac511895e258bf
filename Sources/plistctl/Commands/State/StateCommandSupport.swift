import PlistCore

// `plistctl state`: the display state apps preserved (StateRestoration) — which apps have
// some, what it holds, and clearing it so that an app starts fresh. An archive is read as a
// file from outside: its text is escaped before it reaches a terminal.

extension CommandContext {
  /// The host's state directory: `$XDG_STATE_HOME` when absolute, else `~/.local/state`.
  func stateHome() throws(StateError) -> String {
    guard
      let home = StateFiles.stateHome(
        xdgStateHome: environment["XDG_STATE_HOME"], home: environment["HOME"])
    else { throw .noStateDirectory }
    return home
  }

  /// The state directories to look in: the host's, then each sandboxed app's container's
  /// (Flatpak sets the app's `XDG_STATE_HOME` into it; Snap its `HOME`); only the one
  /// `--container` chose, when it chose one.
  func stateHomes() throws -> [(directory: String, container: Container?)] {
    let home = environment["HOME"] ?? ""
    if let chosen = chosenContainer {
      let container = try Self.container(named: chosen)
      guard let directory = container.stateDirectory(home: home) else {
        return [(try stateHome(), nil)]
      }
      return [(directory, container)]
    }
    var homes: [(directory: String, container: Container?)] = [(try stateHome(), nil)]
    if !home.isEmpty {
      for container in Container.installed(home: home) {
        if let directory = container.stateDirectory(home: home) {
          homes.append((directory, container))
        }
      }
    }
    return homes
  }

  /// An app's state files: the host's when it has an archive (never looked past), else the
  /// one container's that has (several: refused with the places, as for a domain), else
  /// the host's; with `--container`, that container's.
  func stateFiles(_ domain: String) throws -> StateFiles {
    let candidates = try stateHomes().map { home in
      (files: try StateFiles(domain: domain, stateHome: home.directory), container: home.container)
    }
    let first = candidates[0].files
    if chosenContainer != nil || first.hasArchive { return first }
    let holding = candidates.dropFirst().filter { $0.files.hasArchive }
    if holding.count > 1 {
      throw CommandFailure.inSeveralContainers(
        domain, holding.compactMap { $0.container?.description })
    }
    return holding.first?.files ?? first
  }
}

/// The domains with preserved state, for the shell's completion of APP.
let stateDomainCompletion = ArgumentCompletion.custom { request in
  try request.context.stateHomes().flatMap { home in
    StateFiles.list(stateHome: home.directory).map { summary in
      CompletionCandidate(word: summary.domain, help: home.container?.description ?? "")
    }
  }
}

/// A `state` command's failure that is not the library's.
enum StateCommandFailure: Error {
  /// The app has no preserved state.
  case nothingPreserved(String)
}
