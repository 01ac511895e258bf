extension DefaultsValue {
  /// The `write` value arguments that set exactly `value` — the inverse of `parse`: a type flag
  /// for a scalar (`-int 5`, `-string 'x'`, `-date 2024-01-02T03:04:05.25Z`), a one-line XML
  /// fragment for anything `-float` cannot spell and for collections. `watch` prints these
  /// so that its output can be replayed.
  ///
  /// - Parameter value: The value.
  /// - Returns: Arguments for `plistctl write DOMAIN KEY …`.
  public static func arguments(for value: PlistValue) -> [String] {
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

/// POSIX shell quoting, for printing commands that can be pasted back into a shell.
public enum ShellQuoting {
  /// The word as one shell argument: bare when it is made of safe characters, in single
  /// quotes otherwise (a `'` becomes `'\''`), and as `$'…'` when it holds control characters,
  /// so that the command stays on one line.
  ///
  /// - Parameter word: The argument.
  /// - Returns: The quoted form.
  public static func quote(_ word: String) -> String {
    let safe =
      !word.isEmpty
      && word.utf8.allSatisfy {
        ASCII.isDigit($0) || ASCII.isLetter($0) || "-_./:=@%+,".utf8.contains($0)
      }
    if safe { return word }
    if word.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
      var out = Array("$'".utf8)
      for byte in word.utf8 {
        switch byte {
        case 0x0A: out += "\\n".utf8
        case 0x09: out += "\\t".utf8
        case 0x0D: out += "\\r".utf8
        case UInt8(ascii: "'"): out += "\\'".utf8
        case UInt8(ascii: "\\"): out += "\\\\".utf8
        case 0..<0x20, 0x7F:
          out += "\\x".utf8
          out.append(ASCII.lowercaseHex[Int(byte >> 4)])
          out.append(ASCII.lowercaseHex[Int(byte & 15)])
        default: out.append(byte)
        }
      }
      return String(decoding: out + "'".utf8, as: UTF8.self)
    }
    return "'"
      + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
      + "'"
  }
}
