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
  /// What the last `<integer>` or `<real>` walked was, for the `CF$UID` rule: set by those two
  /// elements, cleared before the value of a `CF$UID` key and when a container closes, so that
  /// after such a value it says what the value itself was.
  var uidCandidate = UIDCandidate.none

  /// The value of a `CF$UID` key, as far as the UID spelling cares.
  enum UIDCandidate {
    /// Neither an integer nor a real.
    case none
    /// An integer: a UID when it is not negative.
    case integer(PlistInteger)
    /// A real, which CF would read as a UID it is not.
    case real
  }

  init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

  /// Parses a whole document.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistValue {
    try TextDecoder.withUTF8(bytes, format: .xml) { (text) throws(PlistParseError) in
      var reader = XMLPlistReader(text: text)
      var tree = XMLTreeVisitor()
      return try reader.walkDocument(&tree)
    }
  }
}
