/// Reads `bplist00` files defensively: every offset, count and reference is checked before
/// use, counts never size an allocation up front, objects on the current path are tracked to
/// refuse cycles (shared objects are legal and decoded once), and an expansion budget stops
/// graphs whose shared containers would unfold into billions of values.
struct BinaryPlistReader {
  let bytes: UnsafeBufferPointer<UInt8>
  let trailer: BinaryPlistTrailer
  /// Decoded objects by index, with the number of values each unfolds to and its height.
  var cache: [CachedObject?]
  /// Objects on the path from the root to the object being decoded.
  var onPath: [Bool]
  /// Values produced so far, counting every use of a shared object in full.
  var expandedCount = 0
  let expansionLimit: Int

  struct CachedObject {
    let value: PlistValue
    let extent: ObjectExtent

    var size: Int { extent.size }
    var height: Int { extent.height }
  }

  static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistValue {
    var reader = try BinaryPlistReader(bytes: bytes)
    return try reader.object(reader.trailer.topObject, depth: 0).value
  }

  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - caching: Keep decoded objects for reuse (needed to build a tree of shared values;
  ///     a streaming converter decodes only scalars and does without).
  /// - Throws: `PlistParseError` when the header or trailer is invalid.
  init(bytes: UnsafeBufferPointer<UInt8>, caching: Bool = true) throws(PlistParseError) {
    self.bytes = bytes
    trailer = try BinaryPlistTrailer(validating: bytes)
    // objectCount is bounded by the file length (the offset table lies inside the file).
    cache = caching ? Array(repeating: nil, count: trailer.objectCount) : []
    onPath = Array(repeating: false, count: trailer.objectCount)
    expansionLimit = Self.expansionLimit(forSize: bytes.count)
  }

  /// The offset of object `index`, checked to lie in the object table.
  func offset(of index: Int) throws(PlistParseError) -> Int {
    let entry = trailer.offsetTableOffset + index * trailer.offsetIntSize
    let offset = BinaryPlistTrailer.readUInt(bytes, at: entry, width: trailer.offsetIntSize)
    guard offset >= UInt64(BinaryPlistTrailer.headerLength),
      offset < UInt64(trailer.offsetTableOffset)
    else {
      throw BinaryPlistTrailer.failure(
        "object \(index) has an offset outside the object table", at: entry)
    }
    return Int(offset)
  }

  mutating func object(_ index: Int, depth: Int) throws(PlistParseError) -> CachedObject {
    if index < cache.count, let cached = cache[index] {
      // Taken again as the walks that go down would meet it (`BinaryPlistReader+Limits`).
      try checkReuse(of: index, height: cached.height, depth: depth) { cache[$0]?.height ?? 0 }
      try account(cached.size)
      return cached
    }
    let at = try offset(of: index)
    guard !onPath[index] else {
      throw PlistParseError(format: .binary, kind: .cycle(object: index), position: .byteOffset(at))
    }
    onPath[index] = true
    let before = expandedCount
    var height = 0
    let value = try decodeObject(at: at, depth: depth, height: &height)
    onPath[index] = false
    try account(1)
    let decoded = CachedObject(
      value: value, extent: ObjectExtent(size: expandedCount - before, height: height))
    if index < cache.count { cache[index] = decoded }
    return decoded
  }
}
