/// Standard base64 (RFC 4648 alphabet, `=` padding), as XML `<data>` and JSON output use it.
enum Base64 {
  private static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The value of every byte: 0…63 for the alphabet, 64 for `=`, 0xFF otherwise.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
    table[Int(UInt8(ascii: "="))] = 64
    return table
  }()

  /// Appends the encoding of `bytes` to `out`, calling `lineBreak` after every `lineLength`
  /// characters of output (pass `Int.max` for one line).
  static func encode(
    _ bytes: [UInt8], lineLength: Int, into out: ByteOutput,
    lineBreak: (ByteOutput) -> Void = { _ in }
  ) {
    var column = 0
    @inline(__always) func emit(_ c: UInt8) {
      if column == lineLength {
        lineBreak(out)
        column = 0
      }
      out.append(c)
      column += 1
    }
    alphabet.withUnsafeBufferPointer { table in
      var i = 0
      while i + 3 <= bytes.count {
        let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
        emit(table[Int(n >> 18)])
        emit(table[Int(n >> 12 & 63)])
        emit(table[Int(n >> 6 & 63)])
        emit(table[Int(n & 63)])
        i += 3
      }
      let rest = bytes.count - i
      if rest > 0 {
        let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
        emit(table[Int(n >> 18)])
        emit(table[Int(n >> 12 & 63)])
        emit(rest == 2 ? table[Int(n >> 6 & 63)] : UInt8(ascii: "="))
        emit(UInt8(ascii: "="))
      }
    }
  }

  /// The encoding of `bytes` on one line.
  static func encode(_ bytes: [UInt8]) -> String {
    let out = ByteOutput()
    encode(bytes, lineLength: Int.max, into: out)
    return String(decoding: out.finish(), as: UTF8.self)
  }

  enum DecodeFailure: Error {
    /// A byte that is neither in the alphabet nor white space, at this index of the input.
    case invalidByte(Int)
    /// Characters after `=` padding, or a dangling single character.
    case badPadding
  }

  /// Decodes base64, skipping white space; missing final padding is tolerated.
  static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(DecodeFailure) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.count / 4 * 3)
    var group: UInt32 = 0
    var filled = 0
    var padding = 0
    for (index, byte) in text.enumerated() {
      let value = values[Int(byte)]
      if value == 0xFF {
        if ASCII.isSpace(byte) || byte == 0x0B || byte == 0x0C { continue }
        throw .invalidByte(index)
      }
      if value == 64 {
        padding += 1
        continue
      }
      if padding > 0 { throw .badPadding }
      group = group << 6 | UInt32(value)
      filled += 1
      if filled == 4 {
        out.append(UInt8(group >> 16))
        out.append(UInt8(group >> 8 & 0xFF))
        out.append(UInt8(group & 0xFF))
        group = 0
        filled = 0
      }
    }
    switch filled {
    case 0: break
    case 2: out.append(UInt8(group >> 4 & 0xFF))
    case 3:
      out.append(UInt8(group >> 10 & 0xFF))
      out.append(UInt8(group >> 2 & 0xFF))
    default: throw .badPadding
    }
    return out
  }
}
