/// The one rule for text plistctl did not write itself (a bundle's titles, another
/// machine's keys and file names, error messages that quote them) on its way to a terminal:
/// every character in `ControlCharacters` — C0, DEL, C1 and the bidi controls — is written
/// as `read` writes one in a quoted string: `\n`, `\t`, `\r`, or `\Uhhhh`. So no such text
/// can move the cursor, clear the screen, set the clipboard (OSC 52), forge a line of
/// output or reorder what is shown around it ("Trojan Source"). Other text, non-ASCII and
/// right-to-left letters included, is left as it is.
package enum TerminalText {
  /// The text with its control characters escaped.
  package static func escaped(_ text: String) -> String {
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

  /// Whether a character is one the rule escapes (C0, DEL, C1, the bidi controls), for
  /// quoting of other kinds (a shell's `$'…'`) that must cover the same set.
  ///
  /// - Parameter scalar: A character.
  /// - Returns: Whether it must not reach a terminal raw.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    ControlCharacters.isEscaped(scalar.value)
  }
}
