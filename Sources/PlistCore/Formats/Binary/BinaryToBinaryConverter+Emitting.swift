/// The second pass of `BinaryToBinaryConverter` (`writeObjects`: the numbered objects, the
/// offset table and the trailer, as `BinaryPlistWriter` lays them out; it throws
/// `PlistParseError` only if a scalar the first pass read could not be read again), and the
/// canonical encoding both passes use.
extension BinaryToBinaryConverter {
  /// Writes the scalar whose marker is at `handle` in the file.
  func append(_ handle: UInt64, to out: ByteOutput) throws(PlistParseError) {
    try Self.encodeScalar(at: Int(handle), from: reader, to: out)
  }

  /// Writes the scalar object at `at` of a checked file as `BinaryPlistWriter` writes its
  /// decoded value: strings and data from the file's bytes with the shortest count, UTF-16
  /// that is ASCII as ASCII, the rest decoded and encoded again (integers in their shortest
  /// width, 4-byte reals as 8-byte ones).
  ///
  /// - Parameters:
  ///   - at: The object's marker.
  ///   - reader: The file.
  ///   - out: Where the encoding goes.
  /// - Throws: `PlistParseError` only if the file was not checked.
  static func encodeScalar(at: Int, from reader: BinaryPlistReader, to out: ByteOutput)
    throws(PlistParseError)
  {
    let marker = reader.bytes[at]
    switch marker >> 4 {
    case 0x4, 0x5:
      // Data, or ASCII (checked already): the object's bytes with the shortest count.
      let bytes = try reader.dataBytes(at: at)
      BinaryPlistWriter.appendHeader(marker & 0xF0, count: bytes.count, to: out)
      out.append(bytes)
    case 0x6:
      // Checked UTF-16: the writer's bytes are these very units (UTF-16 to UTF-8 and back is
      // the identity), or their low bytes when every one is ASCII.
      let units = try reader.utf16Range(at: at)
      if UTF16BigEndian.isASCII(units) {
        BinaryPlistWriter.appendHeader(0x50, count: units.count / 2, to: out)
        for low in stride(from: 1, to: units.count, by: 2) { out.append(units[low]) }
      } else {
        BinaryPlistWriter.appendHeader(0x60, count: units.count / 2, to: out)
        out.append(units)
      }
    default:
      BinaryPlistWriter.appendScalar(try reader.scalar(at: at), to: out)
    }
  }
}
