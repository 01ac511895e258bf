/// The text of the file URL Foundation makes for a stored path in `url(forKey:)`:
/// `NSString.expandingTildeInPath` (with the password database's home directory, not
/// `$HOME`), then `URL(fileURLWithPath:)` (relative paths from the current directory, `.` and
/// `..` resolved, a trailing `/` for an existing directory), percent-encoded as a URL path is.
enum FileURL {
  static func absoluteString(forPath path: String, home: String?, currentDirectory: String?)
    -> String
  {
    var expanded = path
    if path == "~" || path.hasPrefix("~/"), let home {
      expanded = home + path.dropFirst()
    }
    while expanded.count > 1 && expanded.hasSuffix("/") { expanded.removeLast() }
    var absolute = expanded
    if !absolute.hasPrefix("/") {
      let base = currentDirectory ?? "/"
      absolute = (base.hasSuffix("/") ? base : base + "/") + absolute
    }
    absolute = removingDotSegments(absolute)
    if !absolute.hasSuffix("/")
      && Platform.kind(atPath: Platform.resolvingLinks(absolute)) == .directory
    {
      absolute += "/"
    }
    return "file://" + percentEncoded(absolute)
  }

  /// An absolute path with `.` and `..` segments resolved (RFC 3986 §5.2.4); a path that
  /// ended in one ends in `/`.
  static func removingDotSegments(_ path: String) -> String {
    var output: [Substring] = []
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    for (index, segment) in segments.enumerated() {
      let isLast = index == segments.count - 1
      switch segment {
      case ".": if isLast { output.append("") }
      case "..":
        if !output.isEmpty { output.removeLast() }
        if isLast { output.append("") }
      default: output.append(segment)
      }
    }
    return "/" + output.joined(separator: "/")
  }

  /// Percent-encodes what may not stand in a URL path (RFC 3986: all but unreserved
  /// characters, sub-delimiters, `:`, `@` and `/`).
  static func percentEncoded(_ path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      case _ where "-._~!$&'()*+,;=:@/".utf8.contains(byte):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".utf8)
        result += "%"
        result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
        result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
      }
    }
    return result
  }
}
