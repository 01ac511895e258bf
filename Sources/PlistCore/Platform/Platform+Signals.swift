#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Signal dispositions, shared by the handlers that clean up before dying

/// Installing and re-raising signals, for the handlers that put things right before the
/// process dies of a signal (the terminal's settings, temporary files).
enum SignalDisposition {
  /// Sets a signal's disposition (the default action for an empty `sigaction()`), unblocks it
  /// and raises it.
  static func reraise(_ signal: Int32, with disposition: sigaction) {
    var action = disposition
    sigaction(signal, &action, nil)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    sigprocmask(SIG_UNBLOCK, &set, nil)
    raise(signal)
  }

  static func install(
    _ handler: @convention(c) (Int32) -> Void, for signal: Int32, previous: inout sigaction
  ) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #elseif canImport(Musl)
      action.__sa_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = Int32(SA_RESTART)
    sigaction(signal, &action, &previous)
  }

  /// The address of a disposition's handler (`SIG_DFL` 0, `SIG_IGN` 1).
  static func handlerAddress(_ action: sigaction) -> Int {
    #if canImport(Glibc)
      unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    #elseif canImport(Musl)
      unsafeBitCast(action.__sa_handler.sa_handler, to: Int.self)
    #else
      unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
    #endif
  }

  /// The handler address of `SIG_IGN`.
  static let ignoredHandler = 1
  /// The handler address of `SIG_DFL`.
  static let defaultHandler = 0
}
