/// The second pass of `BinaryToBinaryConverter`, and the canonical encoding both passes use.
extension BinaryToBinaryConverter {
  /// Writes the numbered objects, the offset table and the trailer, as `BinaryPlistWriter`
  /// lays them out. Once: the numbering becomes the offset table as it goes.
  ///
  /// - Parameter out: Where the file goes (drained as it fills).
  /// - Throws: `PlistParseError` only if a scalar the first pass read could not be read again.
  mutating func emit(to out: ByteOutput) throws(PlistParseError) {
    let fileStart = out.position
    let refSize = BinaryPlistWriter.byteWidth(UInt64(objects.count))
    out.append("bplist00")
    for position in objects.indices {
      let object = objects[position]
      // Each object's entry becomes its offset once written: no second table.
      objects[position] = UInt64(out.position - fileStart)
      let start = Int(object >> 2)
      switch object & 3 {
      case Self.scalarTag:
        try Self.encodeScalar(at: start, depth: 0, from: &reader, utf8: &utf8, to: out)
      default:
        let count = Int(references[start])
        let isArray = object & 3 == Self.arrayTag
        BinaryPlistWriter.appendHeader(isArray ? 0xA0 : 0xD0, count: count, to: out)
        let end = start + 1 + (isArray ? count : 2 * count)
        for ref in references[(start + 1)..<end] {
          out.appendBigEndian(UInt64(ref), width: refSize)
        }
      }
      out.flushIfFull()
    }
    references = []
    BinaryPlistWriter.appendTrailer(
      offsets: objects, tableOffset: out.position - fileStart, referenceSize: refSize, to: out)
  }

  /// Writes the scalar object at `at` as `BinaryPlistWriter` writes its decoded value:
  /// strings and data from the file's bytes with the shortest count, UTF-16 that is ASCII as
  /// ASCII, the rest decoded and encoded again (integers in their shortest width, 4-byte
  /// reals as 8-byte ones). The reader's checks are those of the tree reader's `decode`.
  ///
  /// - Parameters:
  ///   - at: The object's marker.
  ///   - depth: How many containers enclose it.
  ///   - reader: The file.
  ///   - utf8: Room for a UTF-16 string's UTF-8.
  ///   - out: Where the encoding goes.
  /// - Throws: `PlistParseError` for an object the tree reader refuses.
  static func encodeScalar(
    at: Int, depth: Int, from reader: inout BinaryPlistReader, utf8: inout [UInt8],
    to out: ByteOutput
  ) throws(PlistParseError) {
    let marker = reader.bytes[at]
    let info = Int(marker & 0x0F)
    switch marker >> 4 {
    case 0x4:
      let bytes = try reader.dataBytes(at: at, info: info)
      BinaryPlistWriter.appendHeader(0x40, count: bytes.count, to: out)
      out.append(bytes)
    case 0x5:
      let range = try reader.asciiRange(at: at, info: info)
      BinaryPlistWriter.appendHeader(0x50, count: range.count, to: out)
      out.append(UnsafeBufferPointer(rebasing: reader.bytes[range]))
    case 0x6:
      if let units = try? reader.utf16Units(at: at, info: info), let isASCII = units.isASCII {
        // Valid UTF-16: the writer's bytes are these very units (UTF-16 to UTF-8 and back is
        // the identity), or their low bytes when every one is ASCII.
        let bytes = UnsafeBufferPointer(rebasing: reader.bytes[units.range])
        if isASCII {
          BinaryPlistWriter.appendHeader(0x50, count: bytes.count / 2, to: out)
          for low in stride(from: 1, to: bytes.count, by: 2) { out.append(bytes[low]) }
        } else {
          BinaryPlistWriter.appendHeader(0x60, count: bytes.count / 2, to: out)
          out.append(bytes)
        }
        return
      }
      // Anything else as the tree reader reads it, with its error.
      utf8.removeAll(keepingCapacity: true)
      try reader.appendUTF16String(at: at, info: info, to: &utf8)
      BinaryPlistWriter.appendString(String(decoding: utf8, as: UTF8.self), to: out)
    default:
      BinaryPlistWriter.appendScalar(try reader.scalar(at: at), to: out)
    }
  }
}

extension BinaryPlistReader {
  /// The UTF-16 string object at `start`: where its units are, and whether every unit is
  /// ASCII — nil for `isASCII` when a surrogate is unpaired (`appendUTF16String` refuses the
  /// string then, with its error).
  ///
  /// - Throws: `PlistParseError` for a count or range outside the object table.
  func utf16Units(at start: Int, info: Int) throws(PlistParseError)
    -> (range: Range<Int>, isASCII: Bool?)
  {
    let (count, payload) = try countAndPayload(at: start, info: info)
    let range = try checkedRange(
      payload, count.multipliedReportingOverflow(by: 2).partialValue, at: start)
    var ascii = true
    var i = range.lowerBound
    while i < range.upperBound {
      let unit = UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])
      i += 2
      if unit >= 0x80 { ascii = false }
      guard unit & 0xF800 == 0xD800 else { continue }
      // A high surrogate followed by a low one is a pair; anything else is refused.
      guard unit & 0xFC00 == 0xD800, i < range.upperBound,
        (UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])) & 0xFC00 == 0xDC00
      else { return (range, nil) }
      i += 2
    }
    return (range, ascii)
  }
}
