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
}
