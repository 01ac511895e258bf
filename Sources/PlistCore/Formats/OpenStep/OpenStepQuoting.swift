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
      var index = 0
      while index < bytes.count {
        let b = bytes[index]
        index += 1
        switch b {
        case UInt8(ascii: "\""): out.append("\\\"")
        case UInt8(ascii: "\\"): out.append("\\\\")
        case 0x0A: out.append("\\n")
        case 0x09: out.append("\\t")
        case 0x0D: out.append("\\r")
        case 0..<0x20:
          out.append("\\U")
          ControlCharacters.appendHex4(UInt32(b), to: out)
        case 0x7F...:
          // DEL, C1 and the bidi controls too: shown, never obeyed, where this is printed.
          guard let control = ControlCharacters.escapedScalar(in: bytes, at: index - 1) else {
            out.append(b)
            continue
          }
          out.append("\\U")
          ControlCharacters.appendHex4(control.value, to: out)
          index += control.length - 1
        default: out.append(b)
        }
      }
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
