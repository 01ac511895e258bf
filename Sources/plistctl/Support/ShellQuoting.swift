import PlistCore

/// POSIX shell quoting, for printing commands that can be pasted back into a shell.
enum ShellQuoting {
  /// The word as one shell argument: bare when it is made of safe characters, in single
  /// quotes otherwise (a `'` becomes `'\''`), and as `$'…'` when it holds control characters,
  /// so that the command stays on one line.
  static func quote(_ word: String) -> String {
    if !word.isEmpty && word.utf8.allSatisfy(isSafe) { return word }
    if word.unicodeScalars.contains(where: { TerminalText.isControl($0) }) { return ansiC(word) }
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

  /// `$'…'`: bash's quoting with C escapes; DEL as `\x7f`, C1 and the bidi controls as
  /// `\u0085`, `\u202e` (bash and zsh read both), so that none reaches the terminal raw.
  private static func ansiC(_ word: String) -> String {
    var out = "$'"
    for scalar in word.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case "'": out += "\\'"
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x80 && TerminalText.isControl(scalar):
        out += "\\x" + hex(scalar.value, digits: 2)
      case _ where TerminalText.isControl(scalar): out += "\\u" + hex(scalar.value, digits: 4)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "'"
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    String(
      (0..<digits).reversed().map {
        Character(Unicode.Scalar(hexDigits[Int((value >> (4 * UInt32($0))) & 15)]))
      })
  }
}
