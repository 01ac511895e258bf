/// An XML domain file that is exactly what `XMLPlistWriter` writes for its dictionary, seen as
/// the byte ranges of its top-level entries, so that a write of one key can copy every other
/// entry's bytes instead of parsing and encoding them: the result is byte for byte what a
/// full read, change and write would give.
///
/// Only what can be told canonical from its bytes alone is taken: Apple's header, one
/// `<dict>`, entries whose keys are strictly increasing in key order and hold no `&`, `<` or
/// `>`, and values that are strings (no `&`, `<`, `>`; valid UTF-8), decimal integers in
/// range written without a sign or leading zero to spare, `<true/>` and `<false/>`, each on
/// its own line with one tab. Anything else (reals, dates, data, containers, another
/// layout, a file the reader would refuse, a root that spells a UID) is not taken, and the
/// caller does the full write — so nothing the full reader refuses, and no root that is not
/// a dictionary, is ever accepted here.
struct XMLCanonicalDomain {
  let bytes: UnsafeBufferPointer<UInt8>
  /// Per entry, in file order: where its line `\t<key>` starts, where its key's text lies,
  /// where its value's text lies, and where the entry ends (after the value's newline).
  private(set) var entries: [Entry] = []
  /// Where `</dict>` starts.
  private(set) var dictionaryEnd = 0

  struct Entry {
    let start: Int
    let key: Range<Int>
    let value: Range<Int>
    let kind: Kind
    let end: Int
  }

  enum Kind { case string, integer, `true`, `false` }

  private static let opening: StaticString = "<dict>\n"
  private static let closing: StaticString = "</dict>\n</plist>\n"

  /// The file's entries, or nil when it is not (provably) canonical.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    var at = XMLPlistWriter.header.utf8CodeUnitCount
    guard Self.matches(XMLPlistWriter.header, bytes, at: 0),
      Self.matches(Self.opening, bytes, at: at)
    else { return nil }
    at += Self.opening.utf8CodeUnitCount
    while !Self.matches(Self.closing, bytes, at: at) {
      guard let entry = Self.entry(bytes, at: at) else { return nil }
      if let last = entries.last, KeyOrder.compare(utf8: key(last), key(entry)) >= 0 { return nil }
      entries.append(entry)
      at = entry.end
    }
    guard at + Self.closing.utf8CodeUnitCount == bytes.count, !entries.isEmpty else { return nil }
    // `CF$UID` alone holding a number is read as a UID (`XMLUIDSpelling.reading`): a root
    // that is not a dictionary, which a write refuses. Of a canonical entry's kinds, only
    // an integer is a number.
    if entries.count == 1, entries[0].kind == .integer,
      XMLUIDSpelling.isKey(UnsafeBufferPointer(rebasing: bytes[entries[0].key]))
    {
      return nil
    }
    dictionaryEnd = at
  }

  /// The entry of a key, or where it would go: (index, found).
  func position(of key: [UInt8]) -> (index: Int, found: Bool) {
    key.withUnsafeBufferPointer { wanted in
      var low = 0
      var high = entries.count
      while low < high {
        let middle = (low + high) / 2
        if KeyOrder.compare(utf8: self.key(entries[middle]), wanted) < 0 {
          low = middle + 1
        } else {
          high = middle
        }
      }
      let found = low < entries.count && Platform.bytesEqual(self.key(entries[low]), wanted)
      return (low, found)
    }
  }

  /// The key of an entry, as the file spells it.
  private func key(_ entry: Entry) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[entry.key])
  }

  /// The value of an entry.
  func value(of entry: Entry) -> PlistValue {
    let text = UnsafeBufferPointer(rebasing: bytes[entry.value])
    switch entry.kind {
    case .string: return .string(String(decoding: text, as: UTF8.self))
    case .true: return .boolean(true)
    case .false: return .boolean(false)
    case .integer:
      let negative = text.first == UInt8(ascii: "-")
      let digits = negative ? text.dropFirst() : text[...]
      let magnitude = PlistInteger.magnitude(digits: digits, radix: 10) ?? 0
      return .integer(PlistInteger(negative: negative, magnitude: magnitude) ?? 0)
    }
  }

  /// Where one key's entry is in the file, or goes, and its value.
  struct Slot {
    /// The bytes its new entry replaces (an empty range where it is inserted).
    let replaced: Range<Int>
    let old: PlistValue?
  }

  /// The slot of a key.
  func slot(of key: String) -> Slot {
    let (index, found) = position(of: Array(key.utf8))
    if found {
      let entry = entries[index]
      return Slot(replaced: entry.start..<entry.end, old: value(of: entry))
    }
    let at = index < entries.count ? entries[index].start : dictionaryEnd
    return Slot(replaced: at..<at, old: nil)
  }

  /// A top-level entry as `XMLPlistWriter` writes it: the key line and the value.
  ///
  /// - Throws: `PlistEncodingError` for a value XML cannot hold.
  static func entry(_ key: String, _ value: PlistValue) throws(PlistEncodingError) -> [UInt8] {
    let out = ByteOutput()
    let writer = XMLPlistWriter(out: out)
    writer.writeKey(key, depth: 1)
    try writer.writeTree(value, depth: 1)
    return out.finish()
  }

  /// Writes the file with `entry` (`entry(_:_:)`) in `slot`: the old bytes around it. The
  /// store's one-key write and the checks of it (`VisitorAgreement`) both write through this.
  func write(_ entry: [UInt8], in slot: Slot, to out: ByteOutput) {
    out.append(UnsafeBufferPointer(rebasing: bytes[..<slot.replaced.lowerBound]))
    entry.withUnsafeBufferPointer { out.append($0) }
    out.append(UnsafeBufferPointer(rebasing: bytes[slot.replaced.upperBound...]))
  }

  // MARK: - Reading the layout

  private static func entry(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> Entry? {
    guard matches("\t<key>", b, at: start) else { return nil }
    let keyStart = start + 6
    guard let keyEnd = textEnd(b, from: keyStart), matches("</key>\n\t<", b, at: keyEnd) else {
      return nil
    }
    let at = keyEnd + 9
    if matches("true/>\n", b, at: at) {
      return Entry(
        start: start, key: keyStart..<keyEnd, value: at..<at, kind: .true, end: at + 7)
    }
    if matches("false/>\n", b, at: at) {
      return Entry(
        start: start, key: keyStart..<keyEnd, value: at..<at, kind: .false, end: at + 8)
    }
    if matches("string>", b, at: at) {
      let valueStart = at + 7
      guard let valueEnd = textEnd(b, from: valueStart), matches("</string>\n", b, at: valueEnd)
      else { return nil }
      return Entry(
        start: start, key: keyStart..<keyEnd, value: valueStart..<valueEnd, kind: .string,
        end: valueEnd + 10)
    }
    if matches("integer>", b, at: at) {
      let valueStart = at + 8
      var valueEnd = valueStart
      while valueEnd < b.count, b[valueEnd] != UInt8(ascii: "<") { valueEnd += 1 }
      guard isCanonicalInteger(UnsafeBufferPointer(rebasing: b[valueStart..<valueEnd])),
        matches("</integer>\n", b, at: valueEnd)
      else { return nil }
      return Entry(
        start: start, key: keyStart..<keyEnd, value: valueStart..<valueEnd, kind: .integer,
        end: valueEnd + 11)
    }
    return nil
  }

  /// Where text that the writer would write unchanged ends (at `<`): nil when it holds `&`
  /// or `>` (written escaped), or is not UTF-8.
  private static func textEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    let end = ASCII.firstMarkup(in: b, from: start)
    guard end < b.count, b[end] == UInt8(ascii: "<") else { return nil }
    let text = UnsafeBufferPointer(rebasing: b[start..<end])
    guard Platform.firstIndex(of: UInt8(ascii: ">"), in: text, from: 0) == nil else { return nil }
    guard ASCII.isASCII(text) || UTF8Text.isValid(text) else { return nil }
    return end
  }

  /// `0`, or an optional `-` and digits without a leading zero, in −2^63 … 2^64−1: what
  /// `appendDecimal` writes.
  private static func isCanonicalInteger(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let negative = text.first == UInt8(ascii: "-")
    let digits = negative ? text.dropFirst() : text[...]
    guard let first = digits.first, digits.allSatisfy(ASCII.isDigit) else { return false }
    if first == UInt8(ascii: "0") { return digits.count == 1 && !negative }
    guard let magnitude = PlistInteger.magnitude(digits: digits, radix: 10) else { return false }
    return PlistInteger(negative: negative, magnitude: magnitude) != nil
  }

  private static func matches(_ literal: StaticString, _ b: UnsafeBufferPointer<UInt8>, at i: Int)
    -> Bool
  {
    let count = literal.utf8CodeUnitCount
    guard i >= 0, i + count <= b.count else { return false }
    return Platform.bytesEqual(
      UnsafeBufferPointer(start: literal.utf8Start, count: count),
      UnsafeBufferPointer(rebasing: b[i..<(i + count)]))
  }
}
