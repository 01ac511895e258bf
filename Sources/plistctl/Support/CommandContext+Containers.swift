import PlistCore

/// Sandboxed apps' domains: a Flatpak's or a Snap's app keeps its domains in its container
/// (`Container`). A domain the host does not have is looked for there, as macOS `defaults`
/// reads a sandboxed app's container without being asked: found in one container, the command
/// works on that container's store; found in several, it is refused with the places, never
/// guessed. `--container` before the command chooses the store outright.
extension CommandContext {
  /// `--container host|flatpak:ID|snap:NAME` before the verb, as typed (checked by
  /// `containerRoot`: a run without the option makes no `Container`, whose metadata the
  /// runtime would otherwise instantiate in every run).
  static func containerOption(_ words: inout ArraySlice<String>) throws(UsageError) -> String? {
    guard let word = words.first else { return nil }
    if word.hasPrefix("--container=") {
      words.removeFirst()
      return String(word.dropFirst("--container=".count))
    }
    guard word == "--container" else { return nil }
    words.removeFirst()
    guard let value = words.popFirst() else { throw UsageError(containerNeeds) }
    return value
  }

  private static let containerNeeds = "--container needs host, flatpak:ID or snap:NAME"

  /// The container `--container` names.
  ///
  /// - Throws: `UsageError` for anything but `host`, `flatpak:ID` or `snap:NAME`.
  static func container(named text: String) throws(UsageError) -> Container {
    guard let container = Container(text) else {
      throw UsageError(containerNeeds + ", not '\(text)'")
    }
    return container
  }

  /// The store root this run uses: the container's that `--container` named, or, for a
  /// domain name the host has no file of, the container of the app it belongs to
  /// (`Container.owns`) that holds it; nil for the host's own. A container's directory is
  /// used resolved, and no link below it is followed (`Container.storeRoot`): the sandboxed
  /// app writes it.
  ///
  /// - Throws: `UsageError` for a misspelt container or no `HOME`,
  ///   `CommandFailure.noSuchContainer`, `.inSeveralContainers`, `.onlyInOtherContainers`.
  func containerRoot(forDomainArgument argument: String?, chosen: String?) throws -> String? {
    if let chosen {
      let container = try Self.container(named: chosen)
      if container == .host { return nil }
      guard let home = environment["HOME"], !home.isEmpty else {
        throw UsageError("--container \(chosen) needs HOME set, to find the container")
      }
      guard let root = container.storeRoot(home: home) else {
        throw CommandFailure.noSuchContainer(
          container.description, container.preferencesDirectory(home: home) ?? home)
      }
      return root
    }
    guard let argument else { return nil }
    let domain = try domain(argument)
    guard case .named(let name) = domain.kind else { return nil }
    // The host's file first, by one lstat: a host domain is never looked past.
    let hostStore = try DomainStore(
      xdgConfigHome: environment["XDG_CONFIG_HOME"], home: environment["HOME"], host: host)
    if hostStore.exists(domain) { return nil }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    let holders = Container.holding(domain: name, home: home, host: host)
    guard !holders.isEmpty else { return nil }
    let owners = holders.filter { $0.owns(domain: name) }
    if owners.count > 1 {
      throw CommandFailure.inSeveralContainers(name, owners.map(\.description))
    }
    guard let owner = owners.first else {
      throw CommandFailure.onlyInOtherContainers(name, holders.map(\.description))
    }
    guard let root = owner.storeRoot(home: home) else {
      throw CommandFailure.noSuchContainer(
        owner.description, owner.preferencesDirectory(home: home) ?? home)
    }
    return root
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
