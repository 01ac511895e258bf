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

  /// The string at `pos`, made by `make` from its UTF-8 (`readQuoted`).
  @inline(__always)
  mutating func parseString<Result>(utf8 make: (UnsafeBufferPointer<UInt8>) -> Result?)
    throws(PlistParseError) -> Result
  {
    try readQuoted("reading a string", refusingControls: true, make)
  }

  mutating func appendEscape(_ c: UInt8, at start: Int) throws(PlistParseError) {
    switch c {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(c)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      try appendUTF16Escape(try hexUnit(at: start), at: start, letter: c) {
        (reader, start) throws(PlistParseError) in try reader.hexUnit(at: start)
      }
    default:
      throw failure("unknown escape \\\(Character(Unicode.Scalar(c)))", at: start)
    }
  }

  /// The four hex digits of the `\u` escape at `start`.
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
