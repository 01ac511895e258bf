import PlistCore
import Testing

/// The one rule for untrusted text on its way to a terminal.
@Suite("TerminalText: untrusted text shown, not obeyed")
struct TerminalTextTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("é 紅 عربي", "é 紅 عربي"),
    ("a\nb\tc\rd", #"a\nb\tc\rd"#),
    ("\u{1B}]52;c;aGk=\u{07}", #"\U001b]52;c;aGk=\U0007"#),
    ("del\u{7F}", #"del\U007f"#),
    ("c1 \u{85} \u{9B}2J \u{9D}", #"c1 \U0085 \U009b2J \U009d"#),
    ("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}", #"\U202a\U202b\U202c\U202d\U202e"#),
    ("\u{2066}x\u{2069}", #"\U2066x\U2069"#),
    // Marks only tip neutral characters one way; they are left, as are other formats.
    ("\u{200F}\u{200D}", "\u{200F}\u{200D}"),
  ])
  func controlsAreEscaped(_ text: String, _ shown: String) {
    #expect(TerminalText.escaped(text) == shown)
    // Escaping what is escaped changes nothing.
    #expect(TerminalText.escaped(shown) == shown)
  }

  /// The text formats printed on a terminal (`read`'s OpenStep layout, JSON) escape the same
  /// characters, in their own syntax, and read back to the same string.
  @Test func theTextWritersEscapeTheSameCharacters() throws {
    let text = "a\u{1B}b\u{7F}c\u{85}d\u{9B}e\u{202A}f\u{202E}g\u{2066}h\u{2069}ié\u{2028}紅"
    let value = PlistValue.dictionary(["k": .string(text)])
    let openStep = String(decoding: try PropertyList.encode(value, as: .openStep), as: UTF8.self)
    #expect(
      openStep.contains(#""a\U001bb\U007fc\U0085d\U009be\U202af\U202eg\U2066h\U2069ié\#u{2028}紅""#))
    let json = String(decoding: try PropertyList.encode(value, as: .json), as: UTF8.self)
    #expect(
      json.contains(#""a\u001bb\u007fc\u0085d\u009be\u202af\u202eg\u2066h\u2069ié\#u{2028}紅""#))
    for written in [openStep, json] {
      #expect(!written.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" })
      #expect(try PropertyList.decode(Array(written.utf8)).value == value)
    }
  }
}
