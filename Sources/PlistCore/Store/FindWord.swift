/// The word `find` looks for, matched as `text.lowercased().contains(word.lowercased())`
/// would match it — the standard library's answer, by Characters — but answered from the
/// bytes when they cannot hold the word: the generic search made a searcher for every key and
/// string of every domain, and cost ten times the parsing.
struct FindWord {
  /// The lowercased word.
  let needle: String
  /// Its bytes, when it is ASCII (and not empty): only then do the bytes decide a miss.
  private let asciiBytes: [UInt8]?

  init(_ word: String) {
    needle = word.lowercased()
    let bytes = Array(needle.utf8)
    asciiBytes = !bytes.isEmpty && bytes.allSatisfy { $0 < 0x80 } ? bytes : nil
  }

  /// Whether the lowercased text contains the word.
  func isFound(in text: String) -> Bool {
    guard let asciiBytes else { return Self.standardAnswer(needle, in: text) }
    var text = text
    let mayMatch = text.withUTF8 { Self.mayContain(asciiBytes, $0) }
    // A byte match is confirmed by the standard library, which matches whole Characters
    // (the bytes of "a\r" are in "a\r\n", the Characters are not).
    return mayMatch && Self.standardAnswer(needle, in: text)
  }

  /// The rule: the standard library's `contains` (this module imports no Foundation, whose
  /// `contains` answers differently, for an empty word for one).
  static func standardAnswer(_ needle: String, in text: String) -> Bool {
    text.lowercased().contains(needle)
  }

  /// Whether a value's strings (dictionary keys included, at any depth) contain the word.
  func isFound(in value: PlistValue) -> Bool {
    switch value {
    case .string(let s): return isFound(in: s)
    case .array(let items): return items.contains { isFound(in: $0) }
    case .dictionary(let dict):
      return dict.contains { isFound(in: $0.key) || isFound(in: $0.value) }
    default: return false
    }
  }

  /// False only when the lowercased text cannot contain the lowercase ASCII `needle`: no
  /// ASCII-case-insensitive occurrence in the bytes, and none of the two characters outside
  /// ASCII whose lowercase holds ASCII letters (U+0130 İ → i̇, U+212A Kelvin sign → k). The
  /// bytes are searched with `memchr` for the word's first letter in either case and for
  /// the lead bytes of those two characters: a whole file at a time for `find`.
  static func mayContain(_ needle: [UInt8], _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    if occurs(0xC4, in: text, where: { isSpecialLowercase(text, at: $0) }) { return true }
    if occurs(0xE2, in: text, where: { isSpecialLowercase(text, at: $0) }) { return true }
    let count = needle.count
    guard text.count >= count else { return false }
    let matchesAt = { (i: Int) -> Bool in
      guard i + count <= text.count else { return false }
      var j = 1
      while j < count, lowered(text[i + j]) == needle[j] { j += 1 }
      return j == count
    }
    let first = needle[0]
    if occurs(first, in: text, where: matchesAt) { return true }
    let upper = first &- 0x61 < 26 ? first & ~0x20 : first
    return upper != first && occurs(upper, in: text, where: matchesAt)
  }

  /// Whether `byte` occurs somewhere `check` accepts.
  private static func occurs(
    _ byte: UInt8, in text: UnsafeBufferPointer<UInt8>, where check: (Int) -> Bool
  ) -> Bool {
    var from = 0
    while let i = Platform.firstIndex(of: byte, in: text, from: from) {
      if check(i) { return true }
      from = i + 1
    }
    return false
  }

  @inline(__always)
  private static func lowered(_ b: UInt8) -> UInt8 { b &- 0x41 < 26 ? b | 0x20 : b }

  /// U+0130 (C4 B0) or U+212A (E2 84 AA) at `i`.
  private static func isSpecialLowercase(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    if text[i] == 0xC4 { return i + 1 < text.count && text[i + 1] == 0xB0 }
    if text[i] == 0xE2 {
      return i + 2 < text.count && text[i + 1] == 0x84 && text[i + 2] == 0xAA
    }
    return false
  }

  /// Whether a file's bytes show that no key or string in it can contain the word: a binary
  /// file without the word in its ASCII strings or in its UTF-16 ones; XML in an 8-bit
  /// encoding (UTF-8 or Latin-1, whose ASCII bytes are ASCII characters) with no character
  /// reference (`&#…;` could spell a letter) and without the word. Anything else (UTF-16
  /// text; a word the five named entities could spell) is read.
  func cannotBeIn(file bytes: UnsafeBufferPointer<UInt8>, format: PlistFormat) -> Bool {
    guard let asciiBytes, bytes.count >= 2 else { return false }
    if format == .binary {
      return !Self.mayContain(asciiBytes, bytes) && !Self.mayContainUTF16(asciiBytes, bytes)
    }
    guard bytes[0] != 0, bytes[1] != 0,
      !asciiBytes.contains(where: { Self.entityCharacters.contains($0) })
    else { return false }
    // Byte-order marks of UTF-16 and UTF-32; a UTF-8 one is fine.
    if (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
      return false
    }
    guard format == .xml,
      !Self.occurs(
        UInt8(ascii: "&"), in: bytes, where: { $0 + 1 < bytes.count && bytes[$0 + 1] == 0x23 })
    else { return false }
    return !Self.mayContain(asciiBytes, bytes)
  }

  /// `mayContain` for big-endian UTF-16 text anywhere in the bytes (a binary plist's
  /// strings): the word's letters each after a zero byte, or U+0130 (01 30) or U+212A
  /// (21 2A).
  static func mayContainUTF16(_ needle: [UInt8], _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let after = { (lead: UInt8) in { (i: Int) -> Bool in i > 0 && text[i - 1] == lead } }
    if occurs(0x30, in: text, where: after(0x01)) || occurs(0x2A, in: text, where: after(0x21)) {
      return true
    }
    let count = needle.count
    let matchesAt = { (i: Int) -> Bool in
      guard i > 0, text[i - 1] == 0, i + 2 * (count - 1) < text.count else { return false }
      var j = 1
      while j < count, text[i + 2 * j - 1] == 0, lowered(text[i + 2 * j]) == needle[j] { j += 1 }
      return j == count
    }
    let first = needle[0]
    if occurs(first, in: text, where: matchesAt) { return true }
    let upper = first &- 0x61 < 26 ? first & ~0x20 : first
    return upper != first && occurs(upper, in: text, where: matchesAt)
  }

  /// What the five named XML entities stand for.
  private static let entityCharacters: [UInt8] = Array("<>&'\"".utf8)
}
