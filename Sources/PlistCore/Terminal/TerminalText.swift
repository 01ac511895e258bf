/// The one rule for text plistctl did not write itself (a bundle's titles, another
/// machine's keys and file names, error messages that quote them) on its way to a terminal:
/// every character in `ControlCharacters` — C0, DEL, C1 and the bidi controls — is written
/// as `read` writes one in a quoted string: `\n`, `\t`, `\r`, or `\Uhhhh`. So no such text
/// can move the cursor, clear the screen, set the clipboard (OSC 52), forge a line of
/// output or reorder what is shown around it ("Trojan Source"). Other text, non-ASCII and
/// right-to-left letters included, is left as it is.
package enum TerminalText {
  /// A value printed whole (`read D K` of a string, `cloud get`) as it may go to standard
  /// output: on a terminal, where they would act, its control characters escaped but the
  /// line feed and the tab (which only lay the value out); elsewhere whole, so that a
  /// script reading it gets what is stored. The terminal is asked only when the text holds
  /// such a character.
  package static func forStandardOutput(_ text: String) -> String {
    let acts = text.unicodeScalars.contains { isControl($0) && $0 != "\n" && $0 != "\t" }
    guard acts, Platform.isTerminal(1) else { return text }
    return escaped(text, keepingLayout: true)
  }

  /// Whether standard output is a terminal: there a plist is made whole and passed through
  /// `forStandardOutput(_:)` before it is written; elsewhere it is streamed.
  package static var standardOutputIsTerminal: Bool { Platform.isTerminal(1) }

  /// `forStandardOutput(_:)` for bytes that need not be UTF-8 (PlistBuddy prints data as it
  /// is): elsewhere than a terminal, the bytes whole; on a terminal, read as UTF-8 (a byte
  /// that is not becomes U+FFFD) with the control characters escaped.
  package static func forStandardOutput(_ bytes: [UInt8]) -> [UInt8] {
    let acts = bytes.contains { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 || $0 >= 0x7F }
    guard acts, Platform.isTerminal(1) else { return bytes }
    return Array(forStandardOutput(String(decoding: bytes, as: UTF8.self)).utf8)
  }

  /// The text with its control characters escaped.
  package static func escaped(_ text: String) -> String {
    escaped(text, keepingLayout: false)
  }

  /// `escaped(_:)`, but line feeds and tabs left as they are when `keepingLayout`.
  private static func escaped(_ text: String, keepingLayout: Bool) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n" where keepingLayout, "\t" where keepingLayout: result.unicodeScalars.append(scalar)
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
