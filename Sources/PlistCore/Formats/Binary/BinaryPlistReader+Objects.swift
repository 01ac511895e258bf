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
    // The commonest object, an ASCII string, read here as `asciiRange` would read it but
    // without throwing; anything else, and every failure, takes the general way.
    if marker >> 4 == 0x5,
      let header = try? BinaryCountHeader(bytes, at: start, end: trailer.offsetTableOffset),
      header.count <= UInt64(trailer.offsetTableOffset - header.payload)
    {
      let text = UnsafeBufferPointer(
        rebasing: bytes[header.payload..<(header.payload + Int(header.count))])
      if ASCII.isASCII(text) { return visitor.ascii(text) }
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
    case 0x4: return visitor.data(try dataBytes(at: start))
    case 0x5:
      return visitor.ascii(
        UnsafeBufferPointer(rebasing: bytes[try asciiRange(at: start)]))
    case 0x6:
      guard let string = visitor.utf16(try utf16Range(at: start)) else {
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

  /// The element count of a data, string or collection object (`BinaryCountHeader`), at most
  /// the file's length, and where its payload starts.
  func countAndPayload(at start: Int) throws(PlistParseError) -> (Int, Int) {
    let header: BinaryCountHeader
    do { header = try BinaryCountHeader(bytes, at: start, end: trailer.offsetTableOffset) } catch {
      switch error {
      case .truncated(let at): throw failure("object runs past the end of the object table", at: at)
      case .notAnInteger: throw failure("object length is not given as an integer", at: start)
      }
    }
    guard header.count <= UInt64(trailer.offsetTableOffset) else {
      throw failure("object length \(header.count) exceeds the file", at: start)
    }
    return (Int(header.count), header.payload)
  }

  /// Where the bytes of the ASCII string object at `start` are, checked to be ASCII.
  func asciiRange(at start: Int) throws(PlistParseError) -> Range<Int> {
    let (count, payload) = try countAndPayload(at: start)
    let range = try checkedRange(payload, count, at: start)
    guard ASCII.isASCII(UnsafeBufferPointer(rebasing: bytes[range])) else {
      throw failure("ASCII string holds a byte above 0x7F", at: start)
    }
    return range
  }

  /// Where the units of the UTF-16 string object at `start` are, not yet checked.
  func utf16Range(at start: Int) throws(PlistParseError)
    -> UnsafeBufferPointer<UInt8>
  {
    let (count, payload) = try countAndPayload(at: start)
    let range = try checkedRange(
      payload, count.multipliedReportingOverflow(by: 2).partialValue, at: start)
    return UnsafeBufferPointer(rebasing: bytes[range])
  }

  /// The bytes of the data object at `start` (or of an ASCII string object, unchecked).
  func dataBytes(at start: Int) throws(PlistParseError) -> UnsafeBufferPointer<UInt8> {
    let (count, payload) = try countAndPayload(at: start)
    return UnsafeBufferPointer(rebasing: bytes[try checkedRange(payload, count, at: start)])
  }

  /// Where key object `index` of the dictionary at `dictionary` starts; it must be a string.
  @inline(__always)
  func stringKey(_ index: Int, ofDictionaryAt dictionary: Int) throws(PlistParseError) -> Int {
    let start = try offset(of: index)
    guard bytes[start] >> 4 == 0x5 || bytes[start] >> 4 == 0x6 else {
      throw failure("dictionary key (object \(index)) is not a string", at: dictionary)
    }
    return start
  }

  func referenceRange(_ start: Int, _ count: Int, at marker: Int) throws(PlistParseError)
    -> Range<Int>
  {
    let (length, overflow) = count.multipliedReportingOverflow(by: trailer.objectRefSize)
    guard !overflow else { throw failure("collection too large for the file", at: marker) }
    return try checkedRange(start, length, at: marker)
  }
}
