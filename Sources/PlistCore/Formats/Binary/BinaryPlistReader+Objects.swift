// MARK: - Decoding one object

extension BinaryPlistReader {
  /// `decode(at:depth:)`, with the height of the object: the levels of arrays and
  /// dictionaries it holds, itself included (0 for a scalar), which a reuse is checked by.
  /// (Given back through `height`: a returned pair cost the tree reader 3 % in copies.)
  @inline(__always)
  mutating func decodeObject(at start: Int, depth: Int, height: inout Int)
    throws(PlistParseError) -> PlistValue
  {
    let marker = bytes[start]
    switch marker >> 4 {
    case 0xA: return try array(at: start, info: Int(marker & 0x0F), depth: depth, height: &height)
    case 0xD:
      return try dictionary(at: start, info: Int(marker & 0x0F), depth: depth, height: &height)
    default: return try decode(at: start, depth: depth)
    }
  }

  mutating func decode(at start: Int, depth: Int) throws(PlistParseError) -> PlistValue {
    let marker = bytes[start]
    let info = Int(marker & 0x0F)
    switch marker >> 4 {
    case 0x0 where marker == 0x08: return .boolean(false)
    case 0x0 where marker == 0x09: return .boolean(true)
    case 0x1: return .integer(try integer(at: start, widthLog2: info))
    case 0x2 where info == 2:
      return .real(Double(Float(bitPattern: UInt32(try unsigned(at: start + 1, width: 4)))))
    case 0x2 where info == 3:
      return .real(Double(bitPattern: try unsigned(at: start + 1, width: 8)))
    case 0x3 where marker == 0x33:
      let bits = try unsigned(at: start + 1, width: 8)
      return .date(PlistDate(secondsSinceReferenceDate: Double(bitPattern: bits)))
    case 0x4: return .data(PlistData(Array(try dataBytes(at: start, info: info))))
    case 0x5: return .string(try asciiString(at: start, info: info))
    case 0x6: return .string(try utf16String(at: start, info: info))
    case 0x8:
      guard info < 8 else { throw failure("UID wider than 8 bytes", at: start) }
      return .uid(try unsigned(at: start + 1, width: info + 1))
    case 0xA:
      var height = 0
      return try array(at: start, info: info, depth: depth, height: &height)
    case 0xD:
      var height = 0
      return try dictionary(at: start, info: info, depth: depth, height: &height)
    case 0xC: throw failure("a set, which property lists cannot hold", at: start)
    default:
      let hex = String(marker, radix: 16)
      throw failure("unknown object marker 0x\(hex.count < 2 ? "0" + hex : hex)", at: start)
    }
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

  private func asciiString(at start: Int, info: Int) throws(PlistParseError) -> String {
    let range = try asciiRange(at: start, info: info)
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// Where the bytes of the ASCII string object at `start` are, checked to be ASCII.
  func asciiRange(at start: Int, info: Int) throws(PlistParseError) -> Range<Int> {
    let (count, payload) = try countAndPayload(at: start, info: info)
    let range = try checkedRange(payload, count, at: start)
    guard UnsafeBufferPointer(rebasing: bytes[range]).allSatisfy({ $0 < 0x80 }) else {
      throw failure("ASCII string holds a byte above 0x7F", at: start)
    }
    return range
  }

  private func utf16String(at start: Int, info: Int) throws(PlistParseError) -> String {
    var utf8: [UInt8] = []
    try appendUTF16String(at: start, info: info, to: &utf8)
    return String(decoding: utf8, as: UTF8.self)
  }

  /// Appends the UTF-16 string object at `start` as UTF-8, refusing unpaired surrogates.
  func appendUTF16String(at start: Int, info: Int, to utf8: inout [UInt8])
    throws(PlistParseError)
  {
    let (count, payload) = try countAndPayload(at: start, info: info)
    let range = try checkedRange(
      payload, count.multipliedReportingOverflow(by: 2).partialValue, at: start)
    utf8.reserveCapacity(utf8.count + range.count)
    var i = range.lowerBound
    while i < range.upperBound {
      let unit = UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])
      i += 2
      if unit & 0xFC00 == 0xD800, i < range.upperBound {
        let next = UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])
        if next & 0xFC00 == 0xDC00 {
          TextDecoder.appendScalar(0x10000 + ((unit - 0xD800) << 10) + (next - 0xDC00), to: &utf8)
          i += 2
          continue
        }
      }
      guard unit & 0xF800 != 0xD800 else {
        throw failure("UTF-16 string holds an unpaired surrogate", at: start)
      }
      TextDecoder.appendScalar(unit, to: &utf8)
    }
  }

  /// The bytes of the data object at `start`.
  func dataBytes(at start: Int, info: Int) throws(PlistParseError) -> UnsafeBufferPointer<UInt8> {
    let (count, payload) = try countAndPayload(at: start, info: info)
    return UnsafeBufferPointer(rebasing: bytes[try checkedRange(payload, count, at: start)])
  }

  // MARK: - Collections

  private mutating func array(at start: Int, info: Int, depth: Int, height: inout Int)
    throws(PlistParseError) -> PlistValue
  {
    try checkContainerDepth(depth, at: start)
    let (count, payload) = try countAndPayload(at: start, info: info)
    let refs = try referenceRange(payload, count, at: start)
    var items: [PlistValue] = []
    var inner = 0
    var at = refs.lowerBound
    while at < refs.upperBound {
      let item = try object(try reference(at: at, from: start), depth: depth + 1)
      inner = max(inner, item.height)
      items.append(item.value)
      at += trailer.objectRefSize
    }
    height = inner + 1
    return .array(items)
  }

  private mutating func dictionary(at start: Int, info: Int, depth: Int, height: inout Int)
    throws(PlistParseError) -> PlistValue
  {
    try checkContainerDepth(depth, at: start)
    let (count, payload) = try countAndPayload(at: start, info: info)
    let keyRefs = try referenceRange(payload, count, at: start)
    let valueRefs = try referenceRange(keyRefs.upperBound, count, at: start)
    var keys: [String] = []
    var values: [PlistValue] = []
    var inner = 0
    var keyAt = keyRefs.lowerBound
    var valueAt = valueRefs.lowerBound
    while keyAt < keyRefs.upperBound {
      let keyIndex = try reference(at: keyAt, from: start)
      guard case .string(let key) = try object(keyIndex, depth: depth + 1).value else {
        throw failure("dictionary key (object \(keyIndex)) is not a string", at: start)
      }
      keys.append(key)
      let value = try object(try reference(at: valueAt, from: start), depth: depth + 1)
      inner = max(inner, value.height)
      values.append(value.value)
      keyAt += trailer.objectRefSize
      valueAt += trailer.objectRefSize
    }
    height = inner + 1
    return .dictionary(PlistDictionary(keys: keys, values: values))
  }

  func referenceRange(_ start: Int, _ count: Int, at marker: Int) throws(PlistParseError)
    -> Range<Int>
  {
    let (length, overflow) = count.multipliedReportingOverflow(by: trailer.objectRefSize)
    guard !overflow else { throw failure("collection too large for the file", at: marker) }
    return try checkedRange(start, length, at: marker)
  }

  func reference(at offset: Int, from marker: Int) throws(PlistParseError) -> Int {
    let ref = BinaryPlistTrailer.readUInt(bytes, at: offset, width: trailer.objectRefSize)
    guard ref < UInt64(trailer.objectCount) else {
      throw failure("reference to object \(ref) of \(trailer.objectCount)", at: marker)
    }
    return Int(ref)
  }

  func failure(_ message: String, at offset: Int) -> PlistParseError {
    BinaryPlistTrailer.failure(message, at: offset)
  }
}
