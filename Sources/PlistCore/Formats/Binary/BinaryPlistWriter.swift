/// Writes `bplist00`: objects numbered in the writers' one order (`BinaryWriterOrder`:
/// depth-first, a container, then its keys, then its values), equal scalars stored once
/// (compared by type and exact bits, so `1`, `1.0` and `true` stay distinct), dictionary
/// keys sorted, and the smallest reference and offset widths that fit.
struct BinaryPlistWriter: BinaryScalarEncoder {
  typealias Failure = Never
  var order = BinaryWriterOrder()
  /// The distinct scalars, by handle.
  private var scalars: [PlistValue] = []
  /// Their object numbers, by type and exact bits.
  private var unique = ScalarTable()
  /// Key lists already written, by the address of their array's storage, with where their
  /// references lie in the order. The dictionaries of a plist that was read share a few
  /// key arrays (see `KeyLists`); those after the first copy the references instead of
  /// looking every key up again. The value being written stays alive and unchanged meanwhile,
  /// so an address cannot be reused for another array.
  private var writtenKeys: [(storage: UnsafeRawPointer, count: Int, start: Int)] = []

  static func write(_ value: PlistValue, to out: ByteOutput) throws(PlistEncodingError) {
    var size = Census()
    size.count(value, depth: 0)
    var writer = BinaryPlistWriter()
    writer.order = BinaryWriterOrder(objects: size.objects, references: size.references)
    writer.unique = ScalarTable(capacity: size.objects / 2)
    try writer.number(value, depth: 0)
    writer.writeObjects(to: out)
  }

  /// At most how many objects, and exactly how many references, a value needs: reserving
  /// them up front spares a large plist the copies and page faults of arrays growing by
  /// doubling (pages reserved for objects that uniquing saves are never touched).
  private struct Census {
    /// Beyond this the counting stops; the arrays then grow as they must.
    static let limit = 1 << 26
    var objects = 0
    var references = 0

    mutating func count(_ value: PlistValue, depth: Int) {
      guard objects < Self.limit, NestingLimit.allowsContainer(inside: depth) else { return }
      switch value {
      case .array(let items):
        objects += 1
        references += 1 + items.count
        countAll(items, depth: depth + 1)
      case .dictionary(let dict):
        objects += 1 + dict.count
        references += 1 + 2 * dict.count
        countAll(dict.values, depth: depth + 1)
      default:
        objects += 1
      }
    }

    /// Through the array's buffer: the values are looked at in place, not copied out (and
    /// retained and released) one by one.
    private mutating func countAll(_ values: [PlistValue], depth: Int) {
      values.withUnsafeBufferPointer { buffer in
        for index in buffer.indices { count(buffer[index], depth: depth) }
      }
    }
  }

  // MARK: - Numbering

  private mutating func number(_ value: PlistValue, depth: Int) throws(PlistEncodingError) {
    switch value {
    case .array(let items):
      try NestingLimit.checkWriting(inside: depth, format: .binary)
      try order.open(isDictionary: false, count: items.count)
      // Through the buffer: the items are numbered in place, not copied out one by one.
      try items.withUnsafeBufferPointer { (buffer) throws(PlistEncodingError) in
        for position in buffer.indices {
          do throws(PlistEncodingError) { try number(buffer[position], depth: depth + 1) } catch {
            throw error.inside(String(position))
          }
        }
      }
      order.close()
    case .dictionary(let dict):
      try NestingLimit.checkWriting(inside: depth, format: .binary)
      let references = try order.open(isDictionary: true, count: dict.count)
      let storage = dict.keys.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      if let storage,
        let known = writtenKeys.last(where: { $0.storage == storage && $0.count == dict.count })
      {
        order.refer(toKeysAt: known.start..<(known.start + known.count))
      } else {
        for key in dict.keys { try number(scalar: .string(key)) }
      }
      try dict.values.withUnsafeBufferPointer { (buffer) throws(PlistEncodingError) in
        for position in buffer.indices {
          do throws(PlistEncodingError) { try number(buffer[position], depth: depth + 1) } catch {
            throw error.inside(dict.keys[position])
          }
        }
      }
      order.close()
      if let storage, dict.count > 1 { rememberKeys(storage, count: dict.count, references) }
    default:
      try number(scalar: value)
    }
  }

  /// Numbers a scalar where it first occurs, by type and exact bits.
  private mutating func number(scalar: PlistValue) throws(PlistEncodingError) {
    let hash = unique.hash(scalar)
    let (found, slot) = unique.find(hash: hash) { number in
      ScalarTable.same(scalars[Int(order.handle(of: number))], scalar)
    }
    if let found { return order.refer(to: UInt32(found)) }
    let number = try order.add(scalar: UInt64(scalars.count))
    scalars.append(scalar)
    unique.insert(Int(number), hash: hash, at: slot)
  }

  /// Keeps the last few key lists: a plist's records repeat only a handful of them.
  private mutating func rememberKeys(
    _ storage: UnsafeRawPointer, count: Int, _ references: Range<Int>
  ) {
    if writtenKeys.count == 8 { writtenKeys.removeFirst() }
    writtenKeys.append((storage, count, references.lowerBound))
  }

  /// Writes scalar `handle`.
  func append(_ handle: UInt64, to out: ByteOutput) {
    Self.appendScalar(scalars[Int(handle)], to: out)
  }

  /// The offset table and the trailer after the objects, for every writer of `bplist00`:
  /// `offsets` of the objects in order (their count is the object count), each
  /// `offsetSize` bytes wide (as wide as `tableOffset` needs, unless a writer sizes them as
  /// Foundation's encoder does), references `referenceSize` bytes wide, `top` the root.
  static func appendTrailer<Offsets: Collection>(
    offsets: Offsets, tableOffset: Int, offsetSize: Int? = nil, referenceSize: Int,
    top: UInt64 = 0, to out: ByteOutput
  ) where Offsets.Element: BinaryInteger {
    let offsetSize = offsetSize ?? byteWidth(UInt64(tableOffset))
    for offset in offsets { out.appendBigEndian(UInt64(offset), width: offsetSize) }
    out.append(repeating: 0, count: 6)
    out.append(UInt8(offsetSize))
    out.append(UInt8(referenceSize))
    out.appendBigEndian(UInt64(offsets.count), width: 8)
    out.appendBigEndian(top, width: 8)
    out.appendBigEndian(UInt64(tableOffset), width: 8)
  }

  static func appendScalar(_ value: PlistValue, to out: ByteOutput) {
    switch value {
    case .boolean(let b): out.append(b ? 0x09 : 0x08)
    case .integer(let i): appendInteger(i, to: out)
    case .real(let r):
      out.append(0x23)
      appendUInt(r.bitPattern, width: 8, to: out)
    case .date(let d):
      out.append(0x33)
      appendUInt(d.secondsSinceReferenceDate.bitPattern, width: 8, to: out)
    case .data(let d):
      appendHeader(0x40, count: d.count, to: out)
      out.append(d.bytes)
    case .string(let s): appendString(s, to: out)
    case .uid(let uid):
      let width = byteWidth(uid)
      out.append(0x80 | UInt8(width - 1))
      appendUInt(uid, width: width, to: out)
    case .array, .dictionary: break
    }
  }

  /// An integer object as CF writes it: the smallest of 1, 2 or 4 bytes up to 2^32−1, 8
  /// bytes for a larger one below 2^63 and for a negative one, 16 for 2^63 or more.
  static func appendInteger(_ i: PlistInteger, to out: ByteOutput) {
    let bits = i.bitPattern
    if i.isNegative || (bits > UInt64(UInt32.max) && bits <= UInt64(Int64.max)) {
      out.append(0x13)
      appendUInt(bits, width: 8, to: out)
    } else if bits > UInt64(Int64.max) {
      out.append(0x14)
      appendUInt(0, width: 8, to: out)
      appendUInt(bits, width: 8, to: out)
    } else {
      let width = byteWidth(bits)
      out.append(0x10 | UInt8(width.trailingZeroBitCount))
      appendUInt(bits, width: width, to: out)
    }
  }

  /// ASCII as bytes (`0x5n`), anything else as big-endian UTF-16 (`0x6n`), transcoded from
  /// the string's own UTF-8 (valid by construction) without an intermediate array.
  static func appendString(_ s: String, to out: ByteOutput) {
    var copy = s
    _ = copy.withUTF8 { appendString(utf8: $0, to: out) }
  }

  /// `appendString(_:to:)` for the bytes of a string: ASCII as it is, anything else as
  /// UTF-16.
  ///
  /// - Returns: False, with nothing appended, when the bytes are not valid UTF-8.
  @inline(__always)
  static func appendString(utf8: UnsafeBufferPointer<UInt8>, to out: ByteOutput) -> Bool {
    guard ASCII.isASCII(utf8) else { return appendUTF16(utf8: utf8, to: out) }
    appendHeader(0x50, count: utf8.count, to: out)
    out.append(utf8)
    return true
  }

  /// A string object in big-endian UTF-16 from UTF-8 that is not all ASCII.
  ///
  /// - Returns: False, with nothing appended, when the bytes are not valid UTF-8.
  private static func appendUTF16(utf8: UnsafeBufferPointer<UInt8>, to out: ByteOutput) -> Bool {
    // One pass into a buffer, then the header with the count: UTF-16 takes at most two
    // bytes per byte of UTF-8 (four for a four-byte sequence).
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * utf8.count) { utf16 in
      guard let start = utf16.baseAddress,
        let count = UTF16BigEndian.transcode(utf8, into: start)
      else { return false }
      appendHeader(0x60, count: count / 2, to: out)
      out.append(UnsafeBufferPointer(start: start, count: count))
      return true
    }
  }

  /// A marker with the count in its low nibble, or `0xF` and an integer object holding it.
  @inline(__always)
  static func appendHeader(_ marker: UInt8, count: Int, to out: ByteOutput) {
    _ = out.append(atMost: maximumHeaderLength) { writeHeader(marker, count: count, into: $0) }
  }

  /// The most bytes a header takes: the marker, an integer's marker and 8 bytes of count.
  static let maximumHeaderLength = 10

  /// `appendHeader`'s header written into `target` (room for `maximumHeaderLength` bytes);
  /// returns its length.
  @inline(__always)
  static func writeHeader(
    _ marker: UInt8, count: Int, into target: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    if count < 15 {
      target[0] = marker | UInt8(count)
      return 1
    }
    target[0] = marker | 0x0F
    let width = byteWidth(UInt64(count))
    target[1] = 0x10 | UInt8(width.trailingZeroBitCount)
    for index in 0..<width {
      target[2 + index] = UInt8(
        truncatingIfNeeded: UInt64(count) >> UInt64(8 * (width - 1 - index)))
    }
    return 2 + width
  }

  /// The smallest of 1, 2, 4 or 8 bytes that holds `value`.
  static func byteWidth(_ value: UInt64) -> Int {
    if value <= 0xFF { return 1 }
    if value <= 0xFFFF { return 2 }
    if value <= 0xFFFF_FFFF { return 4 }
    return 8
  }

  @inline(__always)
  private static func appendUInt(_ value: UInt64, width: Int, to out: ByteOutput) {
    out.appendBigEndian(value, width: width)
  }
}
