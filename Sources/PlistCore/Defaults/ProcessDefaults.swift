import Synchronization

/// The one inotify gate of the process, shared by every `Defaults` (an inotify instance per
/// `Defaults` would spend the user's few: 128 by default): a lookup drains it, and any event
/// moves the generation on for all, whose files and views are then looked at again.
enum ProcessChangeGate {
  private struct Shared {
    var gate: ChangeGate?
    var generation = 0
    var failed = false
  }

  private static let shared = Mutex(Shared())

  /// Makes the gate if it is not made yet; nil when inotify cannot be had. Also a first
  /// look at it: the generation from which what is verified is trusted.
  static func start() -> Int? {
    shared.withLock { shared in
      guard !shared.failed else { return nil }
      if shared.gate == nil {
        shared.gate = ChangeGate()
        shared.failed = shared.gate == nil
        shared.generation += 1
      }
      return shared.failed ? nil : shared.generation
    }
  }

  /// The generation now: moved on when the gate has events (all are read).
  static func generation() -> Int {
    shared.withLock { shared in
      if shared.gate?.hasChanged() ?? true { shared.generation += 1 }
      return shared.generation
    }
  }

  /// Watches a file's directories (see `ChangeGate.watch(file:target:)`).
  static func watch(file path: String, target: String) {
    shared.withLock { $0.gate?.watch(file: path, target: target) }
  }

  /// Watches one directory, if it exists (see `ChangeGate.watch(directory:)`).
  static func watch(directory path: String) {
    shared.withLock { $0.gate?.watch(directory: path) }
  }
}

/// What the whole process shares, as in Foundation: the registration domain, and the
/// argument domain of its own arguments.
enum ProcessDefaults {
  static let registration = Mutex(PlistDictionary())
  /// Bumped by every change to a layer in memory (a registration, a volatile domain, a
  /// suite, factory defaults, an unwritten value) of any `Defaults` in the process: a view
  /// merged before is stale then.
  static let memoryVersion = Atomic(0)
  static let argumentDomain = ArgumentDomain.parseProcessArguments()
  /// The process name (`Defaults.standard`'s domain), read once, when first needed.
  static let processName =
    Platform.executableName()
    ?? CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) }
    ?? "app"
}
