/// One PlistBuddy command as typed (`Set :CFBundleVersion 42`, `Add :Arr: string 'a b'`):
/// the command word, then words split on spaces, where a `'…'` or `"…"` part keeps its spaces
/// and loses its quotes and parts join as a shell's do (`'Palo Alto':Key`). A backslash
/// keeps the character after it in the word (`\:` stays for the entry, `\n` for the value).
package struct BuddyCommandLine: Sendable, Equatable {
  /// One word, with where it started in the line (a value runs from there to the end).
  package struct Word: Sendable, Equatable {
    /// The word, quotes removed, backslash sequences kept as typed.
    package var text: String
    /// Its first character's offset in the line's characters.
    package var start: Int
  }

  /// The command word as typed (`Print`, `set`, `=`).
  package let command: String
  /// The words after it.
  package let words: [Word]
  /// The line after the command word, as typed.
  private let characters: [Character]

  /// Why a line cannot be read: a quote opened and not closed.
  package struct UnclosedQuotes: Error, Equatable {
    package init() {}
  }

  /// Splits a line. The command word ends at the first space or at a `:` right after it
  /// (`Print:Entitlements`, as resign scripts write it); a line starting with a space has an
  /// empty command word, which no command has.
  ///
  /// - Throws: `UnclosedQuotes`.
  package init(_ line: String) throws(UnclosedQuotes) {
    let all = Array(line)
    let end = all.firstIndex { $0 == " " || $0 == ":" } ?? all.count
    command = String(all[..<end])
    characters = Array(all[end...])
    var words: [Word] = []
    var current: Word?
    var quote: Character?
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\", index + 1 < characters.count {
          current?.text.append(character)
          current?.text.append(characters[index + 1])
          index += 1
        } else {
          current?.text.append(character)
        }
      } else if character == " " || character == "\t" {
        if let word = current { words.append(word) }
        current = nil
      } else {
        if current == nil { current = Word(text: "", start: index) }
        if character == "'" || character == "\"" {
          quote = character
        } else if character == "\\", index + 1 < characters.count {
          current?.text.append(character)
          current?.text.append(characters[index + 1])
          index += 1
        } else {
          current?.text.append(character)
        }
      }
      index += 1
    }
    guard quote == nil else { throw UnclosedQuotes() }
    if let word = current { words.append(word) }
    self.words = words
  }

  /// The word at `index` as an entry's text, nil when there is none.
  package func word(_ index: Int) -> String? {
    words.indices.contains(index) ? words[index].text : nil
  }

  /// The value that starts at word `index`: the rest of the line, spaces and all; one quoted
  /// word loses its quotes. Backslash sequences are decoded (`\n`, `\t`, `\\`). Empty when
  /// there is no such word.
  package func value(from index: Int) -> String {
    guard words.indices.contains(index) else { return "" }
    if index == words.count - 1 { return Self.decoded(words[index].text) }
    var rest = String(characters[words[index].start...])
    while rest.last == " " || rest.last == "\t" { rest.removeLast() }
    return Self.decoded(rest)
  }

  /// Backslash sequences in a value: `\n` a line feed, `\t` a tab, any other character
  /// itself (`\\` a backslash, `\'` a quote).
  static func decoded(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    var out = ""
    var escaping = false
    for character in text {
      if escaping {
        switch character {
        case "n": out.append("\n")
        case "t": out.append("\t")
        default: out.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        out.append(character)
      }
    }
    if escaping { out.append("\\") }
    return out
  }
}

/// An entry as PlistBuddy takes it: keys and zero-based array indices separated by `:`, the
/// leading `:` optional (the root is `:` or nothing), `\:` a colon inside a key. A trailing
/// `:` leaves an empty last component: `Add :Arr: string x` appends to `Arr`.
package struct BuddyEntry: Sendable, Equatable {
  /// The components.
  package var components: [String]
  /// Whether it started with `:` (relative to the working container otherwise, after `CD`).
  package var isAbsolute: Bool

  /// Splits an entry as typed (quotes already removed).
  package init(_ text: String) {
    isAbsolute = text.hasPrefix(":")
    var components: [String] = []
    var current = ""
    var escaping = false
    for character in isAbsolute ? Substring(text.dropFirst()) : Substring(text) {
      if escaping {
        current.append(character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else if character == ":" {
        components.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    if escaping { current.append("\\") }
    if !(components.isEmpty && current.isEmpty) { components.append(current) }
    self.components = components
  }

  /// The entry as a full path from the root, given the working container.
  package func resolved(in working: [String]) -> [String] {
    isAbsolute ? components : working + components
  }
}
