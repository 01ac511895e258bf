/// Rewrites `bplist00` as `BinaryPlistWriter` would write its decoded tree, without the tree:
/// binary to binary through the tree peaked at 6.5 times the input, as a compact file's tree
/// (shared objects unfolded, a heap object per string and container) is several times the
/// file.
///
/// Two passes. The first walks the file from the root in the writer's order — a container,
/// its keys, its values, dictionaries' entries in key order with the last of repeated keys
/// winning — checking what the tree reader checks (bounds, cycles along the path, depth, the
/// expansion budget, charged as the tree charges it) and numbering the objects as the writer
/// would: each container anew at each use, each scalar by its canonical encoding (the
/// writer's bytes for the decoded value, so `1` and `1.0` differ and a UTF-16 string that is
/// ASCII meets its ASCII twin). It keeps only the numbering: per object, where its scalar
/// lies in the file or where its references start. The second pass writes the objects in
/// that order, each scalar encoded again from the file, to a streaming output.
///
/// A first pass that fails for any reason is not an answer: the caller goes through the tree
/// (`FileAccess.convert`), which reports the tree reader's error or the writer's, or writes.
struct BinaryToBinaryConverter {
  var reader: BinaryPlistReader
  /// Decodes the values of repeated keys that later ones replace (`sortedEntries`).
  private var replacedValues: BinaryWalk?
  /// The entries of the dictionaries being walked whose keys take the ASCII path,
  /// innermost last.
  private var asciiEntries: [BinaryPlistReader.ASCIIEntry] = []
  /// The output's objects in order: a scalar's offset in the file shifted left by two
  /// (`scalarTag`), or a container's start in `references` with `arrayTag`/`dictionaryTag`.
  var objects: [UInt64] = []
  /// Per container, its count and then its references (keys then values for a dictionary).
  var references: [UInt32] = []
  /// Child references of the containers being walked, innermost last.
  private var pending: [UInt32] = []
  /// The canonical encodings seen, by output object.
  private var unique: CanonicalScalarIndex
  /// Scalar objects of the file numbered lately, by their index's low bits: (index + 1) in
  /// the high half, the output object in the low. The keys of records repeat, and a hit
  /// spares the encoding and the table; an array over every object of the file would hold
  /// a tenth of the input more.
  private var recent = [UInt64](repeating: 0, count: 4096)
  /// The canonical encoding of the scalar being numbered, and of one it is compared with.
  private let scratch = ByteOutput()
  private let candidate = ByteOutput()
  /// A UTF-16 string's UTF-8, reused from string to string.
  var utf8: [UInt8] = []

  static let scalarTag: UInt64 = 0
  static let arrayTag: UInt64 = 1
  static let dictionaryTag: UInt64 = 2

  /// The first pass over a whole file.
  ///
  /// - Parameter bytes: The binary property list.
  /// - Throws: `PlistParseError` for a file the walk refuses, `PlistEncodingError` for one the
  ///   writer would (either way, the caller asks the tree for the message).
  init(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    reader = try BinaryPlistReader(bytes: bytes)
    let count = reader.trailer.objectCount
    unique = CanonicalScalarIndex(capacity: Self.scalarObjects(reader))
    // Room for a file whose containers are each used once (more grows); pages reserved
    // and never filled cost no memory.
    objects.reserveCapacity(count)
    let objectBytes = reader.trailer.offsetTableOffset - BinaryPlistTrailer.headerLength
    references.reserveCapacity(objectBytes / reader.trailer.objectRefSize + count)
    _ = try number(reader.trailer.topObject, depth: 0)
    // Only the numbering is needed from here on.
    unique = CanonicalScalarIndex(capacity: 0)
    recent = []
    replacedValues = nil
  }

  /// How many of the file's objects are not arrays or dictionaries: at most that many
  /// distinct scalars. (An object with a bad offset counts; the walk refuses it later.)
  private static func scalarObjects(_ reader: BinaryPlistReader) -> Int {
    var count = 0
    for index in 0..<reader.trailer.objectCount {
      guard let at = try? reader.offset(of: index) else {
        count += 1
        continue
      }
      let kind = reader.bytes[at] >> 4
      if kind != 0xA && kind != 0xD { count += 1 }
    }
    return count
  }

  // MARK: - Numbering

  private mutating func number(_ index: Int, depth: Int) throws -> UInt32 {
    try reader.account(1)
    let at = try reader.offset(of: index)
    guard !reader.onPath[index] else {
      throw PlistParseError(format: .binary, kind: .cycle(object: index), position: .byteOffset(at))
    }
    let marker = reader.bytes[at]
    guard marker >> 4 == 0xA || marker >> 4 == 0xD else {
      return try numberScalar(index, at: at, depth: depth)
    }
    try reader.checkContainerDepth(depth, at: at)
    try NestingLimit.checkWriting(inside: depth, format: .binary)
    guard objects.count < Int(UInt32.max) - 2 else {
      throw PlistEncodingError(
        format: .binary, reason: "more than \(UInt32.max - 2) distinct objects", path: "")
    }
    let output = objects.count
    objects.append(0)
    reader.onPath[index] = true
    let (count, payload) = try reader.countAndPayload(at: at, info: Int(marker & 0x0F))
    let isArray = marker >> 4 == 0xA
    let refs = try reader.referenceRange(payload, isArray ? count : 2 * count, at: at)
    let base = pending.count
    let kept: Int
    if isArray {
      let width = reader.trailer.objectRefSize
      for offset in stride(from: refs.lowerBound, to: refs.upperBound, by: width) {
        pending.append(try number(try reader.reference(at: offset, from: at), depth: depth + 1))
      }
      kept = count
    } else {
      // Every key of the file, replaced ones too, as the tree reader charges them.
      try reader.account(count)
      kept = try numberEntries(refs, at, count: count, depth: depth)
    }
    reader.onPath[index] = false
    objects[output] = UInt64(references.count) << 2 | (isArray ? Self.arrayTag : Self.dictionaryTag)
    references.append(UInt32(kept))
    references.append(contentsOf: pending[base...])
    pending.removeSubrange(base...)
    return UInt32(output)
  }

  /// Numbers a dictionary's keys, then its values, in key order; returns how many entries
  /// it keeps.
  private mutating func numberEntries(_ refs: Range<Int>, _ at: Int, count: Int, depth: Int)
    throws -> Int
  {
    if reader.orderedASCIIEntries(refs, at, into: &asciiEntries) {
      let base = asciiEntries.count - count
      for position in base..<asciiEntries.count {
        let key = asciiEntries[position].keyObject
        pending.append(try numberScalar(key, at: try reader.offset(of: key), depth: depth + 1))
      }
      for position in base..<(base + count) {
        // Entries of nested dictionaries come and go above `base` meanwhile.
        pending.append(try number(asciiEntries[position].value, depth: depth + 1))
      }
      asciiEntries.removeSubrange(base...)
      return count
    }
    let entries = try reader.sortedEntries(
      refs, at, depth: depth, replacedValues: &replacedValues)
    for key in entries.keyObjects {
      pending.append(try numberScalar(key, at: try reader.offset(of: key), depth: depth + 1))
    }
    for value in entries.values { pending.append(try number(value, depth: depth + 1)) }
    return entries.values.count
  }

  /// The output object of the scalar object `index` at `at`: the one numbered for an equal
  /// canonical encoding, or a new one.
  private mutating func numberScalar(_ index: Int, at: Int, depth: Int) throws -> UInt32 {
    let cached = recent[index & (recent.count - 1)]
    if cached >> 32 == UInt64(index + 1) { return UInt32(truncatingIfNeeded: cached) }
    scratch.truncate(to: 0)
    try Self.encodeScalar(at: at, depth: depth, from: &reader, utf8: &utf8, to: scratch)
    let hash = unique.hash(scratch.buffered(0..<scratch.position))
    let (found, slot) = unique.find(hash: hash) { object in
      // The same object of the file again (missed by `recent`, whose slot another took):
      // equal without encoding it a second time, which made alternating long strings
      // quadratic.
      if Int(objects[object] >> 2) == at { return true }
      candidate.truncate(to: 0)
      // A copy of the reader, made only when a tag matches: it decodes scalars only, which
      // change nothing in it, so the copy shares its storage.
      var comparing = reader
      var comparingUTF8: [UInt8] = []
      // Numbered objects were encoded once already: this cannot fail.
      let stored = Int(objects[object] >> 2)
      guard
        (try? Self.encodeScalar(
          at: stored, depth: depth, from: &comparing, utf8: &comparingUTF8, to: candidate))
          != nil
      else { return false }
      return Platform.bytesEqual(
        scratch.buffered(0..<scratch.position), candidate.buffered(0..<candidate.position))
    }
    let output: Int
    if let found {
      output = found
    } else {
      guard objects.count < Int(UInt32.max) - 2 else {
        throw PlistEncodingError(
          format: .binary, reason: "more than \(UInt32.max - 2) distinct objects", path: "")
      }
      output = objects.count
      objects.append(UInt64(at) << 2 | Self.scalarTag)
      unique.insert(output, hash: hash, at: slot)
    }
    recent[index & (recent.count - 1)] = UInt64(index + 1) << 32 | UInt64(output)
    return UInt32(output)
  }
}
