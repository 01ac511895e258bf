/// What the three text readers (XML, OpenStep, JSON) share: a cursor over UTF-8 text, a
/// scratch buffer for strings that need unescaping, and the errors they report, which point
/// at a line and column computed only when an error is made.
///
/// The state is declared as requirements that each reader meets with plain stored
/// properties, so that the scanning loops read `text[pos]` straight from the reader, exactly
/// as before; only the cold error constructors live here, once, kept out of line so that
/// they add no code to the loops that call them.
protocol TextReader {
  /// The format named in errors.
  static var format: PlistFormat { get }
  /// The whole input, as UTF-8.
  var text: UnsafeBufferPointer<UInt8> { get }
  /// The offset of the next byte to read.
  var pos: Int { get }
  /// Reused for strings that need unescaping.
  var scratch: [UInt8] { get }
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

  /// `bytes` as a string, or `invalidUTF8(in:at:)`.
  @inline(__always)
  func validatedString(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, in what: String)
    throws(PlistParseError) -> String
  {
    guard let string = UTF8Text.string(bytes) else { throw invalidUTF8(in: what, at: offset) }
    return string
  }
}
