/// Where a `Defaults` finds its files and its argument domain. `process()` reads them from
/// the running process as Foundation does; tests and tools pass their own.
public struct DefaultsEnvironment: Sendable {
  /// The user's preferences directory (`$XDG_CONFIG_HOME`, else `$HOME/.config`).
  public var root: String
  /// The directory of the files every user shares: CoreFoundation on Linux reads
  /// `/usr/local/etc`; nil leaves that layer out.
  public var systemRoot: String?
  /// Where the administrator's managed preferences are (`$XDG_CONFIG_DIRS`); nil looks at
  /// none. The environment of `process()` has the process's.
  public var managed: ManagedLocations?
  /// The id in this host's file names (`ByHost/<domain>.<id>.plist`): the machine id. In the
  /// environments of `process()` and `tool(root:systemRoot:domain:)` it is read from
  /// `/etc/machine-id` when first asked for, once per process (a `Defaults` asks only when
  /// a `ByHost` directory exists).
  public var machineIdentifier: String {
    get { givenMachineIdentifier ?? DomainStore.thisMachine }
    set { givenMachineIdentifier = newValue }
  }
  private var givenMachineIdentifier: String?
  /// The process arguments, for the argument domain (`-Key value`). In the environment of
  /// `process()`, this process's own (`CommandLine.arguments`), which a `Defaults` reads
  /// from `argv` without making this array.
  public var arguments: [String] {
    get { givenArguments ?? CommandLine.arguments }
    set { givenArguments = newValue }
  }
  private var givenArguments: [String]?
  /// Whether `arguments` are this process's own (then its argument domain is the process's).
  var hasProcessArguments: Bool {
    givenArguments.map { $0 == CommandLine.arguments } ?? true
  }
  /// Whether the process's own layers are searched: the argument domain and the
  /// registration domain. A tool that looks at an app from outside leaves them out: they
  /// are the app's process's, not the tool's.
  public var includesProcessLayers = true
  /// The domain of `Defaults.standard`: the main bundle's identifier where there is one,
  /// else the process name, as CoreFoundation names it. In the environment of `process()`
  /// the name is read when first asked for, once per process (a suite never asks).
  public var applicationDomain: String {
    get { givenApplicationDomain ?? ProcessDefaults.processName }
    set { givenApplicationDomain = newValue }
  }
  private var givenApplicationDomain: String?

  /// An environment with every part given.
  ///
  /// - Parameters:
  ///   - root: The user's preferences directory.
  ///   - systemRoot: The shared preferences directory, or nil for none.
  ///   - machineIdentifier: This host's id in ByHost file names.
  ///   - arguments: The arguments to read `-Key value` pairs from.
  ///   - applicationDomain: The domain `standard` uses.
  ///   - managed: Where managed preferences are, or nil for none.
  public init(
    root: String, systemRoot: String? = nil, machineIdentifier: String = "",
    arguments: [String] = [], applicationDomain: String = "app", managed: ManagedLocations? = nil
  ) {
    self.root = root
    self.systemRoot = systemRoot
    self.managed = managed
    givenArguments = arguments
    givenMachineIdentifier = machineIdentifier
    givenApplicationDomain = applicationDomain
  }

  /// The running process's environment: the root by swift-corelibs-foundation's rule (the
  /// password database's home when `$HOME` is unset), `/usr/local/etc`, the machine id, the
  /// process arguments, and the executable's name as the application domain.
  ///
  /// - Returns: The environment.
  static func process() -> DefaultsEnvironment {
    // Only the two variables the root depends on: reading the whole environment into a
    // dictionary cost a one-key program a third of its start-up.
    var home = Platform.environmentValue("HOME")
    if home?.isEmpty ?? true { home = Platform.passwordHomeDirectory() }
    let root =
      DomainStore.root(xdgConfigHome: Platform.environmentValue("XDG_CONFIG_HOME"), home: home)
      ?? "/tmp/.config"
    var environment = DefaultsEnvironment(
      root: root, systemRoot: "/usr/local/etc", managed: .process())
    // The arguments, the machine id and the process name are read when first needed.
    environment.givenArguments = nil
    environment.givenMachineIdentifier = nil
    environment.givenApplicationDomain = nil
    return environment
  }

  /// The environment of a tool that looks at an app's defaults from outside (plistctl's
  /// `read --effective`, `where`): the given root, this machine's id, no argument or
  /// registration domain (they belong to the app's process).
  ///
  /// - Parameters:
  ///   - root: The user's preferences directory.
  ///   - systemRoot: The shared directory (`/usr/local/etc`), or nil to leave it out.
  ///   - domain: The app's domain.
  ///   - managed: Where managed preferences are, or nil for none.
  /// - Returns: The environment.
  package static func tool(
    root: String, systemRoot: String?, domain: String, managed: ManagedLocations?
  ) -> DefaultsEnvironment {
    var environment = DefaultsEnvironment(
      root: root, systemRoot: systemRoot, applicationDomain: domain, managed: managed)
    environment.givenMachineIdentifier = nil
    environment.includesProcessLayers = false
    return environment
  }
}
