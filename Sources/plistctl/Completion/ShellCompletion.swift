import PlistCore

/// `plistctl __complete`, what the scripts in `completions/` call on each Tab: not a command
/// (help does not list it), and it never fails — a line it cannot complete gets no words.
///
/// - `__complete words WORD…`: the words after `plistctl`, unquoted, the last one being typed
///   (zsh and fish split and unquote them). Prints `words` or `files` (the shell should add
///   file names), then one `candidate<TAB>help` line each.
/// - `__complete bash WORD LINE`: the line up to the cursor, and the word bash is completing
///   (bash splits words at `:` and `=` too, so `:HPLocation:la` is `la` to bash). Prints the
///   same first line, then each candidate quoted as bash should insert it in place of WORD:
///   `Quit\ When\ Finished`, or in the quotes the word was opened with.
enum ShellCompletion {
  /// The hidden verb.
  static let verb = "__complete"

  static func run(_ arguments: ArraySlice<String>, context: CommandContext) throws {
    var arguments = arguments
    let mode = arguments.popFirst()
    var lines: [String]
    if mode == "bash", arguments.count == 2, let word = arguments.first, let line = arguments.last {
      let split = ShellWords(line)
      let result = Completer.complete(Array(split.words.dropFirst()), context: context)
      lines = [header(result, prefix: split.words.last ?? "")]
      lines += result.candidates.compactMap {
        bashWord($0.word, typed: split.typed, replacing: word)
      }
    } else if mode == "words" {
      let words = Array(arguments)
      let result = Completer.complete(words, context: context)
      lines = [header(result, prefix: words.last ?? "")]
      lines += result.candidates.compactMap { candidate in
        printable(candidate.word) ? candidate.word + "\t" + oneLine(candidate.help) : nil
      }
    } else {
      throw UsageError("usage: plistctl __complete words WORD... | bash WORD LINE")
    }
    try context.print(lines.joined(separator: "\n"))
  }

  private static func header(_ result: Completer.Result, prefix: String) -> String {
    (result.files ? "files" : "words") + "\t" + (printable(prefix) ? prefix : "")
  }

  // MARK: - bash

  /// A candidate as bash inserts it in place of `word`, the end of the word typed so far:
  /// quoted in the style the typed word starts with (`'…'`, `"…"`, or backslashes), then
  /// without what comes before `word` when bash split the typed word at a `:` or `=`. Nil
  /// when bash cannot take it.
  static func bashWord(_ candidate: String, typed: String, replacing word: String) -> String? {
    guard printable(candidate) else { return nil }
    let quoted: String
    switch typed.first {
    case "'":
      quoted =
        "'"
        + candidate.split(separator: "'", omittingEmptySubsequences: false)
        .joined(separator: "'\\''") + "'"
    case "\"": quoted = "\"" + escaped(candidate, { "\"$`\\".contains($0) }) + "\""
    default: quoted = escaped(candidate) { !isPlain($0) }
    }
    if word == typed { return quoted }
    guard typed.hasSuffix(word), quoted.hasPrefix(typed) else { return nil }
    return String(quoted.dropFirst(typed.count - word.count))
  }

  private static func escaped(_ text: String, _ needsEscape: (Character) -> Bool) -> String {
    var out = ""
    for character in text {
      if needsEscape(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }

  /// Characters bash reads as themselves outside quotes.
  private static func isPlain(_ character: Character) -> Bool {
    if character.isLetter || character.isNumber { return true }
    return "-_./:,+@%=".contains(character)
  }

  /// Whether a candidate can be offered as it is: a word with a control character in it
  /// (C0, DEL, C1, a bidi control: `TerminalText.isControl`) would reach the terminal raw as
  /// the shell inserts it, so it is not offered.
  private static func printable(_ text: String) -> Bool {
    !text.unicodeScalars.contains { TerminalText.isControl($0) }
  }

  /// A candidate's help (a bundle's title, say) on one line, its controls escaped.
  private static func oneLine(_ text: String) -> String {
    printable(text) ? text : TerminalText.escaped(text)
  }
}
