/// PlistBuddy's `Print` layout: a scalar as it is (a string raw, a real with six decimals, a
/// date in local time as `Mon Jan 01 00:00:00 UTC 2024`, data as its bytes); a container as
/// `Dict {` or `Array {`, one child a line four spaces in (`key = value`), `}` at the
/// parent's indent. Bytes, not text: data prints raw, and a string may hold anything.
package enum BuddyPrint {
  /// The value's lines, with the newline after the last.
  package static func text(_ value: PlistValue) -> [UInt8] {
    var out: [UInt8] = []
    append(value, depth: 0, to: &out)
    out.append(UInt8(ascii: "\n"))
    return out
  }

  private static func append(_ value: PlistValue, depth: Int, to out: inout [UInt8]) {
    switch value {
    case .dictionary(let dictionary):
      out += Array("Dict {\n".utf8)
      for (key, child) in zip(dictionary.keys, dictionary.values) {
        indent(depth + 1, &out)
        out += Array(key.utf8) + Array(" = ".utf8)
        append(child, depth: depth + 1, to: &out)
        out.append(UInt8(ascii: "\n"))
      }
      indent(depth, &out)
      out.append(UInt8(ascii: "}"))
    case .array(let items):
      out += Array("Array {\n".utf8)
      for item in items {
        indent(depth + 1, &out)
        append(item, depth: depth + 1, to: &out)
        out.append(UInt8(ascii: "\n"))
      }
      indent(depth, &out)
      out.append(UInt8(ascii: "}"))
    case .data(let data): out += data.bytes
    default: out += Array(scalar(value).utf8)
    }
  }

  private static func indent(_ depth: Int, _ out: inout [UInt8]) {
    out += repeatElement(UInt8(ascii: " "), count: 4 * depth)
  }

  /// A scalar's text (data as its bytes read as UTF-8).
  static func scalar(_ value: PlistValue) -> String {
    switch value {
    case .string(let text): return text
    case .integer(let integer): return integer.description
    case .uid(let uid): return String(uid)
    case .real(let real): return Platform.fixedPoint(real, decimals: 6)
    case .boolean(let flag): return flag ? "true" : "false"
    case .date(let date): return localDate(date)
    case .data(let data): return String(decoding: data.bytes, as: UTF8.self)
    case .array, .dictionary: return ""
    }
  }

  /// The strftime form PlistBuddy prints dates in, `%a %b %d %H:%M:%S %Z %Y`, in the local
  /// zone (`TZ`).
  static let dateFormat = "%a %b %d %H:%M:%S %Z %Y"

  /// A date in `dateFormat`, in local time (whole seconds, rounded down).
  static func localDate(_ date: PlistDate) -> String {
    let unix = date.secondsSinceReferenceDate + PlistDate.unixOffset
    guard unix.isFinite, abs(unix) < 6e16,
      let text = Platform.localTime(Int64(unix.rounded(.down)), format: dateFormat)
    else { return DateFormatting.description(date) }
    return text
  }
}
