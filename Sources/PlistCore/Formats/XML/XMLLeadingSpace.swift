/// The white space CoreFoundation skips at the start of `<integer>` and `<real>` content. It
/// skips none at the end, and none around a `<date>`: CF refuses `<real>1.5 </real>` and
/// `<date> 2001-01-01T00:00:00Z</date>`, so PlistCore does too.
///
/// The two sets differ because CF reads integers byte by byte from the UTF-8 and reals from
/// the decoded string (`__CFIsWhitespace`); these are the characters each set amounts to in
/// valid UTF-8.
enum XMLLeadingSpace {
  typealias Text = Slice<UnsafeBufferPointer<UInt8>>

  /// `text` without the white space CF skips before an integer (and after its sign):
  /// U+0000–U+0020, U+007F, U+2000–U+200B, U+205F and U+3000.
  static func droppedBeforeInteger(_ text: Text) -> Text {
    dropped(text) { b0, b1, b2 in
      switch (b0, b1, b2) {
      case (0x00...0x20, _, _), (0x7F, _, _): return 1
      case (0xE2, 0x80, 0x80...0x8B), (0xE2, 0x81, 0x9F), (0xE3, 0x80, 0x80): return 3
      default: return 0
      }
    }
  }

  /// `text` without the white space CF skips before a real: U+0000–U+0020, U+007F–U+00A0,
  /// U+2000–U+200B and U+3000.
  static func droppedBeforeReal(_ text: Text) -> Text {
    dropped(text) { b0, b1, b2 in
      switch (b0, b1, b2) {
      case (0x00...0x20, _, _), (0x7F, _, _): return 1
      case (0xC2, 0x80...0xA0, _): return 2
      case (0xE2, 0x80, 0x80...0x8B), (0xE3, 0x80, 0x80): return 3
      default: return 0
      }
    }
  }

  /// Drops characters from the front while `length` (given the next three bytes, 0 past the
  /// end) says how many bytes one of them takes; 0 stops.
  private static func dropped(_ text: Text, length: (UInt8, UInt8, UInt8) -> Int) -> Text {
    var i = text.startIndex
    while i < text.endIndex {
      let b1 = i + 1 < text.endIndex ? text[i + 1] : 0
      let b2 = i + 2 < text.endIndex ? text[i + 2] : 0
      let n = length(text[i], b1, b2)
      if n == 0 { break }
      i += n
    }
    return text[i...]
  }
}
