// MARK: - One top-level key, without building the other values

extension BinaryPlistReader {
  /// The value of one key of a root dictionary. The whole file is checked as a full read
  /// checks it (`BinaryPlistValidator`), so the look-up refuses exactly the files the full
  /// read refuses, with the same error; then only the key's value is decoded. Repeated keys:
  /// the last one counts, as in `PlistDictionary`.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - bytes: The whole file.
  /// - Returns: What was found; `.needsFullRead` when the root is not a dictionary.
  /// - Throws: `PlistParseError`, as `read(_:)` throws it.
  static func lookUp(_ key: String, in bytes: UnsafeBufferPointer<UInt8>)
    throws(PlistParseError) -> TopLevelLookup
  {
    var validator = try BinaryPlistValidator(bytes: bytes)
    let root = validator.reader.trailer.topObject
    let start = try validator.reader.offset(of: root)
    guard bytes[start] >> 4 == 0xD else { return .needsFullRead }
    // What `object(_:depth:)` does around the root's decoding.
    validator.enterRoot(root)
    var count = 0
    var found: Int?
    try key.withTemporaryUTF8 { (wanted) throws(PlistParseError) in
      _ = try validator.checkDictionary(at: start, info: Int(bytes[start] & 0x0F), depth: 0) {
        keyStart, valueIndex in
        count += 1
        if BinaryStringKey(bytes: bytes, start: keyStart).equals(wanted) {
          found = valueIndex
        }
      }
    }
    // The root itself, which `object(_:depth:)` counts once it is done: the budget's last
    // step.
    try validator.reader.account(1)
    guard count > 0 else { return .empty }
    guard let found else { return .missing }
    // The file passed the full read's checks and its expansion budget, so the value can be
    // decoded without the cache the budget needs.
    var reader = try BinaryPlistReader(bytes: bytes, caching: false)
    reader.onPath[root] = true
    return .found(try reader.object(found, depth: 1).value)
  }

  /// What `utf16String(at:info:)` checks, without the string: no unpaired surrogate.
  func checkUTF16(_ range: Range<Int>, at start: Int) throws(PlistParseError) {
    var i = range.lowerBound
    while i < range.upperBound {
      let unit = UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
      i += 2
      guard unit & 0xF800 == 0xD800 else { continue }
      if unit & 0xFC00 == 0xD800, i < range.upperBound,
        (UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])) & 0xFC00 == 0xDC00
      {
        i += 2
        continue
      }
      throw failure("UTF-16 string holds an unpaired surrogate", at: start)
    }
  }
}

/// A string object of a checked file, compared with a key's UTF-8 bytes without making a
/// string.
private struct BinaryStringKey {
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where the object starts.
  let start: Int

  func equals(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    var count = Int(bytes[start] & 0x0F)
    var payload = start + 1
    if count == 0x0F {
      let width = 1 << Int(bytes[start + 1] & 0x0F)
      count = Int(BinaryPlistTrailer.readUInt(bytes, at: start + 2, width: width))
      payload = start + 2 + width
    }
    if bytes[start] >> 4 == 0x5 {
      return Platform.bytesEqual(
        key, UnsafeBufferPointer(rebasing: bytes[payload..<(payload + count)]))
    }
    // UTF-16: at least one byte of UTF-8 per unit, so a longer string cannot be equal.
    guard count <= key.count else { return false }
    var utf8: [UInt8] = []
    utf8.reserveCapacity(key.count)
    var i = payload
    let end = payload + 2 * count
    while i < end {
      let unit = UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])
      i += 2
      if unit & 0xFC00 == 0xD800, i < end {
        let next = UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])
        if next & 0xFC00 == 0xDC00 {
          TextDecoder.appendScalar(0x10000 + ((unit - 0xD800) << 10) + (next - 0xDC00), to: &utf8)
          i += 2
          continue
        }
      }
      TextDecoder.appendScalar(unit, to: &utf8)
    }
    return utf8.elementsEqual(key)
  }
}
