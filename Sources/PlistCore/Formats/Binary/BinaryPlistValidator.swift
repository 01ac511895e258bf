/// Checks a `bplist00` file exactly as `BinaryPlistReader` reads it — the same objects visited
/// in the same order, the same checks, the same error for the first problem, the same
/// expansion budget — without making any value: what a look-up of one key does to the rest
/// of the file. Building the 200,000 strings of a 100,000-key domain was 95 % of reading one
/// key from it.
///
/// It walks as `BinaryPlistReader.object(_:depth:)` and `decode(at:depth:)` do and uses the
/// reader's own bounds checks; a change to what the reader refuses belongs in both (the
/// `lazy-binary` fuzz target and `LazyLookupTests` compare them).
struct BinaryPlistValidator {
  /// For its checks (offsets, counts, ranges, references, depth), its path of open objects
  /// and its expansion budget; it keeps no values.
  var reader: BinaryPlistReader
  /// Per object: what it unfolds to, once finished, and whether it is on the current path.
  private let marks: ObjectMarks

  init(bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) {
    reader = try BinaryPlistReader(bytes: bytes, caching: false)
    marks = ObjectMarks(count: reader.trailer.objectCount)
  }

  /// Mark the root as open, as `object(_:depth:)` does before decoding it.
  func enterRoot(_ index: Int) { marks.onPath[index] = true }

  var bytes: UnsafeBufferPointer<UInt8> { reader.bytes }

  /// `BinaryPlistReader.object(_:depth:)` without the value; returns where the object starts
  /// and its height.
  @discardableResult
  mutating func check(_ index: Int, depth: Int) throws(PlistParseError)
    -> (start: Int, height: Int)
  {
    let at = try offset(of: index)
    let finished = marks.extents[index]
    if finished.isFinished {
      let extents = marks.extents
      try reader.checkReuse(of: index, height: finished.height, depth: depth) {
        extents[$0].height
      }
      try reader.account(finished.size)
      return (at, finished.height)
    }
    guard !marks.onPath[index] else {
      throw PlistParseError(format: .binary, kind: .cycle(object: index), position: .byteOffset(at))
    }
    marks.onPath[index] = true
    let before = reader.expandedCount
    let height = try checkObject(at: at, depth: depth)
    marks.onPath[index] = false
    try reader.account(1)
    marks.extents[index] = ObjectExtent(size: reader.expandedCount - before, height: height)
    return (at, height)
  }

  /// `BinaryPlistReader.reference(at:from:)`, with the usual widths read directly.
  @inline(__always)
  private func reference(at offset: Int, from marker: Int) throws(PlistParseError) -> Int {
    let ref: Int
    switch reader.trailer.objectRefSize {
    case 1: ref = Int(bytes[offset])
    case 2: ref = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    case 3: ref = Int(bytes[offset]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
    case 4:
      ref = Int(
        UInt32(
          bigEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
            .loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    default: return try reader.reference(at: offset, from: marker)
    }
    guard ref < reader.trailer.objectCount else {
      return try reader.reference(at: offset, from: marker)
    }
    return ref
  }

  /// `BinaryPlistReader.offset(of:)`, with the usual widths read in one load.
  @inline(__always)
  func offset(of index: Int) throws(PlistParseError) -> Int {
    let trailer = reader.trailer
    let entry = trailer.offsetTableOffset + index * trailer.offsetIntSize
    let offset: UInt64
    switch trailer.offsetIntSize {
    case 1: offset = UInt64(bytes[entry])
    case 2: offset = UInt64(bytes[entry]) << 8 | UInt64(bytes[entry + 1])
    case 3:
      offset = UInt64(bytes[entry]) << 16 | UInt64(bytes[entry + 1]) << 8 | UInt64(bytes[entry + 2])
    case 4:
      offset = UInt64(
        UInt32(
          bigEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
            .loadUnaligned(fromByteOffset: entry, as: UInt32.self)))
    default: return try reader.offset(of: index)
    }
    guard offset >= UInt64(BinaryPlistTrailer.headerLength),
      offset < UInt64(trailer.offsetTableOffset)
    else { return try reader.offset(of: index) }
    return Int(offset)
  }

  /// `BinaryPlistReader.decodeObject(at:depth:)` without the value: returns the height.
  private mutating func checkObject(at start: Int, depth: Int) throws(PlistParseError) -> Int {
    let marker = bytes[start]
    let info = Int(marker & 0x0F)
    // The commonest object, an ASCII string of up to 255 bytes, checked here as
    // `countAndPayload` and `checkedRange` would check it; anything else, and every failure,
    // takes the general way below.
    if marker >> 4 == 0x5 {
      var count = info
      var payload = start + 1
      if info == 0x0F && start + 2 < reader.trailer.offsetTableOffset && bytes[start + 1] == 0x10 {
        count = Int(bytes[start + 2])
        payload = start + 3
      }
      if count < 0x0F || payload == start + 3,
        payload + count <= reader.trailer.offsetTableOffset,
        ASCII.isASCII(UnsafeBufferPointer(rebasing: bytes[payload..<(payload + count)]))
      {
        return 0
      }
    }
    switch marker >> 4 {
    case 0x0 where marker == 0x08 || marker == 0x09: return 0
    case 0x1: try checkInteger(at: start, widthLog2: info)
    case 0x2 where info == 2: _ = try reader.unsigned(at: start + 1, width: 4)
    case 0x2 where info == 3: _ = try reader.unsigned(at: start + 1, width: 8)
    case 0x3 where marker == 0x33: _ = try reader.unsigned(at: start + 1, width: 8)
    case 0x4:
      let (count, payload) = try reader.countAndPayload(at: start, info: info)
      _ = try reader.checkedRange(payload, count, at: start)
    case 0x5:
      let (count, payload) = try reader.countAndPayload(at: start, info: info)
      let range = try reader.checkedRange(payload, count, at: start)
      guard ASCII.isASCII(UnsafeBufferPointer(rebasing: bytes[range])) else {
        throw reader.failure("ASCII string holds a byte above 0x7F", at: start)
      }
    case 0x6:
      let (count, payload) = try reader.countAndPayload(at: start, info: info)
      let range = try reader.checkedRange(
        payload, count.multipliedReportingOverflow(by: 2).partialValue, at: start)
      try reader.checkUTF16(range, at: start)
    case 0x8:
      guard info < 8 else { throw reader.failure("UID wider than 8 bytes", at: start) }
      _ = try reader.unsigned(at: start + 1, width: info + 1)
    case 0xA: return try checkArray(at: start, info: info, depth: depth)
    case 0xD: return try checkDictionary(at: start, info: info, depth: depth)
    default:
      // A set, an unknown marker: the reader's own error.
      _ = try reader.decode(at: start, depth: depth)
    }
    return 0
  }

  private func checkInteger(at start: Int, widthLog2: Int) throws(PlistParseError) {
    guard widthLog2 <= 4 else { throw reader.failure("integer wider than 16 bytes", at: start) }
    let width = 1 << widthLog2
    guard width == 16 else {
      _ = try reader.unsigned(at: start + 1, width: width)
      return
    }
    let high = try reader.unsigned(at: start + 1, width: 8)
    let low = try reader.unsigned(at: start + 9, width: 8)
    guard high == 0 || (high == UInt64.max && Int64(bitPattern: low) < 0) else {
      throw reader.failure("16-byte integer outside the 64-bit range", at: start)
    }
  }

  /// Returns the array's height.
  private mutating func checkArray(at start: Int, info: Int, depth: Int) throws(PlistParseError)
    -> Int
  {
    try reader.checkContainerDepth(depth, at: start)
    let (count, payload) = try reader.countAndPayload(at: start, info: info)
    let refs = try reader.referenceRange(payload, count, at: start)
    var height = 0
    var at = refs.lowerBound
    while at < refs.upperBound {
      height = max(height, try check(try reference(at: at, from: start), depth: depth + 1).height)
      at += reader.trailer.objectRefSize
    }
    return height + 1
  }

  /// The entries of a dictionary: each key checked, then its value; `entry` is called with
  /// where the key starts and the value's index after both were checked. Returns the
  /// dictionary's height.
  @discardableResult
  mutating func checkDictionary(
    at start: Int, info: Int, depth: Int,
    entry: (Int, Int) throws(PlistParseError) -> Void = {
      _, _ in
    }
  ) throws(PlistParseError) -> Int {
    try reader.checkContainerDepth(depth, at: start)
    let (count, payload) = try reader.countAndPayload(at: start, info: info)
    let keyRefs = try reader.referenceRange(payload, count, at: start)
    let valueRefs = try reader.referenceRange(keyRefs.upperBound, count, at: start)
    var keyAt = keyRefs.lowerBound
    var valueAt = valueRefs.lowerBound
    var height = 0
    while keyAt < keyRefs.upperBound {
      let keyIndex = try reference(at: keyAt, from: start)
      let keyStart = try check(keyIndex, depth: depth + 1).start
      guard bytes[keyStart] >> 4 == 0x5 || bytes[keyStart] >> 4 == 0x6 else {
        throw reader.failure("dictionary key (object \(keyIndex)) is not a string", at: start)
      }
      let valueIndex = try reference(at: valueAt, from: start)
      height = max(height, try check(valueIndex, depth: depth + 1).height)
      try entry(keyStart, valueIndex)
      keyAt += reader.trailer.objectRefSize
      valueAt += reader.trailer.objectRefSize
    }
    return height + 1
  }
}

/// The validator's per-object state in two buffers of their own (arrays inside the
/// validator were checked for sharing at every write: 6 % of a look-up).
private final class ObjectMarks {
  let extents: UnsafeMutableBufferPointer<ObjectExtent>
  let onPath: UnsafeMutableBufferPointer<Bool>

  init(count: Int) {
    extents = .allocate(capacity: count)
    extents.initialize(repeating: .none)
    onPath = .allocate(capacity: count)
    onPath.initialize(repeating: false)
  }

  deinit {
    extents.deallocate()
    onPath.deallocate()
  }
}
