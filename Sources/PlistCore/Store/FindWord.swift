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
  /// ASCII whose lowercase holds ASCII letters (U+0130 İ → i̇, U+212A Kelvin sign → k).
  static func mayContain(_ needle: [UInt8], _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = needle.count
    guard text.count >= count else { return hasSpecialLowercase(text) }
    let first = needle[0]
    var i = 0
    while i <= text.count - count {
      let b = text[i]
      if b >= 0x80 {
        if isSpecialLowercase(text, at: i) { return true }
      } else if lowered(b) == first {
        var j = 1
        while j < count, lowered(text[i + j]) == needle[j] { j += 1 }
        if j == count { return true }
      }
      i += 1
    }
    return hasSpecialLowercase(UnsafeBufferPointer(rebasing: text[i...]))
  }

  @inline(__always)
  private static func lowered(_ b: UInt8) -> UInt8 { b &- 0x41 < 26 ? b | 0x20 : b }

  private static func hasSpecialLowercase(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    text.indices.contains { text[$0] >= 0x80 && isSpecialLowercase(text, at: $0) }
  }

  /// U+0130 (C4 B0) or U+212A (E2 84 AA) at `i`.
  private static func isSpecialLowercase(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    if text[i] == 0xC4 { return i + 1 < text.count && text[i + 1] == 0xB0 }
    if text[i] == 0xE2 {
      return i + 2 < text.count && text[i + 1] == 0x84 && text[i + 2] == 0xAA
    }
    return false
  }
}
