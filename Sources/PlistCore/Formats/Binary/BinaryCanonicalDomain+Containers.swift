// MARK: - Arrays and dictionaries among the values

extension BinaryCanonicalDomain {
  /// An array or dictionary object: its count and where its references start (a
  /// dictionary's keys, then its values).
  struct Container {
    let isDictionary: Bool
    let count: Int
    let references: Int
  }

  /// The container at `start` (its bytes already checked), or nil for a scalar.
  @inline(__always)
  static func container(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Container? {
    let type = bytes[start] >> 4
    guard type == 0xA || type == 0xD,
      let (count, payload) = header(bytes, at: start, end: bytes.count)
    else { return nil }
    return Container(isDictionary: type == 0xD, count: count, references: payload)
  }

  /// The length of the array or dictionary at `start`, with a canonical header and its
  /// references ending by `end`; nil for anything else.
  static func containerLength(
    _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int, refSize: Int
  ) -> Int? {
    let type = bytes[start] >> 4
    guard type == 0xA || type == 0xD, let (count, payload) = header(bytes, at: start, end: end)
    else { return nil }
    // `count` is at most the file's length, so this cannot overflow.
    let size = count * (type == 0xD ? 2 : 1) * refSize
    guard payload + size <= end else { return nil }
    return payload + size - start
  }

  /// The writer's numbering, checked over the file's references: each container is the
  /// next object (the writer never shares one), then its keys, then its values, depth
  /// first; each scalar an earlier object or the next one.
  struct Walk {
    let bytes: UnsafeBufferPointer<UInt8>
    let starts: [Int]
    let width: Int
    /// The number of objects.
    let objects: Int
    /// The object the writer would number next.
    var next: Int

    /// Whether the value `ref` refers to, inside `depth` containers, is where the writer
    /// puts it.
    mutating func value(_ ref: Int, depth: Int) -> Bool {
      guard ref >= 1, ref < objects else { return false }
      guard let box = container(bytes, at: starts[ref]) else {
        if ref == next { next += 1 }
        return ref < next
      }
      guard ref == next, NestingLimit.allowsContainer(inside: depth) else { return false }
      next += 1
      var at = box.references
      if box.isDictionary {
        guard keys(at: at, count: box.count) else { return false }
        at += box.count * width
      }
      for _ in 0..<box.count {
        guard value(Int(BinaryPlistTrailer.readUInt(bytes, at: at, width: width)), depth: depth + 1)
        else {
          return false
        }
        at += width
      }
      return true
    }

    /// Whether a dictionary's `count` keys, their references at `at`, are strings strictly
    /// increasing in key order (so distinct), each an earlier object or the next one.
    mutating func keys(at references: Int, count: Int) -> Bool {
      var at = references
      var previous: BinaryText?
      for _ in 0..<count {
        let key = Int(BinaryPlistTrailer.readUInt(bytes, at: at, width: width))
        guard key >= 1, key < objects, key <= next, let string = string(bytes, at: starts[key])
        else { return false }
        if key == next { next += 1 }
        if let previous, previous.compare(string) >= 0 { return false }
        previous = string
        at += width
      }
      return true
    }
  }
}
