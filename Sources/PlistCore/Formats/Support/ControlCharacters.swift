/// The characters no text from outside may send to a terminal raw, however it is printed:
/// the C0 controls, DEL, the C1 controls (U+0080–U+009F, which some terminals obey as
/// escape sequences: U+009B is CSI) and the bidirectional embeddings, overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069, which reorder the text around them). `TerminalText` and
/// the text writers (OpenStep, JSON, the `defaults read` layout) escape exactly these.
enum ControlCharacters {
  /// Whether a scalar is one of them.
  static func isEscaped(_ value: UInt32) -> Bool {
    switch value {
    case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// The scalar one of them starts at `index` in UTF-8 text, with its length in bytes, for
  /// those above ASCII's C0 (DEL, C1, the bidi controls); nil for anything else. Writers
  /// look only at bytes from 0x7F up, so plain ASCII costs a comparison.
  static func escapedScalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int)
    -> (value: UInt32, length: Int)?
  {
    let lead = bytes[index]
    if lead == 0x7F { return (0x7F, 1) }
    // C1: C2 80–C2 9F.
    if lead == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
      return (UInt32(bytes[index + 1]), 2)
    }
    // U+202A–U+202E: E2 80 AA–AE; U+2066–U+2069: E2 81 A6–A9.
    guard lead == 0xE2, index + 2 < bytes.count else { return nil }
    let (second, third) = (bytes[index + 1], bytes[index + 2])
    if second == 0x80, (0xAA...0xAE).contains(third) { return (0x2000 + UInt32(third - 0x80), 3) }
    if second == 0x81, (0xA6...0xA9).contains(third) { return (0x2040 + UInt32(third - 0x80), 3) }
    return nil
  }

  /// Writes UTF-8 text inside a quoted string of a text format: a byte `named` has an
  /// escape for (`\"`, `\n`…) as that escape, every other character of this set as
  /// `prefix` and four hex digits (`\U001b`, `\u202e`), everything else as it is.
  ///
  /// - Parameters:
  ///   - bytes: The text.
  ///   - out: Where to write.
  ///   - prefix: The format's numeric escape (`\U` for OpenStep, `\u` for JSON).
  ///   - named: The format's own escape for an ASCII byte, if it has one.
  @inline(__always)
  static func appendEscaped(
    _ bytes: UnsafeBufferPointer<UInt8>, to out: ByteOutput, prefix: StaticString,
    named: (UInt8) -> StaticString?
  ) {
    var index = 0
    while index < bytes.count {
      let b = bytes[index]
      if let name = named(b) {
        out.append(name)
      } else if b < 0x20 {
        out.append(prefix)
        appendHex4(UInt32(b), to: out)
      } else if b >= 0x7F, let control = escapedScalar(in: bytes, at: index) {
        out.append(prefix)
        appendHex4(control.value, to: out)
        index += control.length
        continue
      } else {
        out.append(b)
      }
      index += 1
    }
  }

  /// The backslash escapes OpenStep and JSON share: `\"`, `\\`, `\n`, `\t` and `\r`.
  @inline(__always)
  static func backslashEscape(_ b: UInt8) -> StaticString? {
    switch b {
    case UInt8(ascii: "\""): return "\\\""
    case UInt8(ascii: "\\"): return "\\\\"
    case 0x0A: return "\\n"
    case 0x09: return "\\t"
    case 0x0D: return "\\r"
    default: return nil
    }
  }

  /// Four lowercase hex digits of a value below 0x10000, for `\U` and `\u` escapes.
  private static func appendHex4(_ value: UInt32, to out: ByteOutput) {
    for shift in [12, 8, 4, 0] {
      out.append(ASCII.lowercaseHex[Int((value >> UInt32(shift)) & 0x0F)])
    }
  }
}
