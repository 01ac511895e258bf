import PlistCore

/// Sandboxed apps' domains: a Flatpak's or a Snap's app keeps its domains in its container
/// (`Container`). A domain the host does not have is looked for there, as macOS `defaults`
/// reads a sandboxed app's container without being asked: found in one container, the command
/// works on that container's store; found in several, it is refused with the places, never
/// guessed. `--container` before the command chooses the store outright.
extension CommandContext {
  /// `--container host|flatpak:ID|snap:NAME` before the verb.
  static func containerOption(_ words: inout ArraySlice<String>) throws(UsageError) -> Container? {
    guard words.first == "--container" || words.first?.hasPrefix("--container=") == true else {
      return nil
    }
    let word = words.removeFirst()
    let text: String
    if word.hasPrefix("--container=") {
      text = String(word.dropFirst("--container=".count))
    } else {
      guard let value = words.popFirst() else {
        throw UsageError("--container needs host, flatpak:ID or snap:NAME")
      }
      text = value
    }
    guard let container = Container(text) else {
      throw UsageError("--container needs host, flatpak:ID or snap:NAME, not '\(text)'")
    }
    return container
  }

  /// The store root this run uses: the container's that `--container` named (it must exist),
  /// or, for a domain name the host has no file of, the one container holding it; nil for
  /// the host's own.
  ///
  /// - Throws: `CommandFailure.noSuchContainer`, `.inSeveralContainers`.
  func containerRoot(forDomainArgument argument: String?, chosen: Container?) throws -> String? {
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    if let chosen {
      guard let directory = chosen.preferencesDirectory(home: home) else { return nil }
      guard chosen.exists(home: home) else {
        throw CommandFailure.noSuchContainer(chosen.description, directory)
      }
      return directory
    }
    guard let argument, case .named(let name) = try domain(argument).kind else { return nil }
    let store = try store()
    if store.exists(try Domain(named: name)) { return nil }
    let holders = Container.holding(domain: name, home: home)
    if holders.count > 1 {
      throw CommandFailure.inSeveralContainers(name, holders.map(\.description))
    }
    return holders.first?.preferencesDirectory(home: home)
  }

  /// The domains inside containers, with their container, for `domains`.
  func containerDomains() -> [(name: String, container: Container)] {
    guard let home = environment["HOME"], !home.isEmpty else { return [] }
    var found: [(name: String, container: Container)] = []
    for container in Container.installed(home: home) {
      guard let root = container.preferencesDirectory(home: home),
        let names = try? DomainStore(root: root).domainNames()
      else { continue }
      found += names.map { ($0, container) }
    }
    return found
  }
}
