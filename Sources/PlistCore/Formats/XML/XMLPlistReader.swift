/// Reads Apple's XML property lists: a hand-written scanner over UTF-8, like CoreFoundation's,
/// that skips the prolog (declaration, comments, processing instructions, any DOCTYPE with
/// its internal subset left unexpanded) and accepts exactly the plist DTD's elements.
///
/// Only the five named entities and numeric character references are known, so entity
/// expansion attacks and external entities simply fail. Nesting is limited to 512 levels.
struct XMLPlistReader {
  static let maxDepth = 512

  let text: UnsafeBufferPointer<UInt8>
  var pos = 0
  /// Reused for strings that need unescaping.
  var scratch: [UInt8] = []

  init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

  /// Parses a whole document.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistValue {
    try TextDecoder.withUTF8(bytes, format: .xml) { (text) throws(PlistParseError) in
      var reader = XMLPlistReader(text: text)
      return try reader.parseDocument()
    }
  }

  mutating func parseDocument() throws(PlistParseError) -> PlistValue {
    guard !text.isEmpty else {
      throw PlistParseError(format: .xml, kind: .empty, position: .wholeInput)
    }
    try skipMisc()
    guard pos < text.count else { throw endError("looking for the root element") }
    let start = pos
    let open = try readOpenTag()
    let value: PlistValue
    if open.tag == .plist {
      if open.selfClosing { throw failure("<plist> holds no value", at: start) }
      try skipMisc()
      if atClosingTag() { throw failure("<plist> holds no value", at: pos) }
      value = try parseValue(depth: 1)
      try skipMisc()
      try readClosingTag(.plist, openedAt: start)
    } else {
      value = try parseElement(open, depth: 1, openedAt: start)
    }
    try skipMisc()
    if pos < text.count {
      throw unexpected(expected: "nothing after the root element")
    }
    return value
  }

  // MARK: - Elements

  mutating func parseValue(depth: Int) throws(PlistParseError) -> PlistValue {
    try skipMisc()
    guard pos < text.count else { throw endError("looking for a value") }
    if atClosingTag() || text[pos] != UInt8(ascii: "<") {
      throw unexpected(expected: "a value element")
    }
    let start = pos
    return try parseElement(try readOpenTag(), depth: depth, openedAt: start)
  }

  mutating func parseElement(_ open: OpenTag, depth: Int, openedAt start: Int)
    throws(PlistParseError) -> PlistValue
  {
    switch open.tag {
    case .dict: return try parseDict(open, depth: depth, openedAt: start)
    case .array: return try parseArray(open, depth: depth, openedAt: start)
    case .string, .key: return .string(try content(of: open, openedAt: start))
    case .true, .false:
      if !open.selfClosing { try readClosingTag(open.tag, openedAt: start) }
      return .boolean(open.tag == .true)
    case .integer: return .integer(try parseInteger(try rawContent(of: open, openedAt: start)))
    case .real: return .real(try parseReal(try rawContent(of: open, openedAt: start)))
    case .date: return .date(try parseDate(try rawContent(of: open, openedAt: start)))
    case .data: return .data(try parseData(open, openedAt: start))
    case .plist: throw failure("<plist> inside another element", at: start)
    }
  }

  mutating func parseArray(_ open: OpenTag, depth: Int, openedAt start: Int)
    throws(PlistParseError) -> PlistValue
  {
    if open.selfClosing { return .array([]) }
    guard depth < Self.maxDepth else { throw tooDeep(at: start) }
    var items: [PlistValue] = []
    while true {
      try skipMisc()
      guard pos < text.count else { throw endError("reading <array>") }
      if atClosingTag() {
        try readClosingTag(.array, openedAt: start)
        return .array(items)
      }
      items.append(try parseValue(depth: depth + 1))
    }
  }

  mutating func parseDict(_ open: OpenTag, depth: Int, openedAt start: Int)
    throws(PlistParseError) -> PlistValue
  {
    if open.selfClosing { return .dictionary([:]) }
    guard depth < Self.maxDepth else { throw tooDeep(at: start) }
    var keys: [String] = []
    var values: [PlistValue] = []
    while true {
      try skipMisc()
      guard pos < text.count else { throw endError("reading <dict>") }
      if atClosingTag() {
        try readClosingTag(.dict, openedAt: start)
        return Self.uidOrDictionary(PlistDictionary(keys: keys, values: values))
      }
      let keyStart = pos
      guard text[pos] == UInt8(ascii: "<") else { throw unexpected(expected: "<key> or </dict>") }
      let keyTag = try readOpenTag()
      guard keyTag.tag == .key else {
        throw failure("<\(keyTag.tag.name)> where a <key> was expected in <dict>", at: keyStart)
      }
      let key = try content(of: keyTag, openedAt: keyStart)
      try skipMisc()
      if pos >= text.count || atClosingTag() {
        throw failure("key \"\(key)\" has no value", at: keyStart)
      }
      keys.append(key)
      values.append(try parseValue(depth: depth + 1))
    }
  }

  /// `<dict><key>CF$UID</key><integer>N</integer></dict>` is how XML spells a UID.
  static func uidOrDictionary(_ dict: PlistDictionary) -> PlistValue {
    if dict.count == 1, case .integer(let n)? = dict["CF$UID"], let uid = n.uint64Value {
      return .uid(uid)
    }
    return .dictionary(dict)
  }
}
