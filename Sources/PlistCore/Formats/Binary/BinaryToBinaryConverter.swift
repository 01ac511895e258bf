/// Rewrites `bplist00` as `BinaryPlistWriter` would write its decoded tree, without the tree:
/// binary to binary through the tree peaked at 6.5 times the input, as a compact file's tree
/// (shared objects unfolded, a heap object per string and container) is several times the
/// file.
///
/// Two passes. The first is a visitor of the key-order walk (`BinaryKeyOrderWalk`: the file
/// visited in the writer's order and checked as the tree reader checks it) that numbers the
/// objects as the writer would: each container anew at each use, each scalar by its
/// canonical encoding (the writer's bytes for the decoded value, so `1` and `1.0` differ and
/// a UTF-16 string that is ASCII meets its ASCII twin). It keeps only the numbering
/// (`BinaryWriterOrder`, each scalar known by where it lies in the file). The second pass
/// writes the objects in that order, each scalar encoded again from the file, to a streaming
/// output.
struct BinaryToBinaryConverter: BinaryKeyOrderVisitor, BinaryScalarEncoder {
  let reader: BinaryPlistReader
  /// The output's objects in order.
  var order: BinaryWriterOrder
  /// The canonical encodings seen, by output object. Sized for every scalar object of the
  /// file, it never grows.
  private var unique: ScalarTable
  /// Scalar objects of the file numbered lately, by their index's low bits: (index + 1) in
  /// the high half, the output object in the low. The keys of records repeat, and a hit
  /// spares the encoding and the table; an array over every object of the file would hold
  /// a tenth of the input more.
  private var recent = [UInt64](repeating: 0, count: 4096)
  /// The canonical encoding of the scalar being numbered, and of one it is compared with.
  private let scratch = ByteOutput()
  private let candidate = ByteOutput()

  /// The first pass over a whole file.
  ///
  /// - Parameter bytes: The binary property list.
  /// - Throws: `.parse` with the tree reader's error for a file it refuses, `.encoding` for
  ///   one the writer would refuse.
  init(_ bytes: UnsafeBufferPointer<UInt8>) throws(StreamingConversionFailure) {
    var walk: BinaryKeyOrderWalk
    do { walk = try BinaryKeyOrderWalk(bytes) } catch { throw .parse(error) }
    reader = walk.reader
    let count = reader.trailer.objectCount
    unique = ScalarTable(capacity: Self.scalarObjects(reader))
    // Room for a file whose containers are each used once (more grows); pages reserved
    // and never filled cost no memory.
    let objectBytes = reader.trailer.offsetTableOffset - BinaryPlistTrailer.headerLength
    order = BinaryWriterOrder(
      objects: count, references: objectBytes / reader.trailer.objectRefSize + count)
    try walk.walkRoot(&self)
    // Only the numbering is needed from here on.
    unique = ScalarTable()
    recent = []
  }

  /// How many of the file's objects are not arrays or dictionaries: at most that many
  /// distinct scalars.
  private static func scalarObjects(_ reader: BinaryPlistReader) -> Int {
    var count = 0
    for index in 0..<reader.trailer.objectCount {
      guard let at = try? reader.offset(of: index) else { continue }
      let kind = reader.bytes[at] >> 4
      if kind != 0xA && kind != 0xD { count += 1 }
    }
    return count
  }

  // MARK: - Numbering

  mutating func scalar(_ index: Int, at start: Int, depth: Int, in reader: BinaryPlistReader)
    throws(StreamingConversionFailure)
  {
    try number(index, at: start)
  }

  mutating func openArray(count: Int, depth: Int) throws(StreamingConversionFailure) {
    do { try order.open(isDictionary: false, count: count) } catch { throw .encoding(error) }
  }

  func item(_ position: Int, depth: Int) {}

  mutating func closeArray(count: Int, depth: Int) {
    order.close()
  }

  /// Numbers the keys, which the writer writes before the values.
  mutating func openDictionary(
    _ keys: ArraySlice<BinaryKey>, depth: Int, in reader: BinaryPlistReader
  ) throws(StreamingConversionFailure) {
    do { try order.open(isDictionary: true, count: keys.count) } catch {
      throw .encoding(error)
    }
    for key in keys { try number(key.object, at: key.at) }
  }

  func entry(_ position: Int, key: BinaryKey, depth: Int, in reader: BinaryPlistReader) {}

  mutating func closeDictionary(count: Int, depth: Int) {
    order.close()
  }

  /// The output object of the scalar object `index` at `at`: the one numbered for an equal
  /// canonical encoding, or a new one.
  private mutating func number(_ index: Int, at: Int) throws(StreamingConversionFailure) {
    let cached = recent[index & (recent.count - 1)]
    if cached >> 32 == UInt64(index + 1) {
      return order.refer(to: UInt32(truncatingIfNeeded: cached))
    }
    scratch.truncate(to: 0)
    try parsing { () throws(PlistParseError) in
      try Self.encodeScalar(at: at, from: reader, to: scratch)
    }
    let hash = unique.hash(bytes: scratch.buffered(0..<scratch.position))
    let (found, slot) = unique.find(hash: hash) { object in
      // The same object of the file again (missed by `recent`, whose slot another took):
      // equal without encoding it a second time, which made alternating long strings
      // quadratic.
      let stored = Int(order.handle(of: object))
      if stored == at { return true }
      candidate.truncate(to: 0)
      // Numbered objects were encoded once already: this cannot fail.
      guard (try? Self.encodeScalar(at: stored, from: reader, to: candidate)) != nil else {
        return false
      }
      return Platform.bytesEqual(
        scratch.buffered(0..<scratch.position), candidate.buffered(0..<candidate.position))
    }
    let output: UInt32
    if let found {
      output = UInt32(found)
      order.refer(to: output)
    } else {
      do { output = try order.add(scalar: UInt64(at)) } catch { throw .encoding(error) }
      unique.insert(Int(output), hash: hash, at: slot)
    }
    recent[index & (recent.count - 1)] = UInt64(index + 1) << 32 | UInt64(output)
  }
}
