extension WriteArguments {
  /// The `write` value arguments that set exactly `value` — the inverse of `parse`: a type flag
  /// for a scalar (`-int 5`, `-string 'x'`, `-date 2024-01-02T03:04:05.25Z`), a one-line XML
  /// fragment for anything `-float` cannot spell and for collections. `watch` prints these
  /// so that its output can be replayed.
  ///
  /// - Parameter value: The value.
  /// - Returns: Arguments for `plistctl write DOMAIN KEY …`.
  package static func spelling(of value: PlistValue) -> [String] {
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
      return [fragment(value)]
    default:
      return [fragment(value)]
    }
  }

  private static func fragment(_ value: PlistValue) -> String {
    // Only nesting deeper than any reader accepts can fail here; such a value cannot have
    // been read from a file in the first place.
    (try? XMLPlistWriter.fragment(value)) ?? "<dict/>"
  }
}
