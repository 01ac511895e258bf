import PlistCore

/// The two compatibility modes, reached as `plistctl plutil …` / `plistctl buddy …`, or by
/// the name the binary is run under (a link named `plutil` or `PlistBuddy`, as busybox is
/// run): then every argument is the tool's own.
enum ToolMode {
  /// The mode a program name selects (its last path component), if any.
  static func named(_ programName: String) -> (
    (_ arguments: [String], _ context: CommandContext) -> ExitStatus
  )? {
    // Any case: a Mac's disk ignores it, and scripts call `/usr/libexec/PListBuddy` too.
    switch programName.split(separator: "/").last?.lowercased() {
    case "plutil": return PlutilMode.run
    case "plistbuddy": return BuddyMode.run
    default: return nil
    }
  }

  /// The mode a first word selects (`plutil`, `buddy`), if any.
  static func command(_ word: String) -> (
    (_ arguments: [String], _ context: CommandContext) -> ExitStatus
  )? {
    switch word {
    case "plutil": return PlutilMode.run
    case "buddy": return BuddyMode.run
    default: return nil
    }
  }

  /// The run, when the program was started under a mode's name; nil otherwise (checked on
  /// the raw `argv[0]`, so that plistctl's own runs pay a few byte comparisons).
  static func run(
    arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int32,
    context: CommandContext
  ) -> ExitStatus? {
    guard count > 0, let zero = arguments[0], endsWithModeName(zero) else { return nil }
    guard let mode = named(String(cString: zero)) else { return nil }
    guard let raw = RawArguments.current() else {
      context.writeError(Platform.unreadableArgumentsCause() + "\n")
      return .failure
    }
    do { return mode(try RawArguments.strings(raw), context) } catch {
      context.writeError(TerminalText.escaped(error.message) + "\n")
      return .failure
    }
  }

  /// Whether a C string ends in `plutil` or `plistbuddy`, in any case (the cheap test before
  /// any String is made).
  private static func endsWithModeName(_ name: UnsafePointer<CChar>) -> Bool {
    var length = 0
    while name[length] != 0 { length += 1 }
    for suffix in ["plutil", "plistbuddy"] {
      let bytes = suffix.utf8
      guard length >= bytes.count else { continue }
      let tail = (length - bytes.count)..<length
      if zip(bytes, tail).allSatisfy({ UInt8(bitPattern: name[$1]) | 0x20 == $0 }) { return true }
    }
    return false
  }
}
