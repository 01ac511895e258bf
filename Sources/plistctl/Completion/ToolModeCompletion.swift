import PlistCore

/// Completion for the compatibility modes (`plistctl plutil …`, `plistctl buddy …`, and the
/// links named `plutil` and `PlistBuddy`, whose scripts ask as `plistctl plutil …`): each
/// tool's own words, where its grammar puts them, and file names elsewhere.
enum ToolModeCompletion {
  static let plutilVerbs = [
    ("-lint", "check each file (the default)"), ("-p", "print each file for people"),
    ("-convert", "rewrite each file in a format"), ("-insert", "add a value at a key path"),
    ("-replace", "set a value at a key path"), ("-remove", "remove a key path"),
    ("-extract", "write the value at a key path"), ("-type", "the type at a key path"),
    ("-create", "write an empty dictionary"), ("-help", "plutil's commands"),
  ]
  static let plutilOptions = [
    ("-s", "no output for good files"), ("-o", "the output file"), ("-e", "the output's extension"),
    ("-r", "JSON for people"), ("-n", "no newline after a raw value"),
    ("--", "skipped, as plutil skips it"),
  ]
  static let formats = ["xml1", "binary1", "json", "swift", "objc"]
  static let valueTypes = [
    "-bool", "-integer", "-float", "-string", "-date", "-data", "-xml", "-json", "-array",
    "-dictionary",
  ]
  static let buddyCommands = [
    "Print", "Set", "Add", "Delete", "Copy", "Merge", "Import", "Clear", "Save", "Revert", "Help",
    "Exit",
  ]

  /// The candidates for the last word, given the words after the mode's name.
  static func complete(mode: String, _ words: [String], prefix: String) -> Completer.Result {
    mode == "plutil" ? plutil(words, prefix: prefix) : buddy(words, prefix: prefix)
  }

  private static func plutil(_ words: [String], prefix: String) -> Completer.Result {
    guard let verb = words.first else {
      return Completer.Result(candidates: candidates(plutilVerbs), files: !prefix.hasPrefix("-"))
    }
    // The verb's own words, strictly in order: FORMAT; KEYPATH then a type; -expect's type.
    let own = Array(words.dropFirst())
    switch (verb, own.count) {
    case ("-convert", 0), ("-create", 0): return offering(formats)
    case ("-extract", 1): return offering(formats + ["raw"])
    case ("-insert", 1), ("-replace", 1): return offering(valueTypes)
    case ("-extract", 0), ("-type", 0), ("-insert", 0), ("-replace", 0), ("-remove", 0):
      return Completer.Result()  // a key path: nothing to offer
    default: break
    }
    if own.last == "-expect" { return offering(PlutilText.typeNames) }
    if own.last == "-o" || own.last == "-e" { return Completer.Result(files: own.last == "-o") }
    var options = plutilOptions
    if verb == "-extract" || verb == "-type" { options.append(("-expect", "check the type")) }
    if verb == "-insert" { options.append(("-append", "add to the array there")) }
    return Completer.Result(candidates: candidates(options), files: !prefix.hasPrefix("-"))
  }

  private static func buddy(_ words: [String], prefix: String) -> Completer.Result {
    if words.last == "-c" { return offering(buddyCommands) }
    let options = [
      ("-c", "run a command (repeatable)"), ("-x", "Print as an XML plist"), ("-h", "the commands"),
    ]
    return Completer.Result(candidates: candidates(options), files: !prefix.hasPrefix("-"))
  }

  private static func offering(_ list: [String]) -> Completer.Result {
    Completer.Result(candidates: list.map { CompletionCandidate(word: $0) })
  }

  private static func candidates(_ list: [(String, String)]) -> [CompletionCandidate] {
    list.map { CompletionCandidate(word: $0.0, help: $0.1) }
  }
}
