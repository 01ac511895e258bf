import PlistCore

/// The two compatibility modes, reached as `plistctl plutil …` / `plistctl buddy …`, or by
/// the name the binary is run under (a link named `plutil` or `PlistBuddy`, as busybox is
/// run): then every argument is the tool's own.
enum ToolMode {
  /// A mode's run: the tool's arguments in, an exit status out.
  typealias Run = (_ arguments: [String], _ context: CommandContext) -> ExitStatus

  /// The mode a first word selects (`plutil`, `buddy`), if any.
  static func command(_ word: String) -> Run? {
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
    guard count > 0, let zero = arguments[0], let mode = named(zero) else { return nil }
    guard let raw = RawArguments.current() else {
      context.writeError(Platform.unreadableArgumentsCause() + "\n")
      return .failure
    }
    do { return mode(try RawArguments.strings(raw), context) } catch {
      context.writeError(TerminalText.escaped(error.message) + "\n")
      return .failure
    }
  }

  /// The mode whose name is the program's last path component, in any case — a Mac's disk
  /// ignores case, and scripts call `/usr/libexec/PListBuddy` too; nil for any other name
  /// (`myplutil` included). Read from the C string: no String or array is made for
  /// plistctl's own runs.
  private static func named(_ name: UnsafePointer<CChar>) -> Run? {
    var length = 0
    while name[length] != 0 { length += 1 }
    func lastComponentIs(_ lowercased: StaticString) -> Bool {
      let count = lowercased.utf8CodeUnitCount
      guard length >= count else { return false }
      let start = length - count
      guard start == 0 || name[start - 1] == CChar(UInt8(ascii: "/")) else { return false }
      for offset in 0..<count
      where UInt8(bitPattern: name[start + offset]) | 0x20 != lowercased.utf8Start[offset] {
        return false
      }
      return true
    }
    if lastComponentIs("plutil") { return PlutilMode.run }
    if lastComponentIs("plistbuddy") { return BuddyMode.run }
    return nil
  }
}
