// MARK: - Quoted strings, white space and comments

extension OpenStepReader {
  /// A `"…"` or `'…'` string with CoreFoundation's escapes: `\a \b \f \n \r \t \v`, octal
  /// `\ooo` (NeXTSTEP Latin), `\Uhhhh` (one UTF-16 unit; pairs combine), and `\c` for any
  /// other character c.
  mutating func parseQuoted() throws(PlistParseError) -> String {
    try readQuoted("reading a quoted string", refusingControls: false, UTF8Text.string)
  }

  mutating func appendEscape(_ c: UInt8, at escapeStart: Int) throws(PlistParseError) {
    switch c {
    case UInt8(ascii: "a"): scratch.append(0x07)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "v"): scratch.append(0x0B)
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      var value = UInt32(c - 0x30)
      var digits = 1
      while digits < 3, pos < text.count, (0x30...0x37).contains(text[pos]) {
        value = value * 8 + UInt32(text[pos] - 0x30)
        pos += 1
        digits += 1
      }
      TextDecoder.appendScalar(NeXTSTEPEncoding.scalar(for: UInt8(value & 0xFF)), to: &scratch)
    case UInt8(ascii: "U"):
      try appendUTF16Escape(try utf16Escape(at: escapeStart), at: escapeStart, letter: c) {
        (reader, start) throws(PlistParseError) in try reader.utf16Escape(at: start)
      }
    default:
      scratch.append(c)
    }
  }

  /// One to four hex digits after `\U`.
  private mutating func utf16Escape(at escapeStart: Int) throws(PlistParseError) -> UInt32 {
    var value: UInt32 = 0
    var digits = 0
    while digits < 4, pos < text.count, ASCII.isHexDigit(text[pos]) {
      value = value << 4 | UInt32(ASCII.digitValue(text[pos]) ?? 0)
      pos += 1
      digits += 1
    }
    guard digits > 0 else { throw failure("\\U escape without hex digits", at: escapeStart) }
    return value
  }

  /// Skips white space (including U+2028 and U+2029) and comments.
  mutating func skipSpace() throws(PlistParseError) {
    while pos < text.count {
      let b = text[pos]
      if (0x09...0x0D).contains(b) || b == 0x20 {
        pos += 1
      } else if b == 0xE2, pos + 2 < text.count, text[pos + 1] == 0x80,
        text[pos + 2] == 0xA8 || text[pos + 2] == 0xA9
      {
        pos += 3
      } else if b == UInt8(ascii: "/"), pos + 1 < text.count, text[pos + 1] == UInt8(ascii: "/") {
        while pos < text.count, text[pos] != 0x0A, text[pos] != 0x0D { pos += 1 }
      } else if b == UInt8(ascii: "/"), pos + 1 < text.count, text[pos + 1] == UInt8(ascii: "*") {
        let start = pos
        pos += 2
        while pos + 1 < text.count,
          !(text[pos] == UInt8(ascii: "*") && text[pos + 1] == UInt8(ascii: "/"))
        {
          pos += 1
        }
        guard pos + 1 < text.count else { throw failure("unterminated /* comment", at: start) }
        pos += 2
      } else {
        return
      }
    }
  }
}
