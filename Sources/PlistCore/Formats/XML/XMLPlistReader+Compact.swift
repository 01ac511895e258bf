// MARK: - Reading into a CompactPlist, for conversion to binary

extension XMLPlistReader {
  /// Reads a whole document into flat storage for the binary writer (`CompactPlist`)
  /// instead of a value tree: the same scanning and checks as `read(_:)`, element by
  /// element, so it accepts exactly the documents `read(_:)` accepts, and
  /// `CompactPlistWriter` writes what `BinaryPlistWriter` writes for `read(_:)`'s value.
  ///
  /// Its errors are not `read(_:)`'s in every case (it meets a misspelled UID or bad UTF-8
  /// at other moments): a caller that reports an error reads the document with `read(_:)`.
  ///
  /// - Parameter bytes: The document, in any encoding `read(_:)` takes.
  /// - Returns: The storage; nil for text beyond `CompactPlist.maximumTextSize`.
  /// - Throws: `PlistParseError` for a document `read(_:)` refuses.
  static func readCompact(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError)
    -> CompactPlist?
  {
    guard bytes.count <= CompactPlist.maximumTextSize else { return nil }
    guard !bytes.isEmpty else {
      throw PlistParseError(format: .xml, kind: .empty, position: .wholeInput)
    }
    return try TextDecoder.withUTF8(bytes, format: .xml) { (text) throws(PlistParseError) in
      var reader = XMLPlistReader(text: text)
      var builder = CompactPlistBuilder(expectedBytes: text.count)
      let root = try reader.parseDocument(
        value: { (reader) throws(PlistParseError) in
          try reader.compactValue(depth: 0, into: &builder)
        },
        element: { (reader, open, start) throws(PlistParseError) in
          try reader.compactElement(open, depth: 0, openedAt: start, into: &builder)
        })
      return builder.finish(root: root)
    }
  }

  /// `parseValue(depth:)` into a builder.
  private mutating func compactValue(depth: Int, into builder: inout CompactPlistBuilder)
    throws(PlistParseError) -> CompactPlist.Reference
  {
    let start = try startOfValue()
    let open = try readOpenTag()
    return try compactElement(open, depth: depth, openedAt: start, into: &builder)
  }

  /// `parseElement(_:depth:openedAt:)` into a builder.
  private mutating func compactElement(
    _ open: OpenTag, depth: Int, openedAt start: Int, into builder: inout CompactPlistBuilder
  ) throws(PlistParseError) -> CompactPlist.Reference {
    switch open.tag {
    case .dict: return try compactDict(open, depth: depth, openedAt: start, into: &builder)
    case .array: return try compactArray(open, depth: depth, openedAt: start, into: &builder)
    case .string, .key: return try compactString(open, openedAt: start, into: &builder)
    case .true, .false:
      if !open.selfClosing { try readClosingTag(open.tag, openedAt: start) }
      return builder.scalar(.boolean(open.tag == .true))
    case .integer:
      let content = try rawContent(of: open, openedAt: start)
      return builder.scalar(.integer(try parseInteger(content)))
    case .real:
      let content = try rawContent(of: open, openedAt: start)
      return builder.scalar(.real(try parseReal(content)))
    case .date:
      let content = try rawContent(of: open, openedAt: start)
      return builder.scalar(.date(try parseDate(content)))
    case .data:
      let contentStart = pos
      let content = try rawContent(of: open, openedAt: start)
      do throws(Base64.DecodeFailure) {
        return try builder.data(base64: content)
      } catch {
        throw failure("invalid base64 in <data>", at: contentStart)
      }
    case .plist: throw failure("<plist> inside another element", at: start)
    }
  }

  /// `content(of:openedAt:)` into a builder.
  private mutating func compactString(
    _ open: OpenTag, openedAt start: Int, into builder: inout CompactPlistBuilder
  ) throws(PlistParseError) -> CompactPlist.Reference {
    let string: CompactPlist.Reference?
    switch open.selfClosing ? .input(pos..<pos) : try characterData(of: open) {
    case .input(let range):
      string = builder.string(utf8: UnsafeBufferPointer(rebasing: text[range]))
    case .scratch: string = scratch.withUnsafeBufferPointer { builder.string(utf8: $0) }
    }
    guard let string else { throw invalidUTF8(in: "text", at: start) }
    if !open.selfClosing { try readClosingTag(open.tag, openedAt: start) }
    return string
  }

  /// `parseArray(_:depth:openedAt:)` into a builder.
  private mutating func compactArray(
    _ open: OpenTag, depth: Int, openedAt start: Int, into builder: inout CompactPlistBuilder
  ) throws(PlistParseError) -> CompactPlist.Reference {
    try enterContainer(inside: depth, at: start)
    let base = builder.openChildren
    if open.selfClosing { return builder.closeArray(from: base) }
    while true {
      try skipMisc()
      guard pos < text.count else { throw endError("reading <array>") }
      if atClosingTag() {
        try readClosingTag(.array, openedAt: start)
        return builder.closeArray(from: base)
      }
      builder.append(try compactValue(depth: depth + 1, into: &builder))
    }
  }

  /// `parseDict(_:depth:openedAt:)` into a builder.
  private mutating func compactDict(
    _ open: OpenTag, depth: Int, openedAt start: Int, into builder: inout CompactPlistBuilder
  ) throws(PlistParseError) -> CompactPlist.Reference {
    try enterContainer(inside: depth, at: start)
    let base = builder.openChildren
    // The keys of an earlier dictionary that began with the same key, while every key so
    // far has been the next of them: each is then matched as bytes, not read again.
    var expected: CompactPlistBuilder.OrderedKeyList? = nil
    var count = 0
    while !open.selfClosing {
      try skipMisc()
      guard pos < text.count else { throw endError("reading <dict>") }
      if atClosingTag() {
        try readClosingTag(.dict, openedAt: start)
        break
      }
      let keyStart = pos
      let key: CompactPlist.Reference
      if let list = expected, count < list.keys.count, skipKey(count, of: list) {
        key = list.keys[count]
      } else {
        guard text[pos] == UInt8(ascii: "<") else {
          throw unexpected(expected: "<key> or </dict>")
        }
        let keyTag = try readOpenTag()
        guard keyTag.tag == .key else {
          throw failure("<\(keyTag.tag.name)> where a <key> was expected in <dict>", at: keyStart)
        }
        key = try compactString(keyTag, openedAt: keyStart, into: &builder)
        expected = count == 0 ? builder.keyList(startingWith: key) : nil
      }
      count += 1
      try skipMisc()
      if pos >= text.count || atClosingTag() {
        throw failure("a key has no value", at: keyStart)
      }
      let value = try compactValue(depth: depth + 1, into: &builder)
      builder.append(key)
      builder.append(value)
    }
    let ordered = expected.map { $0.keys.count == count } ?? false
    guard let dictionary = builder.closeDictionary(from: base, ordered: ordered) else {
      throw failure("a CF$UID dictionary that CF reads as a UID", at: start)
    }
    return dictionary
  }

  /// Skips `<key>…</key>` when it is exactly the element of key `index` of a list that
  /// `keyList(startingWith:)` gave (plain ASCII text, so equal bytes are an equal key).
  @inline(__always)
  private mutating func skipKey(_ index: Int, of list: CompactPlistBuilder.OrderedKeyList)
    -> Bool
  {
    let start = index == 0 ? 0 : list.markupEnds[index - 1]
    let count = list.markupEnds[index] - start
    guard pos + count <= text.count, let base = text.baseAddress else { return false }
    // Each element is at least `<key></key>`, eleven bytes, as `equalBytes` needs.
    let equal = list.markup.withUnsafeBytes { markup in
      guard let origin = markup.baseAddress else { return false }
      return ASCII.equalBytes(UnsafeRawPointer(base + pos), origin + start, count: count)
    }
    if equal { pos += count }
    return equal
  }
}
