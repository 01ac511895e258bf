/// Reads Apple's XML property lists: a hand-written scanner over UTF-8, like CoreFoundation's,
/// that skips the prolog (declaration, comments, processing instructions, a DOCTYPE without
/// an internal subset) and accepts exactly the plist DTD's elements.
///
/// It accepts nothing that CoreFoundation refuses or reads differently (a file one program
/// checks and another obeys must mean the same to both); where CF is lenient in ways that
/// XML parsers are not, it refuses. docs/formats.md lists each such case.
///
/// Only the five named entities and numeric character references are known, so entity
/// expansion attacks and external entities simply fail. Nesting is limited as `PropertyList.maximumDepth` says.
struct XMLPlistReader: TextReader {
  static var format: PlistFormat { .xml }

  let text: UnsafeBufferPointer<UInt8>
  var pos = 0
  /// Reused for strings that need unescaping.
  var scratch: [UInt8] = []
  /// Values and keys of the open arrays and dictionaries; made on the first container, as a
  /// one-key look-up of a scalar needs neither (each generic class costs the runtime 7 k
  /// instructions to set up on first use).
  lazy var children = PendingChildren<PlistValue>()
  /// The keys of the open dictionaries, made as `children` is.
  lazy var pendingKeys = PendingChildren<String>()
  var keyLists = KeyListCache()

  init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

  /// Parses a whole document.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistValue {
    try TextDecoder.withUTF8(bytes, format: .xml) { (text) throws(PlistParseError) in
      var reader = XMLPlistReader(text: text)
      return try reader.parseDocument()
    }
  }

  mutating func parseDocument() throws(PlistParseError) -> PlistValue {
    try parseDocument(
      value: { (reader) throws(PlistParseError) in try reader.parseValue(depth: 0) },
      element: { (reader, open, start) throws(PlistParseError) in
        try reader.parseElement(open, depth: 0, openedAt: start)
      })
  }

  /// The document around the root value, which `value` reads after `<plist>` and `element`
  /// reads when it is the root element itself (its open tag read): what the value becomes
  /// is theirs to say.
  mutating func parseDocument<Value>(
    value: (inout Self) throws(PlistParseError) -> Value,
    element: (inout Self, OpenTag, Int) throws(PlistParseError) -> Value
  ) throws(PlistParseError) -> Value {
    guard !text.isEmpty else {
      throw PlistParseError(format: .xml, kind: .empty, position: .wholeInput)
    }
    try skipProlog()
    guard pos < text.count else { throw endError("looking for the root element") }
    let start = pos
    let open = try readOpenTag()
    let root: Value
    if open.tag == .plist {
      if open.selfClosing { throw failure("<plist> holds no value", at: start) }
      try skipMisc()
      if atClosingTag() { throw failure("<plist> holds no value", at: pos) }
      root = try value(&self)
      try skipMisc()
      try readClosingTag(.plist, openedAt: start)
    } else {
      root = try element(&self, open, start)
    }
    try skipMisc()
    if pos < text.count {
      throw unexpected(expected: "nothing after the root element")
    }
    return root
  }

  // MARK: - Elements

  mutating func parseValue(depth: Int) throws(PlistParseError) -> PlistValue {
    let start = try startOfValue()
    return try parseElement(try readOpenTag(), depth: depth, openedAt: start)
  }

  /// Where the next value's element starts, past white space and comments: what every way
  /// of reading a value (the tree, the compact storage, a look-up) checks first, in one place.
  @inline(__always)
  mutating func startOfValue() throws(PlistParseError) -> Int {
    try skipMisc()
    guard pos < text.count else { throw endError("looking for a value") }
    if atClosingTag() || text[pos] != UInt8(ascii: "<") {
      throw unexpected(expected: "a value element")
    }
    return pos
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
    // The content is read first, in a statement of its own: as an argument of the parse
    // call it would make Swift copy the reader for that call.
    case .integer:
      let content = try rawContent(of: open, openedAt: start)
      return .integer(try parseInteger(content))
    case .real:
      let content = try rawContent(of: open, openedAt: start)
      return .real(try parseReal(content))
    case .date:
      let content = try rawContent(of: open, openedAt: start)
      return .date(try parseDate(content))
    case .data: return .data(try parseData(open, openedAt: start))
    case .plist: throw failure("<plist> inside another element", at: start)
    }
  }

  mutating func parseArray(_ open: OpenTag, depth: Int, openedAt start: Int)
    throws(PlistParseError) -> PlistValue
  {
    try enterContainer(inside: depth, at: start)
    if open.selfClosing { return .array([]) }
    let base = children.count
    while true {
      try skipMisc()
      guard pos < text.count else { throw endError("reading <array>") }
      if atClosingTag() {
        try readClosingTag(.array, openedAt: start)
        return .array(children.removeArray(from: base))
      }
      children.append(try parseValue(depth: depth + 1))
    }
  }

  mutating func parseDict(_ open: OpenTag, depth: Int, openedAt start: Int)
    throws(PlistParseError) -> PlistValue
  {
    try enterContainer(inside: depth, at: start)
    if open.selfClosing { return .dictionary([:]) }
    let valueBase = children.count
    let keyBase = pendingKeys.count
    // A remembered key list that every key so far has matched; while there is one, the keys
    // are not collected (nor, mostly, even made into strings).
    var shared: [String]? = nil
    var count = 0
    while true {
      try skipMisc()
      guard pos < text.count else { throw endError("reading <dict>") }
      if atClosingTag() {
        try readClosingTag(.dict, openedAt: start)
        let values = children.removeArray(from: valueBase)
        if let shared, shared.count == count {
          return .dictionary(PlistDictionary(orderedKeys: shared, values: values))
        }
        let keys = shared.map { Array($0[..<count]) } ?? pendingKeys.removeArray(from: keyBase)
        let dictionary = makeDictionary(keys: keys, values: values)
        if dictionary.count == 1, let value = dictionary[XMLUIDSpelling.key],
          XMLUIDSpelling.isMisreadByCF(value)
        {
          throw failure(
            "a CF$UID dictionary holding \(XMLUIDSpelling.described(value)), which CF reads "
              + "as a UID", at: start)
        }
        return Self.uidOrDictionary(dictionary)
      }
      let keyStart = pos
      let key: String
      if let list = shared, count < list.count, skipKey(equalTo: list[count]) {
        key = list[count]
      } else {
        key = try readKey()
        if count == 0 {
          shared = keyLists.list(startingWith: key)
        } else if let list = shared, count >= list.count || !list[count].hasSameUTF8(as: key) {
          for earlier in list[..<count] { pendingKeys.append(earlier) }
          shared = nil
        }
        if shared == nil { pendingKeys.append(key) }
      }
      try skipMisc()
      if pos >= text.count || atClosingTag() {
        throw failure("key \"\(key)\" has no value", at: keyStart)
      }
      children.append(try parseValue(depth: depth + 1))
      count += 1
    }
  }

  /// A dictionary from the keys as read; key lists already in order are remembered for the
  /// dictionaries that follow.
  private mutating func makeDictionary(keys: [String], values: [PlistValue]) -> PlistDictionary {
    guard KeyOrder.isStrictlyIncreasing(keys) else {
      return PlistDictionary(keys: keys, values: values)
    }
    if keys.allSatisfy(Self.isPlainText) { keyLists.remember(keys) }
    return PlistDictionary(orderedKeys: keys, values: values)
  }

  /// Whether a string reads back from its own bytes in element content (no `<` or `&`), which
  /// `skipKey(equalTo:)` relies on.
  private static func isPlainText(_ string: String) -> Bool {
    !string.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }
  }

  /// `<key>…</key>` at `pos`.
  private mutating func readKey() throws(PlistParseError) -> String {
    let keyStart = pos
    guard text[pos] == UInt8(ascii: "<") else { throw unexpected(expected: "<key> or </dict>") }
    let keyTag = try readOpenTag()
    guard keyTag.tag == .key else {
      throw failure("<\(keyTag.tag.name)> where a <key> was expected in <dict>", at: keyStart)
    }
    return try content(of: keyTag, openedAt: keyStart)
  }

  /// Skips `<key>expected</key>` when that is exactly what is at `pos`; `expected` holds no
  /// `<` or `&`, so equal bytes mean an equal key.
  private mutating func skipKey(equalTo expected: String) -> Bool {
    var expected = expected
    return expected.withUTF8 { key in
      let closeStart = pos + 5 + key.count
      guard closeStart + 6 <= text.count, starts(with: "<key>", at: pos),
        Platform.bytesEqual(key, UnsafeBufferPointer(rebasing: text[(pos + 5)..<closeStart])),
        starts(with: "</key>", at: closeStart)
      else { return false }
      pos = closeStart + 6
      return true
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
