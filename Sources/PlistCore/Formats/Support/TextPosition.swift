/// Turns a byte offset in UTF-8 text into a 1-based line and column, when an error needs it
/// (readers track only offsets, so the success path does no line counting).
enum TextPosition {
  static func locate(_ offset: Int, in text: UnsafeBufferPointer<UInt8>) -> PlistParseError.Position
  {
    let end = min(max(offset, 0), text.count)
    var line = 1
    var column = 1
    var index = 0
    while index < end {
      let byte = text[index]
      if byte == 0x0A || (byte == 0x0D && (index + 1 >= text.count || text[index + 1] != 0x0A)) {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    return .line(line, column: column)
  }

  /// A short printable description of the character at an offset, for messages.
  static func describeCharacter(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> String {
    guard offset < text.count else { return "end of input" }
    let byte = text[offset]
    switch byte {
    case 0x0A: return "newline"
    case 0x0D: return "carriage return"
    case 0x09: return "tab"
    case 0x20: return "space"
    case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
    default:
      let hex = String(byte, radix: 16)
      return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }
  }
}
