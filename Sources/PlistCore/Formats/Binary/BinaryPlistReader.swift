/// The primitives of reading `bplist00` files defensively, which every walk of one uses
/// (`BinaryWalk`, the converters): every offset, count and reference is checked before use,
/// counts never size an allocation up front, and an expansion budget stops graphs whose
/// shared containers would unfold into billions of values (`BinaryPlistReader+Limits`).
/// Scalars are decoded here too, for every walk (`visitScalar`).
struct BinaryPlistReader {
  let bytes: UnsafeBufferPointer<UInt8>
  let trailer: BinaryPlistTrailer
  /// Values produced so far, counting every use of a shared object in full.
  var expandedCount = 0
  let expansionLimit: Int

  /// - Parameter bytes: The whole file.
  /// - Throws: `PlistParseError` when the header or trailer is invalid.
  init(bytes: UnsafeBufferPointer<UInt8>) throws(PlistParseError) {
    self.bytes = bytes
    trailer = try BinaryPlistTrailer(validating: bytes)
    expansionLimit = Self.expansionLimit(forSize: bytes.count)
  }

  /// The offset of object `index`, checked to lie in the object table; the usual widths are
  /// read in one load.
  @inline(__always)
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

  /// The object number at `offset` of a container whose marker is at `marker`, checked to
  /// name an object; the usual widths are read in one load.
  @inline(__always)
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
