/// Writes `bplist00`: objects flattened depth-first (a container, then its keys, then its
/// values, as CoreFoundation orders them), equal scalars stored once (compared by type and
/// exact bits, so `1`, `1.0` and `true` stay distinct), dictionary keys sorted, and the
/// smallest reference and offset widths that fit.
struct BinaryPlistWriter {
  /// An object to write. A container's references lie in `references`, from `start`: `count`
  /// of them for an array, `count` keys then `count` values for a dictionary (one flat array
  /// instead of two small ones per container).
  private enum Entry {
    case scalar(PlistValue)
    case array(start: Int, count: Int)
    case dictionary(start: Int, count: Int)
  }

  private var entries: [Entry] = []
  /// 32 bits are enough: a plist of 2^32 objects would not fit in memory to be written.
  private var references: [UInt32] = []
  /// Child references of the containers being flattened, innermost last.
  private var pending: [UInt32] = []
  private var unique = ScalarTable()
  /// Key lists already flattened, by the address of their array's storage, with where their
  /// references start in `references`. The dictionaries of a plist that was read share a few
  /// key arrays (see `KeyLists`); those after the first copy the references instead of
  /// looking every key up again. The value being written stays alive and unchanged meanwhile,
  /// so an address cannot be reused for another array.
  private var flattenedKeys: [(storage: UnsafeRawPointer, count: Int, start: Int)] = []

  static func write(_ value: PlistValue, to out: ByteOutput) throws(PlistEncodingError) {
    var writer = BinaryPlistWriter()
    var size = Census()
    size.count(value, depth: 0)
    writer.entries.reserveCapacity(size.objects)
    writer.unique = ScalarTable(expected: size.objects)
    writer.references.reserveCapacity(size.references)
    _ = try writer.flatten(value, depth: 0)
    writer.emit(to: out)
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
        references += items.count
        countAll(items, depth: depth + 1)
      case .dictionary(let dict):
        objects += 1 + dict.count
        references += 2 * dict.count
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

  // MARK: - Flattening

  private mutating func flatten(_ value: PlistValue, depth: Int) throws(PlistEncodingError)
    -> UInt32
  {
    if entries.count >= Int(UInt32.max) - 1 {
      throw PlistEncodingError(
        format: .binary, reason: "more than \(UInt32.max - 2) distinct objects", path: "")
    }
    switch value {
    case .array(let items):
      try NestingLimit.checkWriting(inside: depth, format: .binary)
      let index = reserve()
      let base = pending.count
      // Through the buffer: the items are flattened in place, not copied out one by one.
      try items.withUnsafeBufferPointer { (buffer) throws(PlistEncodingError) in
        for position in buffer.indices {
          do throws(PlistEncodingError) {
            pending.append(try flatten(buffer[position], depth: depth + 1))
          } catch {
            throw error.inside(String(position))
          }
        }
      }
      entries[Int(index)] = .array(start: references.count, count: items.count)
      references.append(contentsOf: pending[base...])
      pending.removeSubrange(base...)
      return index
    case .dictionary(let dict):
      try NestingLimit.checkWriting(inside: depth, format: .binary)
      let index = reserve()
      let base = pending.count
      let storage = dict.keys.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      if let storage,
        let known = flattenedKeys.last(where: { $0.storage == storage && $0.count == dict.count })
      {
        pending.append(contentsOf: references[known.start..<(known.start + known.count)])
      } else {
        for key in dict.keys { pending.append(uniqued(.string(key))) }
      }
      try dict.values.withUnsafeBufferPointer { (buffer) throws(PlistEncodingError) in
        for position in buffer.indices {
          do throws(PlistEncodingError) {
            pending.append(try flatten(buffer[position], depth: depth + 1))
          } catch {
            throw error.inside(dict.keys[position])
          }
        }
      }
      entries[Int(index)] = .dictionary(start: references.count, count: dict.count)
      if let storage, dict.count > 1 { rememberKeys(storage, count: dict.count) }
      references.append(contentsOf: pending[base...])
      pending.removeSubrange(base...)
      return index
    default:
      return uniqued(value)
    }
  }

  private mutating func reserve() -> UInt32 {
    entries.append(.array(start: 0, count: 0))
    return UInt32(entries.count - 1)
  }

  private mutating func uniqued(_ scalar: PlistValue) -> UInt32 {
    let hash = unique.hash(scalar)
    let (found, slot) = unique.find(scalar, hash: hash) { index in
      if case .scalar(let stored) = entries[index] { return stored }
      return nil
    }
    if let found { return UInt32(found) }
    entries.append(.scalar(scalar))
    unique.insert(index: entries.count - 1, hash: hash, at: slot)
    return UInt32(entries.count - 1)
  }

  /// Keeps the last few key lists: a plist's records repeat only a handful of them.
  private mutating func rememberKeys(_ storage: UnsafeRawPointer, count: Int) {
    if flattenedKeys.count == 8 { flattenedKeys.removeFirst() }
    flattenedKeys.append((storage, count, references.count))
  }

  // MARK: - Emitting

  private func emit(to out: ByteOutput) {
    let fileStart = out.position
    let refSize = Self.byteWidth(UInt64(entries.count))
    var offsets: [Int] = []
    offsets.reserveCapacity(entries.count)
    out.append("bplist00")
    // Through the buffers: entries are looked at in place, not copied out (and retained and
    // released) one by one.
    entries.withUnsafeBufferPointer { entries in
      references.withUnsafeBufferPointer { references in
        for index in entries.indices {
          offsets.append(out.position - fileStart)
          switch entries[index] {
          case .scalar(let value): Self.appendScalar(value, to: out)
          case .array(let start, let count):
            Self.appendHeader(0xA0, count: count, to: out)
            for ref in references[start..<(start + count)] {
              Self.appendUInt(UInt64(ref), width: refSize, to: out)
            }
          case .dictionary(let start, let count):
            Self.appendHeader(0xD0, count: count, to: out)
            for ref in references[start..<(start + 2 * count)] {
              Self.appendUInt(UInt64(ref), width: refSize, to: out)
            }
          }
          out.flushIfFull()
        }
      }
    }
    Self.appendTrailer(
      offsets: offsets, tableOffset: out.position - fileStart,
      referenceSize: Self.byteWidth(UInt64(offsets.count)), to: out)
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
    copy.withUTF8 { appendString(utf8: $0, to: out) }
  }

  /// `appendString(_:to:)` for the bytes of a string, which must be valid UTF-8.
  static func appendString(utf8: UnsafeBufferPointer<UInt8>, to out: ByteOutput) {
    if ASCII.isASCII(utf8) {
      appendHeader(0x50, count: utf8.count, to: out)
      out.append(utf8)
      return
    }
    appendUTF16(utf8: utf8, to: out)
  }

  /// A string object in big-endian UTF-16 from UTF-8 that is not all ASCII.
  ///
  /// - Returns: False, with nothing appended, when the bytes are not valid UTF-8.
  @discardableResult
  static func appendUTF16(utf8: UnsafeBufferPointer<UInt8>, to out: ByteOutput) -> Bool {
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
