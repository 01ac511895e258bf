/// Writes an uncompacted `bplist00` image object by object, each after its children (a
/// container's references are then known): what a text reader makes instead of a value tree
/// for `PropertyListConversion` (`JSONImageVisitor`, `OpenStepImageVisitor`). Equal scalars are not
/// merged, except keys written lately (records repeat a few keys); references are four bytes
/// wide. The converters that read binary without a tree then write from the image exactly
/// what the tree's writers would.
///
/// A class, so that a reader's closure that gets a string's bytes can write them (a struct
/// inside the builder would be captured with the builder). Its state is used by one walk at
/// a time, never re-entrantly: the run-time exclusivity checks of a class's properties (6 %
/// of a JSON conversion) are left out.
final class BinaryImageWriter {
  /// The image's bytes, which the output's drain fills.
  private final class Image {
    var bytes: [UInt8] = []
  }

  private let image = Image()
  private let out: ByteOutput
  /// Where each object starts in the image.
  @exclusivity(unchecked) private var offsets: [UInt32] = []
  /// Keys written lately, by a hash of their bytes, with their bytes and their objects.
  @exclusivity(unchecked) private var recentKeys = [(key: [UInt8], object: UInt32)?](
    repeating: nil, count: 1024)
  /// Set once the image outgrows 32-bit offsets and references: it is then not made.
  @exclusivity(unchecked) private var overflowed = false

  /// - Parameter reserving: The bytes the image is expected to take (pages reserved and
  ///   never filled cost nothing; the image is filled 64 KiB at a time, with no copy of the
  ///   whole when it grows or ends).
  ///   The room is taken only once the first 64 KiB are written: a text that the reader
  ///   refuses at once (JSON, tried as OpenStep first) asks for none, as a large block freed
  ///   at once raises glibc's threshold for mapping blocks of their own, after which freed
  ///   growth stays in the heap.
  init(reserving: Int) {
    let image = self.image
    expectedObjects = reserving / 8
    out = ByteOutput { bytes in
      if image.bytes.isEmpty { image.bytes.reserveCapacity(reserving) }
      image.bytes.append(contentsOf: bytes)
    }
    out.append("bplist00")
  }

  /// How many objects to make room for once the image is under way.
  private let expectedObjects: Int

  /// Starts an object; returns its number.
  private func startObject() -> UInt32 {
    out.flushIfFull()
    if offsets.count >= Int(UInt32.max) || out.position >= Int(UInt32.max) { overflowed = true }
    if offsets.count == 4096 { offsets.reserveCapacity(max(8192, expectedObjects)) }
    offsets.append(UInt32(truncatingIfNeeded: out.position))
    return UInt32(truncatingIfNeeded: offsets.count - 1)
  }

  /// A scalar object, as the binary writer encodes it.
  func scalar(_ value: PlistValue) -> UInt32 {
    let object = startObject()
    BinaryPlistWriter.appendScalar(value, to: out)
    return object
  }

  /// A string object for valid UTF-8: ASCII as it is, anything else as UTF-16.
  func string(utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let object = startObject()
    let written = BinaryPlistWriter.appendString(utf8: utf8, to: out)
    assert(written, "the walk hands over valid UTF-8 only")
    return object
  }

  /// A string object for a dictionary key (valid UTF-8): the one written for the same key
  /// lately, or a new one.
  func key(utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    let slot = Int(hash & UInt32(recentKeys.count - 1))
    if let recent = recentKeys[slot],
      recent.key.withUnsafeBufferPointer({ Platform.bytesEqual($0, utf8) })
    {
      return recent.object
    }
    let object = string(utf8: utf8)
    recentKeys[slot] = (Array(utf8), object)
    return object
  }

  /// `key(utf8:)` for a key read as a `String`.
  func key(_ key: String) -> UInt32 {
    var copy = key
    return copy.withUTF8 { self.key(utf8: $0) }
  }

  /// An array of the objects `items`.
  func array(_ items: ArraySlice<UInt32>) -> UInt32 {
    let object = startObject()
    BinaryPlistWriter.appendHeader(0xA0, count: items.count, to: out)
    for item in items { out.appendBigEndian(UInt64(item), width: 4) }
    return object
  }

  /// A dictionary whose entries lie in `entries` as key, value, key, value…, in the text's
  /// order (repeated keys too: the binary reader keeps the last, as the text readers do).
  func dictionary(interleaved entries: ArraySlice<UInt32>) -> UInt32 {
    let object = startObject()
    BinaryPlistWriter.appendHeader(0xD0, count: entries.count / 2, to: out)
    for key in stride(from: entries.startIndex, to: entries.endIndex, by: 2) {
      out.appendBigEndian(UInt64(entries[key]), width: 4)
    }
    for value in stride(from: entries.startIndex + 1, to: entries.endIndex, by: 2) {
      out.appendBigEndian(UInt64(entries[value]), width: 4)
    }
    return object
  }

  /// The image of a text, which `read` (a text format's walk with its image visitor) reads
  /// into a writer sized for it and returns the root of.
  ///
  /// - Returns: The image; nil when it outgrew 32-bit offsets.
  /// - Throws: `PlistParseError` for a text the walk refuses, or not in the format's
  ///   encodings: the tree reader's error.
  static func checkedImage(
    of bytes: UnsafeBufferPointer<UInt8>, format: PlistFormat,
    read: (UnsafeBufferPointer<UInt8>, BinaryImageWriter) throws(PlistParseError) -> UInt32
  ) throws(PlistParseError) -> [UInt8]? {
    try TextDecoder.withUTF8(bytes, format: format) {
      (text) throws(PlistParseError) -> [UInt8]? in
      let image = BinaryImageWriter(reserving: text.count + text.count / 4)
      return image.finish(top: try read(text, image))
    }
  }

  /// The image with `top` as its root, or nil when it outgrew 32-bit offsets.
  func finish(top: UInt32) -> [UInt8]? {
    guard !overflowed, out.position < Int(UInt32.max) else { return nil }
    BinaryPlistWriter.appendTrailer(
      offsets: offsets, tableOffset: out.position, referenceSize: 4, top: UInt64(top), to: out)
    offsets = []
    _ = out.finish()
    defer { image.bytes = [] }
    return image.bytes
  }
}

extension BinaryImageWriter {
  /// The objects of the containers a text walk has open, innermost last: an array's items,
  /// or a dictionary's key and value in turn; each container written when it closes.
  struct Pending {
    private var objects: [UInt32] = []

    /// Where a container opened now starts.
    var base: Int { objects.count }

    mutating func append(_ object: UInt32) { objects.append(object) }

    /// Writes the array whose items are pending from `base`, and takes them off.
    mutating func writeArray(from base: Int, to image: BinaryImageWriter) -> UInt32 {
      // The slice is a temporary: a slice kept alive would share the storage, and taking
      // the items off would copy all of it (the root's pending items each time).
      let object = image.array(objects[base...])
      objects.removeSubrange(base...)
      return object
    }

    /// Writes the dictionary whose keys and values are pending from `base`, and takes them
    /// off.
    mutating func writeDictionary(from base: Int, to image: BinaryImageWriter) -> UInt32 {
      let object = image.dictionary(interleaved: objects[base...])
      objects.removeSubrange(base...)
      return object
    }
  }
}
