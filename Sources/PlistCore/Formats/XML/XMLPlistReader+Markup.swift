// MARK: - Tags, comments, prolog

extension XMLPlistReader {
  struct OpenTag {
    let tag: XMLTag
    let selfClosing: Bool
  }

  @inline(__always)
  func byte(_ offset: Int) -> UInt8? {
    offset < text.count ? text[offset] : nil
  }

  @inline(__always)
  func starts(with literal: StaticString, at offset: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard offset >= 0, offset + count <= text.count else { return false }
    return Platform.bytesEqual(
      UnsafeBufferPointer(start: literal.utf8Start, count: count),
      UnsafeBufferPointer(rebasing: text[offset..<(offset + count)]))
  }

  /// The eight bytes at `offset` (at most `text.count - 8`), the first lowest.
  @inline(__always)
  func word(at offset: Int) -> UInt64 {
    guard let base = text.baseAddress else { return 0 }
    return UInt64(
      littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  @inline(__always)
  func atClosingTag() -> Bool { byte(pos) == UInt8(ascii: "<") && byte(pos + 1) == 0x2F }

  /// Skips white space, comments, processing instructions and DOCTYPE declarations. Inlined:
  /// it runs between any two elements, and mostly finds only indentation.
  @inline(__always)
  mutating func skipMisc() throws(PlistParseError) {
    skipSpaces()
    if pos + 1 < text.count, text[pos] == UInt8(ascii: "<"),
      text[pos + 1] == UInt8(ascii: "!") || text[pos + 1] == UInt8(ascii: "?")
    {
      try skipDeclarations()
    }
  }

  /// Skips comments and processing instructions, and the white space between them; in the
  /// `prolog` (before the root element), DOCTYPE declarations too, which CF refuses after.
  ///
  /// CoreFoundation starts looking for the end of a comment in the prolog one character
  /// late, so it reads past the end of an empty `<!---->`; refused, rather than read
  /// differently. Not inlined: inside the document it is rare, and it runs from every
  /// `skipMisc`.
  @inline(never)
  private mutating func skipDeclarations(prolog: Bool = false) throws(PlistParseError) {
    while pos + 1 < text.count, text[pos] == UInt8(ascii: "<") {
      if prolog, starts(with: "<!---->", at: pos) {
        throw failure("an empty comment <!----> before the root element", at: pos)
      } else if starts(with: "<!--", at: pos) {
        try skipComment()
      } else if starts(with: "<?", at: pos) {
        try skipProcessingInstruction()
      } else if starts(with: "<!DOCTYPE", at: pos) {
        guard prolog else {
          throw failure("a DOCTYPE declaration is allowed only before the root element", at: pos)
        }
        try skipDoctype()
      } else {
        return  // an element, a closing tag, or CDATA where it does not belong
      }
      skipSpaces()
    }
  }

  /// Skips what may come before the root element: white space, comments, processing
  /// instructions and DOCTYPE declarations, in any order.
  mutating func skipProlog() throws(PlistParseError) {
    skipSpaces()
    try skipDeclarations(prolog: true)
  }

  /// Skips `<?…?>`. CoreFoundation reads `<?>` as a whole instruction inside an element but
  /// as the start of one before the root, so `<?>` is refused wherever it is.
  private mutating func skipProcessingInstruction() throws(PlistParseError) {
    if byte(pos + 2) == UInt8(ascii: ">") {
      throw failure("<?> is not a processing instruction", at: pos)
    }
    try skip(past: "?>", from: pos + 2, while: "reading a processing instruction")
  }

  /// Skips spaces, tabs and line breaks: indentation is a good part of a typical file.
  @inline(__always)
  mutating func skipSpaces() {
    var i = pos
    while i < text.count {
      let b = text[i]
      if b > 0x20 || !ASCII.isSpace(b) { break }
      i += 1
    }
    pos = i
  }

  mutating func skipComment() throws(PlistParseError) {
    try skip(past: "-->", from: pos + 4, while: "reading a comment")
  }

  mutating func skip(past terminator: StaticString, from start: Int, while context: String)
    throws(PlistParseError)
  {
    let first = terminator.withUTF8Buffer { $0[0] }
    var i = start
    while i < text.count {
      if text[i] == first && starts(with: terminator, at: i) {
        pos = i + terminator.utf8CodeUnitCount
        return
      }
      i += 1
    }
    throw endError(context)
  }

  /// Skips `<!DOCTYPE …>`, which ends at the first `>` as in CoreFoundation (quotes do not
  /// hide one). An internal subset `[ … ]` is refused, as CF refuses it: it is never
  /// interpreted, and CF would read what follows it differently.
  mutating func skipDoctype() throws(PlistParseError) {
    var i = pos + 9
    while i < text.count {
      let b = text[i]
      if b == UInt8(ascii: ">") {
        pos = i + 1
        return
      }
      if b == UInt8(ascii: "[") {
        throw failure("an internal DTD subset in the DOCTYPE declaration", at: i)
      }
      i += 1
    }
    throw endError("reading the DOCTYPE declaration")
  }

  /// Reads `<name attributes…>` or `<name …/>` at `pos`.
  mutating func readOpenTag() throws(PlistParseError) -> OpenTag {
    // Fast path: a common tag without attributes, told from one word.
    if pos + 9 <= text.count,
      let common = XMLTag.commonOpenTag(word(at: pos), then: text[pos + 8])
    {
      pos += common.length
      return OpenTag(tag: common.tag, selfClosing: common.selfClosing)
    }
    guard byte(pos) == UInt8(ascii: "<") else { throw unexpected(expected: "'<'") }
    let nameStart = pos + 1
    var i = nameStart
    while i < text.count, ASCII.isLetter(text[i]) { i += 1 }
    guard i > nameStart else {
      pos = nameStart
      throw unexpected(expected: "an element name")
    }
    guard let tag = XMLTag(packed: XMLTag.pack(text, nameStart..<i), count: i - nameStart) else {
      let shown = String(
        decoding: UnsafeBufferPointer(rebasing: text[nameStart..<i]), as: UTF8.self)
      throw failure("unknown element <\(shown)>", at: pos)
    }
    // Fast path: `<name>` or `<name/>`, no attributes.
    if byte(i) == UInt8(ascii: ">") {
      pos = i + 1
      return OpenTag(tag: tag, selfClosing: false)
    }
    if byte(i) == 0x2F, byte(i + 1) == UInt8(ascii: ">") {
      pos = i + 2
      return OpenTag(tag: tag, selfClosing: true)
    }
    pos = i
    return OpenTag(tag: tag, selfClosing: try finishTag())
  }

  /// Skips attributes up to `>` or `/>`; returns whether the tag closed itself.
  ///
  /// The tag ends at the first `>`, quoted or not, because that is where CoreFoundation ends
  /// it: a quote still open there (`<string a=">x">`) would make XML parsers and CF read
  /// different text, so it is refused, and so is a `<` anywhere in a tag.
  mutating func finishTag() throws(PlistParseError) -> Bool {
    guard let first = byte(pos) else { throw endError("reading a tag") }
    guard ASCII.isSpace(first) || first == UInt8(ascii: ">") || first == 0x2F else {
      throw unexpected(expected: "'>' after the element name")
    }
    var quote: (byte: UInt8, at: Int)? = nil
    while pos < text.count {
      let b = text[pos]
      if b == UInt8(ascii: ">") {
        if let quote {
          throw failure("'>' inside a quoted attribute value (the value opens here)", at: quote.at)
        }
        pos += 1
        return false
      } else if b == UInt8(ascii: "<") {
        throw unexpected(expected: "'>' to end the tag")
      } else if let q = quote {
        if b == q.byte { quote = nil }
      } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
        quote = (b, pos)
      } else if b == 0x2F {
        guard byte(pos + 1) == UInt8(ascii: ">") else { throw unexpected(expected: "'>'") }
        pos += 2
        return true
      }
      pos += 1
    }
    throw endError("reading a tag")
  }

  /// Reads `</name>` for the element opened at `start`.
  @inline(__always)
  mutating func readClosingTag(_ tag: XMLTag, openedAt start: Int) throws(PlistParseError) {
    // Fastest path, inline: exactly `</name>`, compared as two words.
    if pos + 16 <= text.count {
      let spelling = tag.closingSpelling
      if word(at: pos) & spelling.lowMask == spelling.low,
        word(at: pos + 8) & spelling.highMask == spelling.high
      {
        pos += spelling.length
        return
      }
    }
    try readOtherClosingTag(tag, openedAt: start)
  }

  /// `readClosingTag(_:openedAt:)` for a closing tag not followed by eight more bytes (the
  /// document's last one or two), or spelled otherwise, or wrong.
  @inline(never)
  private mutating func readOtherClosingTag(_ tag: XMLTag, openedAt start: Int)
    throws(PlistParseError)
  {
    guard pos < text.count else { throw endError("reading <\(tag.name)>") }
    guard atClosingTag() else { throw unexpected(expected: "</\(tag.name)>") }
    let nameStart = pos + 2
    var i = nameStart
    while i < text.count, ASCII.isLetter(text[i]) { i += 1 }
    let name = UnsafeBufferPointer(rebasing: text[nameStart..<i])
    guard tag.staticName.withUTF8Buffer({ Platform.bytesEqual($0, name) }) else {
      let found = "</" + String(decoding: name, as: UTF8.self) + ">"
      let opened = TextPosition.locate(start, in: text)
      throw failure("\(found) does not close the <\(tag.name)> opened at \(opened.text)", at: pos)
    }
    pos = i
    while pos < text.count, ASCII.isSpace(text[pos]) { pos += 1 }
    guard byte(pos) == UInt8(ascii: ">") else {
      throw pos < text.count ? unexpected(expected: "'>'") : endError("reading a closing tag")
    }
    pos += 1
  }

}

extension PlistParseError.Position {
  /// `line 3, column 7`, for messages that point back at an earlier place.
  var text: String {
    switch self {
    case .line(let line, let column): return "line \(line), column \(column)"
    case .byteOffset(let offset): return "byte \(offset)"
    case .wholeInput: return "the start"
    }
  }
}
