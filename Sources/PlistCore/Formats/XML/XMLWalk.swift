// MARK: - The one walk of the grammar

/// The walk of an XML property list, written once and generic over what it hands the
/// values to (`XMLVisitor`): every way of reading XML runs this code, so every one of them
/// refuses the same documents with the same first error.
extension XMLPlistReader {
  /// The document around the root value: the prolog, the root element (`<plist>` holding
  /// one value, or a value element itself), and nothing but white space, comments and
  /// processing instructions after it.
  ///
  /// - Parameter visitor: What the values are handed to.
  /// - Returns: What the visitor made of the root value.
  /// - Throws: `PlistParseError` for the first problem of the document.
  mutating func walkDocument<V: XMLVisitor>(_ visitor: inout V) throws(PlistParseError)
    -> V.Value
  {
    guard !text.isEmpty else {
      throw PlistParseError(format: .xml, kind: .empty, position: .wholeInput)
    }
    try skipProlog()
    guard pos < text.count else { throw endError("looking for the root element") }
    let start = pos
    let open = try readOpenTag()
    let root: V.Value
    if open.tag == .plist {
      if open.selfClosing { throw failure("<plist> holds no value", at: start) }
      try skipMisc()
      if atClosingTag() { throw failure("<plist> holds no value", at: pos) }
      root = try walkValue(depth: 0, &visitor)
      try skipMisc()
      try readClosingTag(.plist, openedAt: start)
    } else {
      root = try walkElement(open, depth: 0, openedAt: start, &visitor)
    }
    try skipMisc()
    if pos < text.count {
      throw unexpected(expected: "nothing after the root element")
    }
    return root
  }

  /// The value element at `pos`, past white space and comments.
  mutating func walkValue<V: XMLVisitor>(depth: Int, _ visitor: inout V)
    throws(PlistParseError) -> V.Value
  {
    try skipMisc()
    guard pos < text.count else { throw endError("looking for a value") }
    if atClosingTag() || text[pos] != UInt8(ascii: "<") {
      throw unexpected(expected: "a value element")
    }
    let start = pos
    // `<string>`, the commonest value, read without looking a name up.
    if starts(with: "<string>", at: pos) {
      pos += 8
      return try walkText(of: OpenTag(tag: .string, selfClosing: false), openedAt: start) {
        (utf8) in visitor.string(utf8)
      }
    }
    let open = try readOpenTag()
    return try walkElement(open, depth: depth, openedAt: start, &visitor)
  }

  /// A value element whose open tag has been read.
  mutating func walkElement<V: XMLVisitor>(
    _ open: OpenTag, depth: Int, openedAt start: Int, _ visitor: inout V
  ) throws(PlistParseError) -> V.Value {
    switch open.tag {
    case .dict: return try walkDictionary(open, depth: depth, openedAt: start, &visitor)
    case .array: return try walkArray(open, depth: depth, openedAt: start, &visitor)
    case .string, .key:
      return try walkText(of: open, openedAt: start) { (utf8) in visitor.string(utf8) }
    case .true, .false:
      if !open.selfClosing { try readClosingTag(open.tag, openedAt: start) }
      return visitor.scalar(.boolean(open.tag == .true))
    // The content is read first, in a statement of its own: as an argument of the parse
    // call it would make Swift copy the reader for that call.
    case .integer:
      let content = try rawContent(of: open, openedAt: start)
      let value = try parseInteger(content)
      uidCandidate = .integer(value)
      return visitor.scalar(.integer(value))
    case .real:
      let content = try rawContent(of: open, openedAt: start)
      uidCandidate = .real
      // Text that surely parses is not converted for a visitor that has no use for the
      // value (the standard library's parser, which most reals of 17 digits need, was a
      // sixth of checking a small domain).
      if !V.usesReals && DecimalReal.isWellFormed(content) { return visitor.scalar(.real(0)) }
      return visitor.scalar(.real(try parseReal(content)))
    case .date:
      let content = try rawContent(of: open, openedAt: start)
      return visitor.scalar(.date(try parseDate(content)))
    case .data:
      let contentStart = pos
      let content = try rawContent(of: open, openedAt: start)
      guard let value = visitor.data(base64: content) else {
        throw base64Failure(content, at: contentStart)
      }
      return value
    case .plist: throw failure("<plist> inside another element", at: start)
    }
  }

  /// The text of a `<string>` or `<key>` element, its open tag read, handed to `make`; an
  /// error when `make` finds it is not UTF-8, pointing at plain text itself or else at the
  /// element.
  @inline(__always)
  mutating func walkText<T>(
    of open: OpenTag, openedAt start: Int, _ make: (UnsafeBufferPointer<UInt8>) -> T?
  ) throws(PlistParseError) -> T {
    if open.selfClosing {
      guard let made = make(UnsafeBufferPointer(start: text.baseAddress, count: 0)) else {
        throw invalidUTF8(in: "text", at: start)
      }
      return made
    }
    let made: T?
    let offset: Int
    switch try characterData(of: open) {
    case .input(let range):
      made = make(UnsafeBufferPointer(rebasing: text[range]))
      offset = range.lowerBound
    case .scratch:
      made = scratch.withUnsafeBufferPointer { make($0) }
      offset = start
    }
    guard let made else { throw invalidUTF8(in: "text", at: offset) }
    try readClosingTag(open.tag, openedAt: start)
    return made
  }

  mutating func walkArray<V: XMLVisitor>(
    _ open: OpenTag, depth: Int, openedAt start: Int, _ visitor: inout V
  ) throws(PlistParseError) -> V.Value {
    try enterContainer(inside: depth, at: start)
    var array = visitor.openArray()
    while !open.selfClosing {
      try skipMisc()
      guard pos < text.count else { throw endError("reading <array>") }
      if atClosingTag() {
        try readClosingTag(.array, openedAt: start)
        break
      }
      let value = try walkValue(depth: depth + 1, &visitor)
      visitor.append(value, to: &array)
    }
    uidCandidate = .none
    return visitor.close(array)
  }

  mutating func walkDictionary<V: XMLVisitor>(
    _ open: OpenTag, depth: Int, openedAt start: Int, _ visitor: inout V
  ) throws(PlistParseError) -> V.Value {
    try enterContainer(inside: depth, at: start)
    var dictionary = visitor.openDictionary(depth: depth)
    // Whether every key so far is `CF$UID`, and what the last one's value was.
    var entries = 0
    var onlyUIDKeys = true
    var uid = UIDCandidate.none
    while !open.selfClosing {
      try skipMisc()
      guard pos < text.count else { throw endError("reading <dict>") }
      if atClosingTag() {
        try readClosingTag(.dict, openedAt: start)
        break
      }
      let keyStart = pos
      let key: V.Key
      var isUIDKey = false
      if V.remembersKeys, let known = visitor.knownKey(at: rest, in: &dictionary) {
        key = known.key
        pos += known.length
        // A remembered key's element is always written `<key>…</key>`.
        isUIDKey = XMLUIDSpelling.isKeyElement(
          UnsafeBufferPointer(rebasing: text[keyStart..<pos]))
      } else {
        key = try walkKey(&visitor, in: &dictionary, isUID: &isUIDKey)
      }
      try skipMisc()
      if pos >= text.count || atClosingTag() { throw keyHasNoValue(at: keyStart) }
      onlyUIDKeys = onlyUIDKeys && isUIDKey
      if onlyUIDKeys { uidCandidate = .none }
      if visitor.wants(key, in: dictionary) {
        let value = try walkValue(depth: depth + 1, &visitor)
        visitor.add(key, value, to: &dictionary)
      } else {
        var skipping = XMLSkipVisitor()
        try walkValue(depth: depth + 1, &skipping)
        visitor.skip(key, in: &dictionary)
      }
      if onlyUIDKeys { uid = uidCandidate }
      entries += 1
    }
    uidCandidate = .none
    return visitor.close(
      dictionary, uid: onlyUIDKeys && entries > 0 ? try readUID(uid, at: start) : nil)
  }

  /// The `<key>` element at `pos`, handed to the visitor; `isUID` tells whether it is
  /// `CF$UID`.
  @inline(__always)
  private mutating func walkKey<V: XMLVisitor>(
    _ visitor: inout V, in dictionary: inout V.OpenDictionary, isUID: inout Bool
  ) throws(PlistParseError) -> V.Key {
    let keyStart = pos
    guard text[pos] == UInt8(ascii: "<") else { throw unexpected(expected: "<key> or </dict>") }
    // `<key>` exactly is what `readOpenTag()` would read, without looking the name up.
    let keyTag: OpenTag
    if starts(with: "<key>", at: pos) {
      keyTag = OpenTag(tag: .key, selfClosing: false)
      pos += 5
    } else {
      keyTag = try readOpenTag()
    }
    guard keyTag.tag == .key else {
      throw failure("<\(keyTag.tag.name)> where a <key> was expected in <dict>", at: keyStart)
    }
    return try walkText(of: keyTag, openedAt: keyStart) { (utf8) in
      isUID = XMLUIDSpelling.isKey(utf8)
      return visitor.key(utf8, in: &dictionary)
    }
  }

  /// The rest of the text, from `pos`.
  private var rest: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: text[pos...])
  }

  /// The UID a dictionary whose keys are all `CF$UID` spells, from the last one's value
  /// (`XMLUIDSpelling.reading`): nil when the value is not a number; an error for a number
  /// that CF would read as a UID it is not.
  private func readUID(_ value: UIDCandidate, at start: Int) throws(PlistParseError) -> UInt64? {
    let spelled: PlistValue
    switch value {
    case .none: return nil
    case .integer(let n): spelled = .integer(n)
    // Which real does not matter: none is a UID.
    case .real: spelled = .real(0)
    }
    switch XMLUIDSpelling.reading(spelled) {
    case .uid(let uid): return uid
    case .dictionary: return nil
    case .misread(let what):
      throw failure("a CF$UID dictionary holding \(what), which CF reads as a UID", at: start)
    }
  }

  /// A key followed by no value: the key as read at `keyStart`, in the message.
  @inline(never)
  private func keyHasNoValue(at keyStart: Int) -> PlistParseError {
    var again = self
    again.pos = keyStart
    let key =
      (try? again.readOpenTag()).flatMap { open in
        try? again.walkText(of: open, openedAt: keyStart, UTF8Text.string)
      } ?? ""
    return failure("key \"\(key)\" has no value", at: keyStart)
  }

  /// The error for base64 text that a visitor found invalid: where and how, as decoding
  /// tells it.
  @inline(never)
  private func base64Failure(_ content: UnsafeBufferPointer<UInt8>, at contentStart: Int)
    -> PlistParseError
  {
    do throws(Base64.DecodeFailure) {
      _ = try Base64.decode(content)
    } catch {
      switch error {
      case .invalidByte(let index):
        return failure("invalid base64 character in <data>", at: contentStart + index)
      case .badPadding:
        return failure("malformed base64 padding in <data>", at: contentStart)
      case .partialGroup:
        return failure("base64 in <data> ends without its padding", at: contentStart)
      }
    }
    return failure("invalid base64 in <data>", at: contentStart)
  }
}
