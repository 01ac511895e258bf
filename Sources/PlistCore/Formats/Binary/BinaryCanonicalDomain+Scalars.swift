// MARK: - The one encoding the writer gives each scalar

extension BinaryCanonicalDomain {
  /// The characters of the string object at `start` (its bytes already checked), or nil
  /// for another type.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> BinaryText? {
    let type = bytes[start] >> 4
    guard type == 0x5 || type == 0x6,
      let (count, payload) = header(bytes, at: start, end: bytes.count)
    else { return nil }
    return BinaryText(bytes, characters: payload, count: count, marker: bytes[start])
  }

  /// A count as `BinaryPlistWriter.appendHeader` writes it (in the marker's low nibble
  /// below 15, else the smallest integer object), ending by `end`: the count and where the
  /// payload starts.
  @inline(__always)
  static func header(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int)
    -> (count: Int, payload: Int)?
  {
    guard let header = try? BinaryCountHeader(bytes, at: start, end: end) else { return nil }
    if header.width > 0 {
      guard header.count >= 15, BinaryPlistWriter.byteWidth(header.count) == header.width,
        header.count <= UInt64(end)
      else { return nil }
    }
    return (Int(header.count), header.payload)
  }

  /// The length of the scalar at `start`, ending by `end`, when its bytes are exactly what
  /// the writer writes for the value the reader reads from them; else nil.
  static func scalarLength(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Int? {
    let marker = bytes[start]
    let info = Int(marker & 0x0F)
    let length: Int
    switch marker >> 4 {
    case 0x0 where marker == 0x08 || marker == 0x09: return 1
    case 0x1 where info <= 4: length = 1 + (1 << info)
    case 0x2 where info == 3: length = 9  // the writer writes no 4-byte reals
    case 0x3 where info == 3: length = 9
    case 0x4, 0x5, 0x6:
      guard let (count, payload) = header(bytes, at: start, end: end) else { return nil }
      let size = marker >> 4 == 0x6 ? 2 * count : count
      guard payload + size <= end else { return nil }
      let text = UnsafeBufferPointer(rebasing: bytes[payload..<(payload + size)])
      if marker >> 4 == 0x5 && !ASCII.isASCII(text) { return nil }
      if marker >> 4 == 0x6 && !isCanonicalUTF16(text) { return nil }
      return payload + size - start
    case 0x8 where info == 0 || info == 1 || info == 3 || info == 7: length = 2 + info
    default: return nil
    }
    guard start + length <= end else { return nil }
    let value = BinaryPlistTrailer.readUInt(bytes, at: start + 1, width: min(length - 1, 8))
    switch marker {
    case 0x11: return value > 0xFF ? length : nil
    case 0x12: return value > 0xFFFF ? length : nil
    // Negative, or above 32 bits (`appendInteger`).
    case 0x13: return value > UInt64(UInt32.max) ? length : nil
    // Above Int64.max: the high half zero.
    case 0x14:
      let low = BinaryPlistTrailer.readUInt(bytes, at: start + 9, width: 8)
      return value == 0 && low > UInt64(Int64.max) ? length : nil
    case 0x80...0x87: return BinaryPlistWriter.byteWidth(value) == length - 1 ? length : nil
    default: return length
    }
  }

  /// UTF-16 that is well formed (surrogates paired) and not all ASCII, which the writer
  /// writes as bytes.
  private static func isCanonicalUTF16(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    !UTF16BigEndian.isASCII(text) && UTF16BigEndian.isWellFormed(text)
  }
}
