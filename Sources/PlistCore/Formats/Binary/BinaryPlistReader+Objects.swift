// MARK: - Scalars, and the checked reads every walk makes

extension BinaryPlistReader {
  /// The scalar object at `start`, checked and handed to `visitor`: every walk's scalars
  /// are read here (containers are the walks' own).
  @inline(__always)
  func visitScalar<V: BinaryVisitor>(at start: Int, _ visitor: inout V) throws(PlistParseError)
    -> V.Value
  {
    let marker = bytes[start]
    let info = Int(marker & 0x0F)
    // The commonest object, an ASCII string of up to 255 bytes, read here as
    // `asciiRange` would read it; anything else, and every failure, takes the general way.
    if marker >> 4 == 0x5 {
      var count = info
      var payload = start + 1
      if info == 0x0F && start + 2 < trailer.offsetTableOffset && bytes[start + 1] == 0x10 {
        count = Int(bytes[start + 2])
        payload = start + 3
      }
      if count < 0x0F || payload == start + 3, payload + count <= trailer.offsetTableOffset {
        let text = UnsafeBufferPointer(rebasing: bytes[payload..<(payload + count)])
        if ASCII.isASCII(text) { return visitor.ascii(text) }
      }
    }
    switch marker >> 4 {
    case 0x0 where marker == 0x08: return visitor.scalar(.boolean(false))
    case 0x0 where marker == 0x09: return visitor.scalar(.boolean(true))
    case 0x1: return visitor.scalar(.integer(try integer(at: start, widthLog2: info)))
    case 0x2 where info == 2:
      let bits = UInt32(try unsigned(at: start + 1, width: 4))
      return visitor.scalar(.real(Double(Float(bitPattern: bits))))
    case 0x2 where info == 3:
      return visitor.scalar(.real(Double(bitPattern: try unsigned(at: start + 1, width: 8))))
    case 0x3 where marker == 0x33:
      let bits = try unsigned(at: start + 1, width: 8)
      return visitor.scalar(.date(PlistDate(secondsSinceReferenceDate: Double(bitPattern: bits))))
    case 0x4: return visitor.data(try dataBytes(at: start, info: info))
    case 0x5:
      return visitor.ascii(
        UnsafeBufferPointer(rebasing: bytes[try asciiRange(at: start, info: info)]))
    case 0x6:
      guard let string = visitor.utf16(try utf16Range(at: start, info: info)) else {
        throw failure("UTF-16 string holds an unpaired surrogate", at: start)
      }
      return string
    case 0x8:
      guard info < 8 else { throw failure("UID wider than 8 bytes", at: start) }
      return visitor.scalar(.uid(try unsigned(at: start + 1, width: info + 1)))
    case 0xA, 0xD: throw failure("a container where a scalar was expected", at: start)
    case 0xC: throw failure("a set, which property lists cannot hold", at: start)
    default:
      let hex = String(marker, radix: 16)
      throw failure("unknown object marker 0x\(hex.count < 2 ? "0" + hex : hex)", at: start)
    }
  }

  /// The scalar object at `start` as the tree holds it, for the converters.
  func scalar(at start: Int) throws(PlistParseError) -> PlistValue {
    var tree = BinaryTreeVisitor(objectCount: 0)
    return try visitScalar(at: start, &tree)
  }

  /// 1, 2 and 4-byte integers are unsigned, 8-byte ones signed; a 16-byte integer must fit in
  /// −2^63 … 2^64−1 (its high half all zeros, or a sign extension of a negative low half).
  private func integer(at start: Int, widthLog2: Int) throws(PlistParseError) -> PlistInteger {
    guard widthLog2 <= 4 else { throw failure("integer wider than 16 bytes", at: start) }
    let width = 1 << widthLog2
    if width <= 4 { return PlistInteger(try unsigned(at: start + 1, width: width)) }
    if width == 8 { return PlistInteger(Int64(bitPattern: try unsigned(at: start + 1, width: 8))) }
    let high = try unsigned(at: start + 1, width: 8)
    let low = try unsigned(at: start + 9, width: 8)
    if high == 0 { return PlistInteger(low) }
    if high == UInt64.max && Int64(bitPattern: low) < 0 {
      return PlistInteger(Int64(bitPattern: low))
    }
    throw failure("16-byte integer outside the 64-bit range", at: start)
  }

  func unsigned(at offset: Int, width: Int) throws(PlistParseError) -> UInt64 {
    let range = try checkedRange(offset, width, at: offset - 1)
    return BinaryPlistTrailer.readUInt(bytes, at: range.lowerBound, width: width)
  }

  /// The byte range `start ..< start+length`, which must end inside the object table.
  func checkedRange(_ start: Int, _ length: Int, at marker: Int) throws(PlistParseError)
    -> Range<Int>
  {
    let (end, overflow) = start.addingReportingOverflow(length)
    guard length >= 0, !overflow, end <= trailer.offsetTableOffset else {
      throw failure("object runs past the end of the object table", at: marker)
    }
    return start..<end
  }

  /// The element count of a data, string or collection object and where its payload starts:
  /// a nibble below 15 is the count; 15 means an integer object follows holding it.
  func countAndPayload(at start: Int, info: Int) throws(PlistParseError) -> (Int, Int) {
    if info != 0x0F { return (info, start + 1) }
    let intMarker = try unsigned(at: start + 1, width: 1)
    guard intMarker >> 4 == 1, intMarker & 0x0F <= 3 else {
      throw failure("object length is not given as an integer", at: start)
    }
    let width = 1 << Int(intMarker & 0x0F)
    let count = try unsigned(at: start + 2, width: width)
    guard count <= UInt64(trailer.offsetTableOffset) else {
      throw failure("object length \(count) exceeds the file", at: start)
    }
    return (Int(count), start + 2 + width)
  }

  /// Where the bytes of the ASCII string object at `start` are, checked to be ASCII.
  func asciiRange(at start: Int, info: Int) throws(PlistParseError) -> Range<Int> {
    let (count, payload) = try countAndPayload(at: start, info: info)
    let range = try checkedRange(payload, count, at: start)
    guard ASCII.isASCII(UnsafeBufferPointer(rebasing: bytes[range])) else {
      throw failure("ASCII string holds a byte above 0x7F", at: start)
    }
    return range
  }

  /// Where the units of the UTF-16 string object at `start` are, not yet checked.
  func utf16Range(at start: Int, info: Int) throws(PlistParseError)
    -> UnsafeBufferPointer<UInt8>
  {
    let (count, payload) = try countAndPayload(at: start, info: info)
    let range = try checkedRange(
      payload, count.multipliedReportingOverflow(by: 2).partialValue, at: start)
    return UnsafeBufferPointer(rebasing: bytes[range])
  }

  /// The bytes of the data object at `start` (or of an ASCII string object, unchecked).
  func dataBytes(at start: Int, info: Int) throws(PlistParseError) -> UnsafeBufferPointer<UInt8> {
    let (count, payload) = try countAndPayload(at: start, info: info)
    return UnsafeBufferPointer(rebasing: bytes[try checkedRange(payload, count, at: start)])
  }

  func referenceRange(_ start: Int, _ count: Int, at marker: Int) throws(PlistParseError)
    -> Range<Int>
  {
    let (length, overflow) = count.multipliedReportingOverflow(by: trailer.objectRefSize)
    guard !overflow else { throw failure("collection too large for the file", at: marker) }
    return try checkedRange(start, length, at: marker)
  }
}
