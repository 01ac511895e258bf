/// Standard base64 (RFC 4648 alphabet, `=` padding), as XML `<data>` and JSON output use it.
enum Base64 {
  private static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  private static let padding: UInt8 = 64
  private static let space: UInt8 = 65
  private static let invalid: UInt8 = 0xFF

  /// The value of every byte: 0…63 for the alphabet, `padding` for `=`, `space` for white
  /// space (including vertical tab and form feed), `invalid` otherwise.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: invalid, count: 256)
    for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
    table[Int(UInt8(ascii: "="))] = padding
    for byte: UInt8 in [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D] { table[Int(byte)] = space }
    return table
  }()

  /// Appends the encoding of `bytes` to `out`, calling `lineBreak` after every `lineLength`
  /// characters of output (pass `Int.max` for one line).
  static func encode(
    _ bytes: UnsafeBufferPointer<UInt8>, lineLength: Int, into out: ByteOutput,
    lineBreak: (ByteOutput) -> Void = { _ in }
  ) {
    var column = 0
    // A group's four characters at once when they fit on the line (always, for the XML
    // writer's lines, whose lengths are multiples of four), one by one otherwise.
    @inline(__always) func emit(_ group: UInt32) {
      if column + 4 <= lineLength {
        out.appendBigEndian(UInt64(group), width: 4)
        column += 4
        return
      }
      for shift in stride(from: 24 as UInt32, through: 0, by: -8) {
        if column == lineLength {
          lineBreak(out)
          column = 0
        }
        out.append(UInt8(truncatingIfNeeded: group >> shift))
        column += 1
      }
    }
    alphabet.withUnsafeBufferPointer { table in
      @inline(__always) func character(_ n: UInt32, _ shift: UInt32) -> UInt32 {
        UInt32(table[Int(n >> shift & 63)])
      }
      var i = 0
      while i + 3 <= bytes.count {
        if column == lineLength {
          lineBreak(out)
          column = 0
        }
        let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
        emit(
          character(n, 18) << 24 | character(n, 12) << 16 | character(n, 6) << 8 | character(n, 0))
        i += 3
      }
      let rest = bytes.count - i
      if rest > 0 {
        if column == lineLength {
          lineBreak(out)
          column = 0
        }
        let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
        let third = rest == 2 ? character(n, 6) : UInt32(UInt8(ascii: "="))
        emit(
          character(n, 18) << 24 | character(n, 12) << 16 | third << 8 | UInt32(UInt8(ascii: "=")))
      }
    }
  }

  /// The encoding of `bytes` on one line.
  static func encode(_ bytes: [UInt8]) -> String {
    let out = ByteOutput()
    bytes.withUnsafeBufferPointer { encode($0, lineLength: Int.max, into: out) }
    return String(decoding: out.finish(), as: UTF8.self)
  }

  enum DecodeFailure: Error, Equatable {
    /// A byte that is neither in the alphabet nor white space, at this index of the input.
    case invalidByte(Int)
    /// Characters after `=` padding, more `=` than the last group needs, or a dangling
    /// single character.
    case badPadding
    /// A last group of two or three characters without its padding.
    case partialGroup
  }

  /// What `decode(_:)` checks, without the bytes: throws where it would throw.
  static func check(_ text: UnsafeBufferPointer<UInt8>) throws(DecodeFailure) {
    _ = try values.withUnsafeBufferPointer { (table) throws(DecodeFailure) in
      try decode(
        text, table: table, into: UnsafeMutableBufferPointer(start: nil, count: 0), writing: false)
    }
  }

  /// Decodes base64, skipping white space; the last group must be padded to four characters.
  ///
  /// One pass checks and decodes (throwing what `check` throws, at the same byte) into a
  /// buffer sized for the text; the bytes are copied to an array of their exact size when
  /// the text's white space left 32 bytes or more unused (the array lives on in the value
  /// tree).
  static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(DecodeFailure) -> [UInt8] {
    var failure: DecodeFailure?
    var decoded = [UInt8](unsafeUninitializedCapacity: maximumDecodedCount(text)) {
      out, initialized in
      values.withUnsafeBufferPointer { table in
        do throws(DecodeFailure) {
          initialized = try decode(text, table: table, into: out, writing: true)
        } catch {
          failure = error
          initialized = 0
        }
      }
    }
    if let failure { throw failure }
    if decoded.capacity - decoded.count >= 32 {
      decoded = decoded.withUnsafeBufferPointer { Array($0) }
    }
    return decoded
  }

  /// The most bytes `text` can decode to: room for `decode(_:into:)`.
  static func maximumDecodedCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
    text.count / 4 * 3 + 3
  }

  /// `decode(_:)` into a buffer of `maximumDecodedCount(text)` bytes; returns how many it
  /// wrote.
  static func decode(
    _ text: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>
  )
    throws(DecodeFailure) -> Int
  {
    try values.withUnsafeBufferPointer { (table) throws(DecodeFailure) in
      try decode(text, table: table, into: out, writing: true)
    }
  }

  /// The one pass that checks base64 and, when `writing`, writes its bytes to `out` (room
  /// for three bytes per four characters of `text`); returns how many. Throws at a byte
  /// outside the alphabet and white space, at a character after padding, when one character
  /// is left over, and unless the padding is exactly what the last group needs. Inlined with
  /// `writing` constant: the check alone keeps no store.
  @inline(__always)
  private static func decode(
    _ text: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>,
    into out: UnsafeMutableBufferPointer<UInt8>, writing: Bool
  ) throws(DecodeFailure) -> Int {
    var group: UInt32 = 0
    var filled = 0
    var characters = 0
    var paddings = 0
    var o = 0
    var i = 0
    while i < text.count {
      // Four characters of the alphabet in a row, between groups: the usual case.
      if filled == 0, paddings == 0, i + 4 <= text.count {
        let (a, b, c, d) = (
          table[Int(text[i])], table[Int(text[i + 1])], table[Int(text[i + 2])],
          table[Int(text[i + 3])]
        )
        if a | b | c | d < 64 {
          if writing {
            let n = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
            out[o] = UInt8(truncatingIfNeeded: n >> 16)
            out[o + 1] = UInt8(truncatingIfNeeded: n >> 8)
            out[o + 2] = UInt8(truncatingIfNeeded: n)
          }
          o += 3
          characters += 4
          i += 4
          continue
        }
      }
      let value = table[Int(text[i])]
      if value < 64 {
        if paddings > 0 { throw .badPadding }
        characters += 1
        group = group << 6 | UInt32(value)
        filled += 1
        if filled == 4 {
          if writing {
            out[o] = UInt8(truncatingIfNeeded: group >> 16)
            out[o + 1] = UInt8(truncatingIfNeeded: group >> 8)
            out[o + 2] = UInt8(truncatingIfNeeded: group)
          }
          o += 3
          group = 0
          filled = 0
        }
      } else if value == padding {
        paddings += 1
      } else if value == invalid {
        throw .invalidByte(i)
      }
      i += 1
    }
    if characters % 4 == 1 { throw .badPadding }
    // Exactly the padding the last group needs: CF decodes whole groups of four, `=`
    // included, so it drops a shorter tail silently and turns extra `=`s into zero bytes.
    let needed = (4 - characters % 4) % 4
    if paddings < needed { throw .partialGroup }
    if paddings > needed { throw .badPadding }
    guard writing else { return o }
    if filled == 2 {
      out[o] = UInt8(truncatingIfNeeded: group >> 4)
      o += 1
    } else if filled == 3 {
      out[o] = UInt8(truncatingIfNeeded: group >> 10)
      out[o + 1] = UInt8(truncatingIfNeeded: group >> 2)
      o += 2
    }
    return o
  }
}
