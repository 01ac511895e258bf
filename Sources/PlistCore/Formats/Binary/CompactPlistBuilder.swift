/// Fills a `CompactPlist` as a reader meets values: scalars are encoded and interned at
/// once, and the children of the open containers wait on one stack until their container
/// closes, when they move to `children` in the order the binary writer wants them.
struct CompactPlistBuilder {
  /// A value of the storage: a scalar's id or a container's index.
  typealias Reference = CompactPlist.Reference

  /// What is built.
  private(set) var plist: CompactPlist
  /// The children of the open containers, innermost last; a dictionary's as key, value,
  /// key, value….
  var pending: [Reference] = []
  /// Key lists of dictionaries already found in key order: a plist's dictionaries mostly
  /// repeat a few of them. Their markup lets the XML walk match keys as bytes
  /// (`XMLCompactVisitor`), and their ids let `keysIncrease` recognise a list at once.
  var keyLists = KeyLists<Reference>()

  /// - Parameter expectedBytes: The size of the text read, to size the tables.
  init(expectedBytes: Int) {
    plist = CompactPlist(expectedBytes: expectedBytes)
    pending.reserveCapacity(1024)
  }

  /// How many children the open containers hold: where a container opened now starts.
  var openChildren: Int { pending.count }

  /// Adds a child (or a dictionary's key) to the innermost open container.
  @inline(__always)
  mutating func append(_ reference: Reference) { pending.append(reference) }

  /// Sets the top value.
  mutating func finish(root: Reference) -> CompactPlist {
    plist.root = root
    return plist
  }

  // MARK: - Scalars

  /// A number, date, boolean or UID (not a string, data or container).
  @inline(__always)
  mutating func scalar(_ value: PlistValue) -> Reference {
    let start = plist.scalars.end
    BinaryPlistWriter.appendScalar(value, to: plist.scalars.bytes)
    return plist.scalars.intern(from: start)
  }

  /// A string from its UTF-8, or nil when that is not valid UTF-8.
  @inline(__always)
  mutating func string(utf8: UnsafeBufferPointer<UInt8>) -> Reference? {
    let start = plist.scalars.end
    guard BinaryPlistWriter.appendString(utf8: utf8, to: plist.scalars.bytes) else { return nil }
    return plist.scalars.intern(from: start)
  }

  /// Data from base64 text.
  ///
  /// - Throws: What `Base64.decode(_:)` throws for the text.
  mutating func data(base64 text: UnsafeBufferPointer<UInt8>) throws(Base64.DecodeFailure)
    -> Reference
  {
    // Decoded in place, after room for the longest header, then the header written before
    // them: through a buffer of their own, a document of data took more memory than the tree.
    let start = plist.scalars.end
    let room = BinaryPlistWriter.maximumHeaderLength
    _ = try plist.scalars.bytes.append(atMost: room + Base64.maximumDecodedCount(text)) {
      (buffer) throws(Base64.DecodeFailure) in
      let count = try Base64.decode(
        text, into: UnsafeMutableBufferPointer(rebasing: buffer[room...]))
      var header = (UInt64(0), UInt64(0))
      let length = withUnsafeMutableBytes(of: &header) {
        BinaryPlistWriter.writeHeader(0x40, count: count, into: $0.bindMemory(to: UInt8.self))
      }
      let raw = UnsafeMutableRawBufferPointer(buffer)
      // The bytes moved down to follow the header (the two ranges overlap: a memmove).
      UnsafeMutableRawBufferPointer(rebasing: raw[length..<(length + count)])
        .copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[room..<(room + count)]))
      withUnsafeBytes(of: header) {
        UnsafeMutableRawBufferPointer(rebasing: raw[..<length])
          .copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<length]))
      }
      return length + count
    }
    return plist.scalars.intern(from: start)
  }

  // MARK: - Containers

  /// Closes the innermost open array, whose children start at `base`.
  mutating func closeArray(from base: Int) -> Reference {
    let start = plist.children.count
    plist.children.append(contentsOf: pending[base...])
    pending.removeSubrange(base...)
    return addContainer(start: start, count: plist.children.count - start, isDictionary: false)
  }

  /// Closes the innermost open dictionary, whose keys and values start at `base`: keys in
  /// key order, the last of repeated keys kept (as `PlistDictionary(keys:values:)` keeps
  /// them); or, for a dictionary that spells a UID, the UID.
  ///
  /// - Parameters:
  ///   - base: Where the dictionary's keys and values start among the open children.
  ///   - ordered: The keys are known to be in key order (a remembered list, all of it).
  ///   - uid: The UID the dictionary spells, which it then stands for.
  /// - Returns: The dictionary or the UID.
  mutating func closeDictionary(from base: Int, ordered: Bool, uid: UInt64?) -> Reference {
    if let uid {
      pending.removeSubrange(base...)
      return scalar(.uid(uid))
    }
    let pairs = (pending.count - base) / 2
    let start = plist.children.count
    if ordered || keysIncrease(from: base, count: pairs) {
      for index in 0..<pairs { plist.children.append(pending[base + 2 * index]) }
      for index in 0..<pairs { plist.children.append(pending[base + 2 * index + 1]) }
    } else {
      let kept = keptInKeyOrder(from: base, count: pairs)
      for index in kept { plist.children.append(pending[base + 2 * index]) }
      for index in kept { plist.children.append(pending[base + 2 * index + 1]) }
    }
    pending.removeSubrange(base...)
    return addContainer(
      start: start, count: (plist.children.count - start) / 2, isDictionary: true)
  }

  /// Records a container whose references are `plist.children[start...]`.
  private mutating func addContainer(start: Int, count: Int, isDictionary: Bool) -> Reference {
    plist.containers.append(
      CompactPlist.Container(start: start, count: count, isDictionary: isDictionary))
    return Reference(plist.containers.count - 1) | CompactPlist.containerBit
  }
}
