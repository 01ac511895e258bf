/// The string quoting shared by the OpenStep writer and the `defaults read` layout: bare when
/// every byte is in the writer's plain set, otherwise in double quotes with `\"`, `\\`, `\n`,
/// `\t`, `\r` and `\Uhhhh` for other control characters — DEL, C1 and the bidi controls
/// included (`ControlCharacters`) — while other non-ASCII text stays UTF-8.
enum OpenStepQuoting {
  static func append(
    _ s: String, to out: ByteOutput, force: Bool = false, bare isPlain: (UInt8) -> Bool
  ) {
    var copy = s
    copy.withUTF8 { bytes in
      if !force && !bytes.isEmpty && bytes.allSatisfy(isPlain) { return out.append(bytes) }
      out.append(UInt8(ascii: "\""))
      ControlCharacters.appendEscaped(
        bytes, to: out, prefix: "\\U", named: ControlCharacters.backslashEscape)
      out.append(UInt8(ascii: "\""))
    }
  }

  /// `A–Z a–z 0–9`: what `defaults read` leaves unquoted.
  static func isAlphanumeric(_ b: UInt8) -> Bool { ASCII.isDigit(b) || ASCII.isLetter(b) }

  /// `A–Z a–z 0–9 _ $ . -`: what the OpenStep writer leaves unquoted (CF's reader also takes
  /// `/` and `:` bare, but libplist's does not).
  static func isPlainWord(_ b: UInt8) -> Bool {
    isAlphanumeric(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "$")
      || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
  }
}
