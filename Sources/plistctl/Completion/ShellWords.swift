/// A command line being typed, split into words as the shell will split it: blanks separate
/// words, `'…'` and `"…"` quote, a backslash escapes (in double quotes only before `$`, `` ` ``,
/// `"`, `\` and a newline). bash hands completion the line itself, and splits words at `:`
/// and `=` as well, so the words are found here instead.
struct ShellWords: Equatable {
  /// The words, unquoted; the last is the one being typed (empty after a blank).
  var words: [String] = []
  /// The word being typed, as typed: its quotes and backslashes kept.
  var typed = ""

  init(_ line: String) {
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        // In double quotes, a backslash before any other character is itself.
        if quote == "\"" && !"$`\"\\\n".contains(character) { word.append("\\") }
        if character != "\n" { word.append(character) }
        escaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaped = true
        } else {
          word.append(character)
        }
      } else if character == " " || character == "\t" || character == "\n" {
        if inWord { words.append(word) }
        (word, inWord, typed) = ("", false, "")
        continue
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == "\\" {
        escaped = true
      } else {
        word.append(character)
      }
      inWord = true
      typed.append(character)
    }
    words.append(word)
  }
}
