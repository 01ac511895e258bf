// MARK: - Quoted strings, white space and comments

extension OpenStepReader {
  /// A `"…"` or `'…'` string with CoreFoundation's escapes: `\a \b \f \n \r \t \v`, octal
  /// `\ooo` (NeXTSTEP Latin), `\Uhhhh` (one UTF-16 unit; pairs combine), and `\c` for any
  /// other character c.
  mutating func parseQuoted() throws(PlistParseError) -> String {
    let quote = text[pos]
    let start = pos
    pos += 1
    let contentStart = pos
    while pos < text.count, text[pos] != quote, text[pos] != UInt8(ascii: "\\") { pos += 1 }
    guard pos < text.count else { throw endError("reading a quoted string") }
    if text[pos] == quote {
      pos += 1
      return try makeString(
        UnsafeBufferPointer(rebasing: text[contentStart..<(pos - 1)]), at: start)
    }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: text[contentStart..<pos])
    while true {
      guard pos < text.count else { throw endError("reading a quoted string") }
      let b = text[pos]
      if b == quote {
        pos += 1
        return try scratch.withUnsafeBufferPointer { (buffer) throws(PlistParseError) in
          try makeString(buffer, at: start)
        }
      }
      if b == UInt8(ascii: "\\") {
        try appendEscape()
      } else {
        scratch.append(b)
        pos += 1
      }
    }
  }

  private mutating func appendEscape() throws(PlistParseError) {
    let escapeStart = pos
    pos += 1
    guard pos < text.count else { throw endError("reading an escape") }
    let c = text[pos]
    pos += 1
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
      let unit = try utf16Escape(at: escapeStart)
      try appendUTF16Unit(unit, at: escapeStart)
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

  /// Appends a UTF-16 unit; a high surrogate must be followed by a `\U` low surrogate.
  private mutating func appendUTF16Unit(_ unit: UInt32, at escapeStart: Int)
    throws(PlistParseError)
  {
    if unit & 0xFC00 == 0xDC00 {
      throw failure("\\U escape is an unpaired low surrogate", at: escapeStart)
    }
    guard unit & 0xFC00 == 0xD800 else {
      TextDecoder.appendScalar(unit, to: &scratch)
      return
    }
    let lowStart = pos
    guard pos + 1 < text.count, text[pos] == UInt8(ascii: "\\"), text[pos + 1] == UInt8(ascii: "U")
    else { throw failure("\\U escape is an unpaired high surrogate", at: escapeStart) }
    pos += 2
    let low = try utf16Escape(at: lowStart)
    guard low & 0xFC00 == 0xDC00 else {
      throw failure("\\U escape is an unpaired high surrogate", at: escapeStart)
    }
    TextDecoder.appendScalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), to: &scratch)
  }

  private func makeString(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int)
    throws(PlistParseError) -> String
  {
    try validatedString(bytes, at: offset, in: "a string")
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
