// MARK: - One top-level key, without building the other values

extension XMLPlistReader {
  /// The value of one key of a root dictionary. The whole document is read as `read(_:)`
  /// reads it — the same elements in the same order, the reader's own checks of tags, text,
  /// numbers, dates and data, the same error for the first problem — but the other values
  /// are checked without being built (`skipValue`), and only the key's value is parsed.
  /// Repeated keys: the last one counts, as in `PlistDictionary`.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - bytes: The whole document.
  /// - Returns: What was found; `.needsFullRead` when the root is not a dictionary.
  /// - Throws: `PlistParseError`, as `read(_:)` throws it.
  static func lookUp(_ key: String, in bytes: UnsafeBufferPointer<UInt8>)
    throws(PlistParseError) -> TopLevelLookup
  {
    try key.withTemporaryUTF8 { (key) throws(PlistParseError) in
      try TextDecoder.withUTF8(bytes, format: .xml) { (text) throws(PlistParseError) in
        var reader = XMLPlistReader(text: text)
        return try reader.lookUpInDocument(key)
      }
    }
  }

  /// `parseDocument()`, looking up `key` (its UTF-8 bytes) in the root dictionary.
  private mutating func lookUpInDocument(_ key: UnsafeBufferPointer<UInt8>)
    throws(PlistParseError) -> TopLevelLookup
  {
    try parseDocument(
      value: { (reader) throws(PlistParseError) in
        let start = try reader.startOfValue()
        return try reader.lookUp(key, inRoot: try reader.readOpenTag(), openedAt: start)
      },
      element: { (reader, open, start) throws(PlistParseError) in
        try reader.lookUp(key, inRoot: open, openedAt: start)
      })
  }

  /// The look-up in the root element, its open tag read: a dictionary's entries, or for any
  /// other root, the element checked (as a full read would) and `.needsFullRead`.
  private mutating func lookUp(
    _ key: UnsafeBufferPointer<UInt8>, inRoot open: OpenTag, openedAt start: Int
  )
    throws(PlistParseError) -> TopLevelLookup
  {
    guard open.tag == .dict else {
      try skipElement(open, depth: 0, openedAt: start)
      return .needsFullRead
    }
    return try lookUpInDictionary(key, open, openedAt: start)
  }

  /// `parseDict(_:depth:openedAt:)` for the root, keeping only the value of `key`.
  private mutating func lookUpInDictionary(
    _ key: UnsafeBufferPointer<UInt8>, _ open: OpenTag, openedAt start: Int
  ) throws(PlistParseError) -> TopLevelLookup {
    try enterContainer(inside: 0, at: start)
    if open.selfClosing { return .empty }
    var count = 0
    var found: PlistValue?
    // A root `<dict><key>CF$UID</key><integer>N</integer></dict>` is a UID, not a dictionary
    // (`uidOrDictionary`; with the key repeated, the last one counts).
    var onlyUIDKeys = true
    var uidValue: PlistValue?
    while true {
      try skipMisc()
      guard pos < text.count else { throw endError("reading <dict>") }
      if atClosingTag() {
        try readClosingTag(.dict, openedAt: start)
        if count == 0 { return .empty }
        if onlyUIDKeys, let uidValue { try refuseMisreadUID(uidValue, openedAt: start) }
        if onlyUIDKeys, case .integer(let n)? = uidValue, n.uint64Value != nil {
          return .needsFullRead
        }
        return found.map(TopLevelLookup.found) ?? .missing
      }
      let keyStart = pos
      let entryKey = try readEntryKey()
      try skipMisc()
      if pos >= text.count || atClosingTag() {
        throw failure("key \"\(string(of: entryKey))\" has no value", at: keyStart)
      }
      let wanted = has(entryKey, key)
      let uidKey = has(entryKey, Self.uidKey)
      onlyUIDKeys = onlyUIDKeys && uidKey
      if wanted || onlyUIDKeys {
        let value = try parseValue(depth: 1)
        if wanted { found = value }
        if onlyUIDKeys { uidValue = value }
      } else {
        try skipValue(depth: 1)
      }
      count += 1
    }
  }

  private static var uidKey: UnsafeBufferPointer<UInt8> {
    let key: StaticString = "CF$UID"
    return UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
  }

  /// A key as read: where its text lies when it is plain text (checked UTF-8), else the
  /// string that `content(of:openedAt:)` made of it.
  private enum EntryKey {
    case plain(Range<Int>)
    case decoded(String)
  }

  /// `<key>…</key>` at `pos`, as `readKey()` reads it (with its errors), without making a
  /// string of plain text.
  private mutating func readEntryKey() throws(PlistParseError) -> EntryKey {
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
    if keyTag.selfClosing { return .plain(pos..<pos) }
    let textStart = pos
    let end = ASCII.firstMarkup(in: text, from: pos)
    pos = end
    guard atClosingTag() else {
      pos = textStart
      return .decoded(try content(of: keyTag, openedAt: keyStart))
    }
    let segment = UnsafeBufferPointer(rebasing: text[textStart..<end])
    if !ASCII.isASCII(segment) && !UTF8Text.isValid(segment) {
      _ = try validatedString(segment, at: textStart, in: "text")
    }
    if starts(with: "</key>", at: pos) {
      pos += 6
    } else {
      try readClosingTag(.key, openedAt: keyStart)
    }
    return .plain(textStart..<end)
  }

  private func has(_ key: EntryKey, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    switch key {
    case .plain(let range):
      return Platform.bytesEqual(bytes, UnsafeBufferPointer(rebasing: text[range]))
    case .decoded(let string): return string.utf8.elementsEqual(bytes)
    }
  }

  private func string(of key: EntryKey) -> String {
    switch key {
    case .plain(let range): return String(decoding: text[range], as: UTF8.self)
    case .decoded(let string): return string
    }
  }

  // MARK: - Checking a value without building it

  /// `parseValue(depth:)` without the value.
  private mutating func skipValue(depth: Int) throws(PlistParseError) {
    let start = try startOfValue()
    if starts(with: "<string>", at: pos) {
      pos += 8
      return try skipContent(of: OpenTag(tag: .string, selfClosing: false), openedAt: start)
    }
    let open: OpenTag
    if let plain = plainOpenTag() { open = plain } else { open = try readOpenTag() }
    try skipElement(open, depth: depth, openedAt: start)
  }

  /// `parseElement(_:depth:openedAt:)` without the value.
  private mutating func skipElement(_ open: OpenTag, depth: Int, openedAt start: Int)
    throws(PlistParseError)
  {
    switch open.tag {
    case .dict: try skipDictionary(open, depth: depth, openedAt: start)
    case .array: try skipArray(open, depth: depth, openedAt: start)
    case .string, .key: try skipContent(of: open, openedAt: start)
    case .true, .false:
      if !open.selfClosing { try readClosingTag(open.tag, openedAt: start) }
    case .integer:
      let content = try rawContent(of: open, openedAt: start)
      _ = try parseInteger(content)
    case .real:
      let content = try rawContent(of: open, openedAt: start)
      // Text `parseReal` surely reads is not converted (the standard library's parser, which
      // most reals of 17 digits need, was a sixth of checking a small domain).
      if !DecimalReal.isWellFormed(content) { _ = try parseReal(content) }
    case .date:
      let content = try rawContent(of: open, openedAt: start)
      _ = try parseDate(content)
    case .data: try skipData(open, openedAt: start)
    case .plist: throw failure("<plist> inside another element", at: start)
    }
  }

  private mutating func skipArray(_ open: OpenTag, depth: Int, openedAt start: Int)
    throws(PlistParseError)
  {
    try enterContainer(inside: depth, at: start)
    if open.selfClosing { return }
    while true {
      try skipMisc()
      guard pos < text.count else { throw endError("reading <array>") }
      if atClosingTag() { return try readClosingTag(.array, openedAt: start) }
      try skipValue(depth: depth + 1)
    }
  }

  private mutating func skipDictionary(_ open: OpenTag, depth: Int, openedAt start: Int)
    throws(PlistParseError)
  {
    try enterContainer(inside: depth, at: start)
    if open.selfClosing { return }
    // A dictionary of `CF$UID` keys only is read (the last one counting), for the check
    // `parseDict` makes of it.
    var onlyUIDKeys = true
    var uidValue: PlistValue?
    while true {
      try skipMisc()
      guard pos < text.count else { throw endError("reading <dict>") }
      if atClosingTag() {
        try readClosingTag(.dict, openedAt: start)
        if onlyUIDKeys, let uidValue { try refuseMisreadUID(uidValue, openedAt: start) }
        return
      }
      let keyStart = pos
      let key = try readEntryKey()
      try skipMisc()
      if pos >= text.count || atClosingTag() {
        throw failure("key \"\(string(of: key))\" has no value", at: keyStart)
      }
      onlyUIDKeys = onlyUIDKeys && has(key, Self.uidKey)
      if onlyUIDKeys {
        uidValue = try parseValue(depth: depth + 1)
      } else {
        try skipValue(depth: depth + 1)
      }
    }
  }

  /// `parseDict`'s refusal of a lone `CF$UID` key that CF would read as a UID it is not.
  private func refuseMisreadUID(_ value: PlistValue, openedAt start: Int) throws(PlistParseError) {
    guard XMLUIDSpelling.isMisreadByCF(value) else { return }
    throw failure(
      "a CF$UID dictionary holding \(XMLUIDSpelling.described(value)), which CF reads as a UID",
      at: start)
  }

  /// `content(of:openedAt:)` without the string: plain text straight up to the closing tag
  /// is only checked to be UTF-8; anything else (entities, CDATA, comments) is read by
  /// `content` itself.
  private mutating func skipContent(of open: OpenTag, openedAt start: Int)
    throws(PlistParseError)
  {
    if open.selfClosing { return }
    let segmentStart = pos
    pos = ASCII.firstMarkup(in: text, from: pos)
    guard atClosingTag() else {
      pos = segmentStart
      _ = try content(of: open, openedAt: start)
      return
    }
    let segment = UnsafeBufferPointer(rebasing: text[segmentStart..<pos])
    if !ASCII.isASCII(segment) && !UTF8Text.isValid(segment) {
      _ = try validatedString(segment, at: segmentStart, in: "text")
    }
    if open.tag == .string && starts(with: "</string>", at: pos) {
      pos += 9
    } else {
      try readClosingTag(open.tag, openedAt: start)
    }
  }

  /// `parseData(_:openedAt:)` without the bytes: the base64 checked, the same errors.
  private mutating func skipData(_ open: OpenTag, openedAt start: Int) throws(PlistParseError) {
    let contentStart = pos
    let content = try rawContent(of: open, openedAt: start)
    do throws(Base64.DecodeFailure) {
      try Base64.check(content)
    } catch {
      // The reader's own error, from the same text.
      pos = contentStart
      _ = try parseData(open, openedAt: start)
    }
  }

  /// A value's opening tag written exactly as Foundation writes it (`<integer>`, `<true/>`…),
  /// read as `readOpenTag()` would read it but without looking its name up; nil for any
  /// other spelling, which `readOpenTag()` then reads.
  private mutating func plainOpenTag() -> OpenTag? {
    guard pos + 1 < text.count else { return nil }
    let tag: OpenTag
    let length: Int
    switch text[pos + 1] {
    case UInt8(ascii: "i") where starts(with: "<integer>", at: pos):
      (tag, length) = (OpenTag(tag: .integer, selfClosing: false), 9)
    case UInt8(ascii: "r") where starts(with: "<real>", at: pos):
      (tag, length) = (OpenTag(tag: .real, selfClosing: false), 6)
    case UInt8(ascii: "d") where starts(with: "<date>", at: pos):
      (tag, length) = (OpenTag(tag: .date, selfClosing: false), 6)
    case UInt8(ascii: "d") where starts(with: "<data>", at: pos):
      (tag, length) = (OpenTag(tag: .data, selfClosing: false), 6)
    case UInt8(ascii: "d") where starts(with: "<dict>", at: pos):
      (tag, length) = (OpenTag(tag: .dict, selfClosing: false), 6)
    case UInt8(ascii: "a") where starts(with: "<array>", at: pos):
      (tag, length) = (OpenTag(tag: .array, selfClosing: false), 7)
    case UInt8(ascii: "t") where starts(with: "<true/>", at: pos):
      (tag, length) = (OpenTag(tag: .true, selfClosing: true), 7)
    case UInt8(ascii: "f") where starts(with: "<false/>", at: pos):
      (tag, length) = (OpenTag(tag: .false, selfClosing: true), 8)
    default: return nil
    }
    pos += length
    return tag
  }
}
