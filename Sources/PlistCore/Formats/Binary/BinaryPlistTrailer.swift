/// The 32-byte trailer of a `bplist00` file, validated against the file it ends (the checks of
/// CoreFoundation's `__CFBinaryPlistGetTopLevelInfo`, with overflow-safe arithmetic).
struct BinaryPlistTrailer: Equatable {
  static let magicPrefix: [UInt8] = Array("bplist0".utf8)
  static let headerLength = 8
  static let length = 32

  var offsetIntSize: Int
  var objectRefSize: Int
  var objectCount: Int
  var topObject: Int
  var offsetTableOffset: Int

  /// Reads and checks the trailer; every later offset the reader follows is then bounded by
  /// `offsetTableOffset`, and `objectCount` by the file's length.
  init(validating bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) {
    let length = bytes.count
    guard length >= Self.headerLength + Self.length + 1, bytes.starts(with: Self.magicPrefix)
    else { throw Self.failure("too short or missing the bplist00 header", at: 0) }
    guard bytes[7] == UInt8(ascii: "0") else {
      throw Self.failure(
        "unsupported binary plist version bplist0\(Character(Unicode.Scalar(bytes[7])))", at: 7)
    }
    let t = length - Self.length
    offsetIntSize = Int(bytes[t + 6])
    objectRefSize = Int(bytes[t + 7])
    let count = Self.readUInt(bytes, at: t + 8, width: 8)
    let top = Self.readUInt(bytes, at: t + 16, width: 8)
    let tableOffset = Self.readUInt(bytes, at: t + 24, width: 8)
    guard (1...8).contains(offsetIntSize), (1...8).contains(objectRefSize) else {
      throw Self.failure("offset or reference width outside 1…8", at: t + 6)
    }
    guard count >= 1, count < UInt64(length), top < count else {
      throw Self.failure("object count or top object out of range", at: t + 8)
    }
    guard tableOffset >= 9, tableOffset < UInt64(t) else {
      throw Self.failure("offset table outside the file", at: t + 24)
    }
    objectCount = Int(count)
    topObject = Int(top)
    offsetTableOffset = Int(tableOffset)
    let (tableSize, overflow) = objectCount.multipliedReportingOverflow(by: offsetIntSize)
    let (tableEnd, overflowEnd) = offsetTableOffset.addingReportingOverflow(tableSize)
    guard !overflow, !overflowEnd, tableEnd == t else {
      throw Self.failure("offset table does not end at the trailer", at: t + 24)
    }
    guard objectRefSize >= 8 || UInt64(objectCount) <= (1 as UInt64) << (8 * objectRefSize) else {
      throw Self.failure("references too narrow for the object count", at: t + 7)
    }
  }

  /// A big-endian unsigned integer of 1…8 bytes, the usual widths of offsets and
  /// references read at once; the caller has checked the bounds.
  @inline(__always)
  static func readUInt(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, width: Int) -> UInt64 {
    // Checked in debug builds (the tests, the fuzzer): the 4-byte load checks nothing.
    assert(offset >= 0 && offset + width <= bytes.count)
    switch width {
    case 1: return UInt64(bytes[offset])
    case 2: return UInt64(bytes[offset]) << 8 | UInt64(bytes[offset + 1])
    case 3:
      return UInt64(bytes[offset]) << 16 | UInt64(bytes[offset + 1]) << 8
        | UInt64(bytes[offset + 2])
    case 4:
      return UInt64(
        UInt32(
          bigEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
            .loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    default:
      var value: UInt64 = 0
      for i in offset..<(offset + width) { value = value << 8 | UInt64(bytes[i]) }
      return value
    }
  }

  static func failure(_ message: String, at offset: Int) -> PlistParseError {
    PlistParseError(format: .binary, kind: .invalid(message), position: .byteOffset(offset))
  }
}
