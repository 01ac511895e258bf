/// Writes XML exactly as Foundation's `PropertyListSerialization` does: Apple's header, one tab
/// per level, keys sorted by UTF-16 code unit, reals as `%.17g` (`0.0`, `nan`, `±infinity`),
/// dates truncated to whole seconds, base64 wrapped at `76 − 8·depth` columns, and only `&`,
/// `<` and `>` escaped.
struct XMLPlistWriter {
  var out: ByteOutput

  static let header: StaticString = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

  static func write(_ value: PlistValue, to out: inout ByteOutput) throws(PlistEncodingError) {
    var writer = XMLPlistWriter(out: out)
    writer.out.append(header)
    try writer.write(value, depth: 0)
    writer.out.append("</plist>\n")
    out = writer.out
  }

  mutating func write(_ value: PlistValue, depth: Int) throws(PlistEncodingError) {
    indent(depth)
    switch value {
    case .string(let s):
      out.append("<string>")
      appendEscaped(s)
      out.append("</string>\n")
    case .integer(let i):
      out.append("<integer>")
      out.append(contentsOf: i.description.utf8)
      out.append("</integer>\n")
    case .real(let r):
      out.append("<real>")
      out.append(contentsOf: Self.realText(r))
      out.append("</real>\n")
    case .boolean(let b): out.append(b ? "<true/>\n" : "<false/>\n")
    case .date(let d):
      guard let text = DateFormatting.iso8601(d) else {
        throw PlistEncodingError(format: .xml, reason: "a date that is not finite", path: "")
      }
      out.append("<date>")
      out.append(contentsOf: text.utf8)
      out.append("</date>\n")
    case .data(let d): writeData(d, depth: depth)
    case .array(let items): try writeArray(items, depth: depth)
    case .dictionary(let dict): try writeDictionary(dict, depth: depth)
    case .uid(let uid):
      out.append("<dict>\n")
      indent(depth + 1)
      out.append("<key>CF$UID</key>\n")
      indent(depth + 1)
      out.append("<integer>")
      out.append(contentsOf: String(uid).utf8)
      out.append("</integer>\n")
      indent(depth)
      out.append("</dict>\n")
    }
    out.flushIfFull()
  }

  private mutating func writeArray(_ items: [PlistValue], depth: Int) throws(PlistEncodingError) {
    if items.isEmpty { return out.append("<array/>\n") }
    out.append("<array>\n")
    for (index, item) in items.enumerated() {
      do { try write(item, depth: depth + 1) } catch { throw error.inside(String(index)) }
    }
    indent(depth)
    out.append("</array>\n")
  }

  private mutating func writeDictionary(_ dict: [String: PlistValue], depth: Int)
    throws(PlistEncodingError)
  {
    if dict.isEmpty { return out.append("<dict/>\n") }
    out.append("<dict>\n")
    for key in KeyOrder.sortedKeys(dict) {
      indent(depth + 1)
      out.append("<key>")
      appendEscaped(key)
      out.append("</key>\n")
      // The key was just taken from the dictionary.
      guard let child = dict[key] else { continue }
      do { try write(child, depth: depth + 1) } catch { throw error.inside(key) }
    }
    indent(depth)
    out.append("</dict>\n")
  }

  private mutating func writeData(_ data: PlistData, depth: Int) {
    out.append("<data>\n")
    // CF caps the base64 lines' indentation at 8 tabs (and narrows them by 8 columns a tab),
    // while the tags themselves keep the full depth.
    let tabs = min(depth, 8)
    if !data.bytes.isEmpty {
      indent(tabs)
      Base64.encode(data.bytes, lineLength: 76 - 8 * tabs, into: &out.bytes) { bytes in
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x09, count: tabs))
      }
      out.append(0x0A)
    }
    indent(depth)
    out.append("</data>\n")
  }

  @inline(__always)
  private mutating func indent(_ depth: Int) {
    for _ in 0..<depth { out.append(0x09) }
  }

  private mutating func appendEscaped(_ s: String) {
    var s = s
    s.withUTF8 { bytes in
      var start = 0
      for (i, b) in bytes.enumerated() where b == 0x26 || b == 0x3C || b == 0x3E {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
        switch b {
        case 0x26: out.append("&amp;")
        case 0x3C: out.append("&lt;")
        default: out.append("&gt;")
        }
        start = i + 1
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
  }

  /// CoreFoundation's real formatting: `%.17g`, but `0.0` for zero and words for non-finite
  /// values.
  static func realText(_ r: Double) -> [UInt8] {
    if r == 0 { return Array("0.0".utf8) }
    if r.isNaN { return Array("nan".utf8) }
    if r.isInfinite { return Array((r < 0 ? "-infinity" : "+infinity").utf8) }
    // `%.17g` prints integral values below 1e17 as plain integers.
    if r.rounded() == r && abs(r) < 1e15 { return Array(String(Int64(r)).utf8) }
    return Platform.formatDouble(r, precision: 17)
  }
}
