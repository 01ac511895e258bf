/// The one rule for text plistctl did not write itself (another machine's keys and file
/// names, error messages that quote them) on its way to a terminal: every control
/// character is written as `read` writes one in a quoted string — `\n`, `\t`, `\r`, or
/// `\U00hh` — so that no such text can move the cursor, clear the screen, set the
/// clipboard (OSC 52) or forge a line of output. `read`'s quoting covers C0; this covers
/// DEL and the C1 controls (U+0080–U+009F, which some terminals obey as ESC sequences)
/// too, and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069), which a terminal that lays out right-to-left text would obey, reordering
/// what is shown around them ("Trojan Source"): they are shown, not obeyed. Other text,
/// non-ASCII and right-to-left letters included, is left as it is.
public enum TerminalText {
  /// The text with its control characters escaped.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _ where isControl(scalar):
        let hex = String(scalar.value, radix: 16)
        result += "\\U" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}
