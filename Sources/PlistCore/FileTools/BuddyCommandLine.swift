/// One PlistBuddy command as typed (`Set :CFBundleVersion 42`, `Add :Arr: string 'a b'`):
/// the command word, then words split on spaces, where a `'…'` or `"…"` part keeps its spaces
/// and loses its quotes and parts join as a shell's do (`'Palo Alto':Key`). A backslash
/// keeps the character after it in the word (`\:` stays for the entry, `\n` for the value).
/// Split as UTF-8 bytes: every character the rules name is ASCII, and a byte walk costs a
/// short run a fraction of what a walk over `Character`s does.
package struct BuddyCommandLine: Sendable, Equatable {
  /// One word, with where it started in the line (a value runs from there to the end).
  package struct Word: Sendable, Equatable {
    /// The word, quotes removed, backslash sequences kept as typed.
    package var text: String
    /// Its first byte's offset in the line after the command word.
    package var start: Int
    /// The offset just past its last byte (its closing quote included).
    package var end: Int
  }

  /// The command word as typed (`Print`, `set`, `=`).
  package let command: String
  /// The words after it.
  package let words: [Word]
  /// The line after the command word, as typed.
  private let rest: [UInt8]

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
    let all = Array(line.utf8)
    let end = all.firstIndex { $0 == Self.space || $0 == Self.colon } ?? all.count
    command = String(decoding: all[..<end], as: UTF8.self)
    rest = Array(all[end...])
    var words: [Word] = []
    var current: [UInt8]?
    var start = 0
    var quote: UInt8?
    var index = 0
    while index < rest.count {
      let byte = rest[index]
      if byte == Self.backslash, index + 1 < rest.count {
        if current == nil { (current, start) = ([], index) }
        current?.append(byte)
        current?.append(rest[index + 1])
        index += 2
        continue
      }
      if let open = quote {
        if byte == open { quote = nil } else { current?.append(byte) }
      } else if byte == Self.space || byte == Self.tab {
        if let word = current {
          words.append(Word(text: String(decoding: word, as: UTF8.self), start: start, end: index))
        }
        current = nil
      } else {
        if current == nil { (current, start) = ([], index) }
        if byte == Self.singleQuote || byte == Self.doubleQuote {
          quote = byte
        } else {
          current?.append(byte)
        }
      }
      index += 1
    }
    guard quote == nil else { throw UnclosedQuotes() }
    if let word = current {
      words.append(
        Word(text: String(decoding: word, as: UTF8.self), start: start, end: rest.count))
    }
    self.words = words
  }

  private static let space = UInt8(ascii: " ")
  private static let tab = UInt8(ascii: "\t")
  private static let colon = UInt8(ascii: ":")
  private static let backslash = UInt8(ascii: "\\")
  private static let singleQuote = UInt8(ascii: "'")
  private static let doubleQuote = UInt8(ascii: "\"")

  /// The word at `index` as an entry's text, nil when there is none.
  package func word(_ index: Int) -> String? {
    words.indices.contains(index) ? words[index].text : nil
  }

  /// The value that starts at word `index`: the rest of the line, its words without their
  /// quotes, joined by the spaces typed between them (`Set :Note two  words` and `Set :Note
  /// "two  words"` both store `two  words`). Backslash sequences are decoded (`\n`, `\t`,
  /// `\\`). Empty when there is no such word.
  package func value(from index: Int) -> String {
    guard words.indices.contains(index) else { return "" }
    var text = words[index].text
    for next in words.indices.dropFirst(index + 1) {
      text += String(decoding: rest[words[next - 1].end..<words[next].start], as: UTF8.self)
      text += words[next].text
    }
    return Self.decoded(text)
  }

  /// Backslash sequences in a value: `\n` a line feed, `\t` a tab, any other character
  /// itself (`\\` a backslash, `\'` a quote).
  static func decoded(_ text: String) -> String {
    guard text.utf8.contains(backslash) else { return text }
    var out: [UInt8] = []
    var escaping = false
    for byte in text.utf8 {
      if escaping {
        switch byte {
        case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "t"): out.append(tab)
        default: out.append(byte)
        }
        escaping = false
      } else if byte == backslash {
        escaping = true
      } else {
        out.append(byte)
      }
    }
    if escaping { out.append(backslash) }
    return String(decoding: out, as: UTF8.self)
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

  /// Splits an entry as typed (quotes already removed): `PlistPath`'s rules, the leading `:`
  /// optional.
  package init(_ text: String) {
    isAbsolute = text.utf8.first == UInt8(ascii: ":")
    components = PlistPath(isAbsolute ? text : ":" + text)?.components ?? []
  }

  /// The entry as a full path from the root, given the working container.
  package func resolved(in working: [String]) -> [String] {
    isAbsolute ? components : working + components
  }
}
