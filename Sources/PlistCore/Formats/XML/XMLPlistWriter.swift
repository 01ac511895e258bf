/// Writes XML exactly as Foundation's `PropertyListSerialization` does: Apple's header, one tab
/// per level, keys sorted by UTF-16 code unit, reals as `%.17g` (`0.0`, `nan`, `±infinity`),
/// dates truncated to whole seconds, base64 wrapped at `76 − 8·depth` columns, and only `&`,
/// `<` and `>` escaped.
struct XMLPlistWriter {
  let out: ByteOutput
  /// Escape control characters as `&#N;` (for one-line fragments, where the only raw newlines
  /// and tabs are the layout's, so that removing them leaves the value intact).
  var escapeControls = false

  static let header: StaticString = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

  static func write(_ value: PlistValue, to out: ByteOutput) throws(PlistEncodingError) {
    let writer = XMLPlistWriter(out: out)
    out.append(header)
    try writer.writeTree(value, depth: 0)
    out.append("</plist>\n")
  }

  /// The value as a one-line XML element (no header), such as
  /// `<dict><key>a</key><integer>1</integer></dict>`: what `defaults write` accepts as a
  /// typed value literal.
  static func fragment(_ value: PlistValue) throws(PlistEncodingError) -> String {
    let out = ByteOutput()
    try XMLPlistWriter(out: out, escapeControls: true).writeTree(value, depth: 0)
    // Every raw newline and tab left is layout: control characters in text were escaped.
    let compact = out.finish().filter { $0 != 0x0A && $0 != 0x09 }
    return String(decoding: compact, as: UTF8.self)
  }

  /// A scalar, on a line of its own; arrays and dictionaries (and a UID, which XML spells as
  /// a dictionary) are `writeTree`'s.
  func writeScalar(_ value: PlistValue, depth: Int) throws(PlistEncodingError) {
    switch value {
    case .array, .dictionary: return try writeTree(value, depth: depth)
    case .uid(let uid):
      return try writeTree([XMLUIDSpelling.key: .integer(PlistInteger(uid))], depth: depth)
    default: indent(depth)
    }
    switch value {
    case .string(let s):
      out.append("<string>")
      var s = s
      s.withUTF8 { appendEscaped($0) }
      out.append("</string>\n")
    case .integer(let i):
      out.append("<integer>")
      out.appendDecimal(magnitude: i.magnitude, negative: i.isNegative)
      out.append("</integer>\n")
    case .real(let r):
      out.append("<real>")
      Self.appendReal(r, to: out)
      out.append("</real>\n")
    case .boolean(let b): out.append(b ? "<true/>\n" : "<false/>\n")
    case .date(let d):
      guard d.components != nil else {
        throw PlistEncodingError(format: .xml, reason: "a date that is not finite", path: "")
      }
      out.append("<date>")
      DateFormatting.appendISO8601(d, to: out)
      out.append("</date>\n")
    case .data(let d): writeData(d, depth: depth)
    case .array, .dictionary, .uid: break
    }
    out.flushIfFull()
  }

  // MARK: - Pieces, shared with the streaming binary converter

  /// Starts a container whose line has been indented: `<array/>` or `<dict/>` when empty.
  func open(_ tag: XMLTag, empty: Bool) {
    out.append(UInt8(ascii: "<"))
    tag.staticName.withUTF8Buffer { out.append($0) }
    out.append(empty ? "/>\n" : ">\n")
  }

  /// Ends a container: `</array>` on its own line.
  func close(_ tag: XMLTag, depth: Int) {
    indent(depth)
    out.append("</")
    tag.staticName.withUTF8Buffer { out.append($0) }
    out.append(">\n")
  }

  /// A `<key>` line.
  func writeKey(_ key: String, depth: Int) {
    var key = key
    key.withUTF8 { writeKey(utf8: $0, depth: depth) }
  }

  /// A `<key>` line, the key given as UTF-8.
  func writeKey(utf8 key: UnsafeBufferPointer<UInt8>, depth: Int) {
    indent(depth)
    out.append("<key>")
    appendEscaped(key)
    out.append("</key>\n")
  }

  /// A `<string>` line, the string given as UTF-8.
  func writeString(utf8 string: UnsafeBufferPointer<UInt8>, depth: Int) {
    indent(depth)
    out.append("<string>")
    appendEscaped(string)
    out.append("</string>\n")
    out.flushIfFull()
  }

  func writeData(_ data: PlistData, depth: Int) {
    data.bytes.withUnsafeBufferPointer { appendData($0, depth: depth) }
  }

  /// `<data>` with its base64 lines; the line was indented.
  func appendData(_ bytes: UnsafeBufferPointer<UInt8>, depth: Int) {
    out.append("<data>\n")
    // CF caps the base64 lines' indentation at 8 tabs (and narrows them by 8 columns a tab),
    // while the tags themselves keep the full depth.
    let tabs = min(depth, 8)
    if !bytes.isEmpty {
      indent(tabs)
      Base64.encode(bytes, lineLength: 76 - 8 * tabs, into: out) { out in
        out.append(0x0A)
        out.append(repeating: 0x09, count: tabs)
      }
      out.append(0x0A)
    }
    indent(depth)
    out.append("</data>\n")
  }

  @inline(__always)
  func indent(_ depth: Int) {
    out.append(repeating: 0x09, count: depth)
  }

  /// The text with `&`, `<` and `>` (and control characters, when asked) escaped: the runs
  /// between them copied whole.
  func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    let escapes = TextEscapes(controls: escapeControls)
    var start = 0
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      // Everything from `@` up (letters, non-ASCII) is copied as it is.
      guard b < 64, escapes.below64 & (1 &<< UInt64(b)) != 0 else {
        i += 1
        continue
      }
      out.append(UnsafeBufferPointer(rebasing: bytes[start..<i]))
      _ = out.append(atMost: TextEscapes.longest) {
        $0.baseAddress.map { escapes.write(b, into: $0) } ?? 0
      }
      i += 1
      start = i
    }
    out.append(UnsafeBufferPointer(rebasing: bytes[start...]))
  }

  /// What XML text escapes: `&`, `<` and `>` always, control characters when asked.
  struct TextEscapes: ASCIIEscapes {
    let below64: UInt64
    let controls: Bool

    init(controls: Bool) {
      self.controls = controls
      below64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E | (controls ? 0xFFFF_FFFF : 0)
    }

    @inline(__always)
    func escapesAny(ofFour characters: UInt64) -> Bool {
      let lanes: UInt64 = 0x0001_0001_0001_0001
      let ampersand = UTF16BigEndian.zeroLanes(characters ^ 0x26 &* lanes)
      // `<` and `>` are the characters that are `>` with bit 1 set.
      let angle = UTF16BigEndian.zeroLanes((characters | 0x02 &* lanes) ^ 0x3E &* lanes)
      // A lane below 0x20 borrows into bit 15 when 0x20 is taken from it.
      let control = controls ? (characters &- 0x20 &* lanes) & 0x8000_8000_8000_8000 : 0
      return ampersand | angle | control != 0
    }

    /// `&#31;` is the longest.
    static var longest: Int { 5 }

    @inline(__always)
    func write(_ character: UInt8, into out: UnsafeMutablePointer<UInt8>) -> Int {
      let text: StaticString
      switch character {
      case 0x26: text = "&amp;"
      case 0x3C: text = "&lt;"
      case 0x3E: text = "&gt;"
      default:
        // A control character, below 32: one or two digits.
        out[0] = UInt8(ascii: "&")
        out[1] = UInt8(ascii: "#")
        var o = 2
        if character >= 10 {
          out[o] = UInt8(ascii: "0") + character / 10
          o += 1
        }
        out[o] = UInt8(ascii: "0") + character % 10
        out[o + 1] = UInt8(ascii: ";")
        return o + 2
      }
      out.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
      return text.utf8CodeUnitCount
    }
  }

  /// CoreFoundation's real formatting: `%.17g`, but `0.0` for zero and words for non-finite
  /// values.
  static func appendReal(_ r: Double, to out: ByteOutput) {
    if r == 0 { return out.append("0.0") }
    if r.isNaN { return out.append("nan") }
    if r.isInfinite { return out.append(r < 0 ? "-infinity" : "+infinity") }
    // `%.17g` prints integral values below 1e17 as plain integers.
    if r.rounded() == r && abs(r) < 1e15 {
      return out.appendDecimal(Int64(r))
    }
    RealFormatting.append(r, precision: 17, to: out)
  }
}
