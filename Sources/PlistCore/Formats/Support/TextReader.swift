/// What the three text readers (XML, OpenStep, JSON) share: a cursor over UTF-8 text, a
/// scratch buffer for strings that need unescaping, and the errors they report, which point
/// at a line and column computed only when an error is made.
///
/// The state is declared as requirements that each reader meets with plain stored
/// properties, so that the scanning loops read `text[pos]` straight from the reader, exactly
/// as before. The error constructors live here, once, kept out of line so that they add no
/// code to the loops that call them; so does the quoted-string loop OpenStep and JSON share
/// (`QuotedTextReader`).
protocol TextReader {
  /// The format named in errors.
  static var format: PlistFormat { get }
  /// The whole input, as UTF-8.
  var text: UnsafeBufferPointer<UInt8> { get }
  /// The offset of the next byte to read.
  var pos: Int { get set }
  /// Reused for strings that need unescaping.
  var scratch: [UInt8] { get set }
}

extension TextReader {
  /// Invalid content at `offset`.
  @inline(never)
  func failure(_ message: String, at offset: Int) -> PlistParseError {
    PlistParseError(
      format: Self.format, kind: .invalid(message),
      position: TextPosition.locate(offset, in: text))
  }

  /// The character at `pos`, which may not stand here.
  @inline(never)
  func unexpected(expected: String) -> PlistParseError {
    PlistParseError(
      format: Self.format,
      kind: .unexpected(
        found: TextPosition.describeCharacter(at: pos, in: text), expected: expected),
      position: TextPosition.locate(pos, in: text))
  }

  /// The input ended while doing `context`.
  @inline(never)
  func endError(_ context: String) -> PlistParseError {
    PlistParseError(
      format: Self.format, kind: .unexpectedEnd(while: context),
      position: TextPosition.locate(text.count, in: text))
  }

  /// A container at `offset` beyond `PropertyList.maximumDepth`.
  @inline(never)
  func tooDeep(at offset: Int) -> PlistParseError {
    NestingLimit.parseError(Self.format, at: TextPosition.locate(offset, in: text))
  }

  /// Throws unless a container starting at `offset`, inside `depth` others, is within the
  /// nesting limit.
  @inline(__always)
  func enterContainer(inside depth: Int, at offset: Int) throws(PlistParseError) {
    guard NestingLimit.allowsContainer(inside: depth) else { throw tooDeep(at: offset) }
  }

  /// Bytes at `offset` that are not UTF-8, in `what` (`text`, `a string`).
  @inline(never)
  func invalidUTF8(in what: String, at offset: Int) -> PlistParseError {
    PlistParseError(
      format: Self.format, kind: .encoding("invalid UTF-8 in \(what)"),
      position: TextPosition.locate(offset, in: text))
  }
}

// MARK: - Quoted strings (OpenStep and JSON)

/// A text reader with backslash escapes in quoted strings: OpenStep and JSON, which differ
/// in their escapes and share the rest.
protocol QuotedTextReader: TextReader {
  /// Reads the escape whose backslash is at `escapeStart` and whose letter is `letter` into
  /// `scratch`; `pos` is past the letter.
  mutating func appendEscape(_ letter: UInt8, at escapeStart: Int) throws(PlistParseError)
}

extension QuotedTextReader {
  /// Reads the quoted string at `pos` (its opening quote, which closes it too) and gives
  /// `make` its content as UTF-8, escapes resolved, not yet checked; `pos` ends past the
  /// closing quote. Content without a backslash is handed over as a slice of the text,
  /// uncopied; otherwise it is gathered in `scratch`, `appendEscape` resolving each escape.
  ///
  /// - Parameters:
  ///   - context: What the end-of-input error says was being read.
  ///   - refusingControls: JSON's rule that a control character must be escaped.
  ///   - make: Makes the value from the bytes, valid only during the call; nil when they are
  ///     not UTF-8.
  /// - Returns: What `make` returns.
  /// - Throws: `PlistParseError` for a malformed string or one that is not UTF-8.
  @inline(__always)
  mutating func readQuoted<Result>(
    _ context: String, refusingControls: Bool,
    _ make: (UnsafeBufferPointer<UInt8>) -> Result?
  ) throws(PlistParseError) -> Result {
    let start = pos
    let quote = text[pos]
    pos += 1
    let contentStart = pos
    while pos < text.count, text[pos] != quote, text[pos] != UInt8(ascii: "\\"),
      !refusingControls || text[pos] >= 0x20
    {
      pos += 1
    }
    guard pos < text.count else { throw endError(context) }
    let made: Result?
    if text[pos] == quote {
      made = make(UnsafeBufferPointer(rebasing: text[contentStart..<pos]))
    } else {
      scratch.removeAll(keepingCapacity: true)
      scratch.append(contentsOf: text[contentStart..<pos])
      while true {
        guard pos < text.count else { throw endError(context) }
        let b = text[pos]
        if b == quote { break }
        if refusingControls && b < 0x20 {
          throw failure("control character in a string (escape it)", at: pos)
        }
        if b == UInt8(ascii: "\\") {
          let escapeStart = pos
          pos += 1
          guard pos < text.count else { throw endError("reading an escape") }
          pos += 1
          try appendEscape(text[pos - 1], at: escapeStart)
        } else {
          scratch.append(b)
          pos += 1
        }
      }
      made = scratch.withUnsafeBufferPointer(make)
    }
    pos += 1
    guard let made else { throw invalidUTF8(in: "a string", at: start) }
    return made
  }

  /// Appends to `scratch` the UTF-16 unit of the escape at `escapeStart` (JSON's `\u`,
  /// OpenStep's `\U`, named by `letter`). A high surrogate takes its low half from a second
  /// such escape, which must follow at once and which `readUnit` reads from its digits
  /// (given where that escape starts).
  mutating func appendUTF16Escape(
    _ unit: UInt32, at escapeStart: Int, letter: UInt8,
    readUnit: (inout Self, Int) throws(PlistParseError) -> UInt32
  ) throws(PlistParseError) {
    if UTF16Surrogate.isLow(unit) {
      throw unpairedSurrogate("low", letter: letter, at: escapeStart)
    }
    guard UTF16Surrogate.isHigh(unit) else { return TextDecoder.appendScalar(unit, to: &scratch) }
    let lowStart = pos
    guard pos + 1 < text.count, text[pos] == UInt8(ascii: "\\"), text[pos + 1] == letter else {
      throw unpairedSurrogate("high", letter: letter, at: escapeStart)
    }
    pos += 2
    let low = try readUnit(&self, lowStart)
    guard UTF16Surrogate.isLow(low) else {
      throw unpairedSurrogate("high", letter: letter, at: escapeStart)
    }
    TextDecoder.appendScalar(UTF16Surrogate.scalar(high: unit, low: low), to: &scratch)
  }

  @inline(never)
  private func unpairedSurrogate(_ half: String, letter: UInt8, at offset: Int)
    -> PlistParseError
  {
    failure(
      "\\\(Character(Unicode.Scalar(letter))) escape is an unpaired \(half) surrogate", at: offset)
  }
}
