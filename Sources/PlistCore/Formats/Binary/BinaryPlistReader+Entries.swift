/// A dictionary's entries in the order the value tree holds them (`PlistDictionary`: keys
/// sorted, the last of repeated keys winning), found from the file's bytes: what the
/// converters that walk a file without a tree (`BinaryStreamingConverter`,
/// `BinaryToBinaryConverter`) write in place of a decoded dictionary.
extension BinaryPlistReader {
  /// One entry of a dictionary whose keys are written from the file's bytes.
  typealias ASCIIEntry = (key: Range<Int>, keyObject: Int, value: Int)

  /// The entries in key order: their keys decoded, with the keys' and the values' objects.
  struct SortedEntries {
    let keys: [String]
    let keyObjects: [Int]
    let values: [Int]
  }

  /// Appends a dictionary's entries to `entries` when every key is an ASCII string object
  /// and the keys are strictly increasing — as CoreFoundation, plistlib and plistctl write
  /// them — and returns true. Such keys can be written from the file's bytes, in the file's
  /// order, which is then the key order (UTF-16 order is byte order on ASCII), with no
  /// repeated key. Anything else, a broken reference included, appends nothing and returns
  /// false: `sortedEntries` then sorts, or reports the problem as the tree reader does.
  ///
  /// - Parameters:
  ///   - refs: The dictionary's references, keys then values.
  ///   - start: Where the dictionary's marker is.
  ///   - entries: Where the entries go.
  /// - Returns: Whether the dictionary took this path.
  func orderedASCIIEntries(_ refs: Range<Int>, _ start: Int, into entries: inout [ASCIIEntry])
    -> Bool
  {
    let width = trailer.objectRefSize
    let half = refs.count / 2
    let base = entries.count
    var previous: UnsafeBufferPointer<UInt8>?
    for offset in stride(from: refs.lowerBound, to: refs.lowerBound + half, by: width) {
      guard let keyIndex = try? reference(at: offset, from: start),
        let keyAt = try? self.offset(of: keyIndex),
        bytes[keyAt] >> 4 == 0x5,
        let range = try? asciiRange(at: keyAt, info: Int(bytes[keyAt] & 0x0F)),
        let value = try? reference(at: offset + half, from: start)
      else {
        entries.removeSubrange(base...)
        return false
      }
      let key = UnsafeBufferPointer(rebasing: bytes[range])
      if let previous, Platform.compareBytes(previous, key) >= 0 {
        entries.removeSubrange(base...)
        return false
      }
      entries.append((range, keyIndex, value))
      previous = key
    }
    return true
  }

  /// A dictionary's keys (decoded) and value references, in key order, the last of repeated
  /// keys winning — as `PlistDictionary` orders them. The values that later ones replace are
  /// never written, but the tree reader decodes them, and refuses the file if one is broken:
  /// so must a walk without a tree. They are checked by `replacedValues`, a walk that
  /// remembers what it checked (a shared container costs once, as in the tree), and what they unfold to is
  /// charged to this reader's budget, as the tree charges it.
  ///
  /// - Parameters:
  ///   - refs: The dictionary's references, keys then values.
  ///   - start: Where the dictionary's marker is.
  ///   - depth: How many containers enclose the dictionary.
  ///   - replacedValues: The walk that checks them, made when a file first needs it.
  /// - Returns: The entries kept, in order.
  /// - Throws: `PlistParseError` for a key that is not a string or a broken object.
  mutating func sortedEntries(
    _ refs: Range<Int>, _ start: Int, depth: Int, replacedValues: inout BinaryWalk?
  ) throws(PlistParseError) -> SortedEntries {
    let width = trailer.objectRefSize
    let half = refs.count / 2
    var keys: [String] = []
    var keyObjects: [Int] = []
    var values: [Int] = []
    for offset in stride(from: refs.lowerBound, to: refs.lowerBound + half, by: width) {
      let keyIndex = try reference(at: offset, from: start)
      let keyAt = try self.offset(of: keyIndex)
      let kind = bytes[keyAt] >> 4
      guard kind == 0x5 || kind == 0x6,
        case .string(let key) = try scalar(at: keyAt)
      else {
        throw failure("dictionary key (object \(keyIndex)) is not a string", at: start)
      }
      keys.append(key)
      keyObjects.append(keyIndex)
      values.append(try reference(at: offset + half, from: start))
    }
    if KeyOrder.isStrictlyIncreasing(keys) {
      return SortedEntries(keys: keys, keyObjects: keyObjects, values: values)
    }
    let kept = KeyOrder.orderKeepingLast(keys)
    if kept.count < keys.count {
      var replaced = [Bool](repeating: true, count: keys.count)
      for index in kept { replaced[index] = false }
      if replacedValues == nil { replacedValues = try BinaryWalk(bytes: bytes) }
      for (index, value) in values.enumerated() where replaced[index] {
        let size = try replacedValues?.check(value, depth: depth + 1).size ?? 0
        try account(size)
      }
    }
    return SortedEntries(
      keys: kept.map { keys[$0] }, keyObjects: kept.map { keyObjects[$0] },
      values: kept.map { values[$0] })
  }
}
