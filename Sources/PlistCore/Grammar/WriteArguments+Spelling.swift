extension WriteArguments {
  /// The `write` value arguments that set exactly `value` — the inverse of `parse`: a type flag
  /// for a scalar (`-int 5`, `-string 'x'`, `-date 2024-01-02T03:04:05.25Z`), a one-line XML
  /// fragment for anything `-float` cannot spell and for collections. `watch` prints these
  /// so that its output can be replayed.
  ///
  /// - Parameter value: The value.
  /// - Returns: Arguments for `plistctl write DOMAIN KEY …`.
  /// - Throws: `PlistEncodingError` for a value nested deeper than a property list may be
  ///   (one built in code: every reader refuses such a file), which no argument can spell.
  package static func spelling(of value: PlistValue) throws(PlistEncodingError) -> [String] {
    switch value {
    case .string(let s): return ["-string", s]
    case .integer(let i): return ["-int", i.description]
    case .boolean(let b): return ["-bool", b ? "true" : "false"]
    case .data(let d):
      return [
        "-data",
        String(
          decoding: d.bytes.flatMap {
            [ASCII.lowercaseHex[Int($0 >> 4)], ASCII.lowercaseHex[Int($0 & 15)]]
          }, as: UTF8.self),
      ]
    case .real(let r) where r.isFinite:
      return ["-float", r.description]
    case .date(let d):
      if let text = DateFormatting.iso8601WithFraction(d) { return ["-date", text] }
      return [try XMLPlistWriter.fragment(value)]
    default:
      return [try XMLPlistWriter.fragment(value)]
    }
  }
}
