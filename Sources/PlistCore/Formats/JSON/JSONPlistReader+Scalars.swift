// MARK: - Numbers and strings

extension JSONPlistReader {
  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
  mutating func parseNumber() throws(PlistParseError) -> PlistValue {
    let start = pos
    if text[pos] == UInt8(ascii: "-") { pos += 1 }
    guard pos < text.count, ASCII.isDigit(text[pos]) else {
      throw pos < text.count ? unexpected(expected: "a digit") : endError("reading a number")
    }
    if text[pos] == UInt8(ascii: "0") {
      pos += 1
    } else {
      skipDigits()
    }
    var integral = true
    if pos < text.count, text[pos] == UInt8(ascii: ".") {
      integral = false
      pos += 1
      try requireDigits()
    }
    if pos < text.count, text[pos] | 0x20 == UInt8(ascii: "e") {
      integral = false
      pos += 1
      if pos < text.count, text[pos] == UInt8(ascii: "+") || text[pos] == UInt8(ascii: "-") {
        pos += 1
      }
      try requireDigits()
    }
    let literal = String(decoding: UnsafeBufferPointer(rebasing: text[start..<pos]), as: UTF8.self)
    if integral {
      guard let value = PlistInteger(decimal: literal) else {
        throw failure("integer \(literal) is outside −2^63 … 2^64−1", at: start)
      }
      return .integer(value)
    }
    guard let value = Double(literal), value.isFinite else {
      throw failure("number \(literal) is out of range", at: start)
    }
    return .real(value)
  }

  private mutating func skipDigits() {
    while pos < text.count, ASCII.isDigit(text[pos]) { pos += 1 }
  }

  private mutating func requireDigits() throws(PlistParseError) {
    guard pos < text.count, ASCII.isDigit(text[pos]) else {
      throw pos < text.count ? unexpected(expected: "a digit") : endError("reading a number")
    }
    skipDigits()
  }

  /// The string at `pos`: `make` gets its UTF-8, escapes resolved, not yet checked, and
  /// answers nil when it is not valid UTF-8 (the walk then reports it).
  ///
  /// - Parameter make: Receives the bytes; they are valid only during the call.
  /// - Returns: What `make` returns.
  /// - Throws: `PlistParseError` for a malformed string or one that is not UTF-8.
  @inline(__always)
  mutating func parseString<Result>(utf8 make: (UnsafeBufferPointer<UInt8>) -> Result?)
    throws(PlistParseError) -> Result
  {
    let start = pos
    try scanString()
    guard let made = scratch.withUnsafeBufferPointer(make) else {
      throw invalidUTF8(in: "a string", at: start)
    }
    return made
  }

  /// Reads the string at `pos` into `scratch`, its escapes resolved (not yet checked as UTF-8).
  private mutating func scanString() throws(PlistParseError) {
    pos += 1
    let contentStart = pos
    while pos < text.count, text[pos] != UInt8(ascii: "\""), text[pos] != UInt8(ascii: "\\"),
      text[pos] >= 0x20
    {
      pos += 1
    }
    guard pos < text.count else { throw endError("reading a string") }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: text[contentStart..<pos])
    while true {
      guard pos < text.count else { throw endError("reading a string") }
      let b = text[pos]
      if b == UInt8(ascii: "\"") {
        pos += 1
        break
      }
      if b < 0x20 { throw failure("control character in a string (escape it)", at: pos) }
      if b == UInt8(ascii: "\\") {
        try appendEscape()
      } else {
        scratch.append(b)
        pos += 1
      }
    }
  }

  private mutating func appendEscape() throws(PlistParseError) {
    let start = pos
    pos += 1
    guard pos < text.count else { throw endError("reading an escape") }
    let c = text[pos]
    pos += 1
    switch c {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(c)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try hexUnit(at: start)
      if unit & 0xFC00 == 0xD800 {
        guard pos + 1 < text.count, text[pos] == UInt8(ascii: "\\"),
          text[pos + 1] == UInt8(ascii: "u")
        else { throw failure("\\u escape is an unpaired surrogate", at: start) }
        pos += 2
        let low = try hexUnit(at: start)
        guard low & 0xFC00 == 0xDC00 else {
          throw failure("\\u escape is an unpaired surrogate", at: start)
        }
        TextDecoder.appendScalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), to: &scratch)
      } else if unit & 0xFC00 == 0xDC00 {
        throw failure("\\u escape is an unpaired surrogate", at: start)
      } else {
        TextDecoder.appendScalar(unit, to: &scratch)
      }
    default:
      throw failure("unknown escape \\\(Character(Unicode.Scalar(c)))", at: start)
    }
  }

  private mutating func hexUnit(at start: Int) throws(PlistParseError) -> UInt32 {
    guard pos + 4 <= text.count else { throw endError("reading a \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard ASCII.isHexDigit(text[pos]), let digit = ASCII.digitValue(text[pos]) else {
        throw failure("\\u escape needs four hex digits", at: start)
      }
      value = value << 4 | UInt32(digit)
      pos += 1
    }
    return value
  }
}
