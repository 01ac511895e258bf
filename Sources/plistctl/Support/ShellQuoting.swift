/// POSIX shell quoting, for printing commands that can be pasted back into a shell.
enum ShellQuoting {
  /// The word as one shell argument: bare when it is made of safe characters, in single
  /// quotes otherwise (a `'` becomes `'\''`), and as `$'…'` when it holds control characters,
  /// so that the command stays on one line.
  static func quote(_ word: String) -> String {
    if !word.isEmpty && word.utf8.allSatisfy(isSafe) { return word }
    if word.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return ansiC(word) }
    return "'"
      + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
      + "'"
  }

  private static let safePunctuation = Set("-_./:=@%+,".utf8)
  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func isSafe(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return true
    default: return safePunctuation.contains(byte)
    }
  }

  /// `$'…'`: bash's quoting with C escapes.
  private static func ansiC(_ word: String) -> String {
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
        out += [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
      default: out.append(byte)
      }
    }
    return String(decoding: out + "'".utf8, as: UTF8.self)
  }
}
