// MARK: - Character data: strings and keys

extension XMLPlistReader {
  /// Where the text of an element that is not self-closing lies, not yet checked as UTF-8.
  enum CharacterData {
    /// Plain text (no reference, no CDATA): these bytes of the input.
    case input(Range<Int>)
    /// Decoded into `scratch`.
    case scratch
  }

  /// The text of a `<string>` or `<key>` element that is not self-closing, up to its closing
  /// tag, which is left at `pos`: entities and references decoded, CDATA allowed.
  @inline(__always)
  mutating func characterData(of open: OpenTag) throws(PlistParseError) -> CharacterData {
    let segmentStart = pos
    // Fast path: plain text straight up to the closing tag.
    pos = ASCII.firstMarkup(in: text, from: pos)
    if atClosingTag() { return .input(segmentStart..<pos) }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: text[segmentStart..<pos])
    try decodeCharacterData(of: open)
    return .scratch
  }

  /// The rest of `characterData(of:)`, past the first `&` or `<`, into `scratch`.
  private mutating func decodeCharacterData(of open: OpenTag) throws(PlistParseError) {
    while true {
      guard pos < text.count else { throw endError("reading <\(open.tag.name)>") }
      let b = text[pos]
      if b == UInt8(ascii: "&") {
        try appendEntity()
      } else if b != UInt8(ascii: "<") {
        // Text up to the next `&` or `<`, in one copy.
        let end = ASCII.firstMarkup(in: text, from: pos)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[pos..<end]))
        pos = end
      } else if atClosingTag() {
        return
      } else if starts(with: "<![CDATA[", at: pos) {
        let dataStart = pos + 9
        try skip(past: "]]>", from: dataStart, while: "reading a CDATA section")
        scratch.append(contentsOf: text[dataStart..<(pos - 3)])
      } else if starts(with: "<!--", at: pos) {
        // CoreFoundation takes any `<!` in text for CDATA, and refuses a comment there.
        throw failure("a comment inside <\(open.tag.name)>", at: pos)
      } else {
        throw failure("an element inside <\(open.tag.name)>", at: pos)
      }
    }
  }

  /// Decodes `&lt;` `&gt;` `&amp;` `&apos;` `&quot;` `&#N;` `&#xH;` into `scratch`.
  private mutating func appendEntity() throws(PlistParseError) {
    let start = pos
    var end = pos + 1
    while end < text.count, end - start <= 12, text[end] != UInt8(ascii: ";") { end += 1 }
    guard end < text.count, text[end] == UInt8(ascii: ";") else {
      throw failure("'&' not followed by an entity name and ';'", at: start)
    }
    let name = UnsafeBufferPointer(rebasing: text[(start + 1)..<end])
    pos = end + 1
    if let character = Self.namedEntity(name) {
      scratch.append(character)
      return
    }
    guard name.first == UInt8(ascii: "#"), let scalar = Self.characterReference(name.dropFirst())
    else {
      let shown = String(decoding: name, as: UTF8.self)
      throw failure("unknown entity &\(shown); (only the five XML entities are defined)", at: start)
    }
    TextDecoder.appendScalar(scalar, to: &scratch)
  }

  /// The character one of the five XML entities names, by its name packed into a word
  /// (`XMLTag.pack`), or nil.
  private static func namedEntity(_ name: UnsafeBufferPointer<UInt8>) -> UInt8? {
    guard (2...4).contains(name.count) else { return nil }
    switch XMLTag.pack(name, 0..<name.count) {
    case 0x74_6C: return UInt8(ascii: "<")  // lt
    case 0x74_67: return UInt8(ascii: ">")  // gt
    case 0x70_6D_61: return UInt8(ascii: "&")  // amp
    case 0x73_6F_70_61: return UInt8(ascii: "'")  // apos
    case 0x74_6F_75_71: return UInt8(ascii: "\"")  // quot
    default: return nil
    }
  }

  /// `#65` or `#x41` without the `#`: a Unicode scalar other than U+0000, or nil. Only a
  /// lowercase `x` means hexadecimal, as in XML and CF (which refuses `&#X41;`).
  private static func characterReference(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt32? {
    var body = digits
    var radix: UInt64 = 10
    if body.first == UInt8(ascii: "x") {
      radix = 16
      body = body.dropFirst()
    }
    guard body.count <= 8, let value = PlistInteger.magnitude(digits: body, radix: radix),
      value > 0, value <= 0x10FFFF, !UTF16Surrogate.isHalf(UInt32(value))
    else { return nil }
    return UInt32(value)
  }

  // MARK: - Raw content of numbers, dates and data

  /// The bytes between the open and the closing tag of an element that holds no markup.
  mutating func rawContent(of open: OpenTag, openedAt start: Int) throws(PlistParseError)
    -> UnsafeBufferPointer<UInt8>
  {
    if open.selfClosing { throw failure("empty <\(open.tag.name)>", at: start) }
    let contentStart = pos
    pos = Platform.firstIndex(of: UInt8(ascii: "<"), in: text, from: pos) ?? text.count
    let content = UnsafeBufferPointer(rebasing: text[contentStart..<pos])
    try readClosingTag(open.tag, openedAt: start)
    return content
  }
}
