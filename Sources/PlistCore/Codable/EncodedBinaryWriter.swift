/// Writes `bplist00` exactly as Foundation's `PropertyListEncoder` lays it out, which differs
/// from `BinaryPlistWriter` (CoreFoundation's `PropertyListSerialization` layout) in a few
/// ways: dictionary keys in the order they were encoded, `UInt64` and `UInt` as 16-byte
/// integers, `Float` as a 4-byte real, equal reals and dates uniqued by `==` (so `0.0` and
/// `-0.0` are one object), and reference and offset sizes of any byte count from 1 to 8.
///
/// Objects are numbered depth-first, a container before its keys and its keys before its
/// values; a scalar equal to one already numbered reuses its number.
struct EncodedBinaryWriter {
  /// An object to write: a scalar, or a container with the numbers of its children.
  private enum Object {
    case scalar(EncodedValue)
    case array([Int])
    case dictionary(keys: [Int], values: [Int])
  }

  private var objects: [Object] = []
  private var numbers: [ScalarKey: Int] = [:]

  static func write(_ value: EncodedValue) throws(EncodingError) -> [UInt8] {
    var writer = EncodedBinaryWriter()
    _ = try writer.flatten(value, depth: 0)
    let out = ByteOutput()
    writer.emit(to: out)
    return out.finish()
  }

  // MARK: - Numbering

  private mutating func flatten(_ value: EncodedValue, depth: Int) throws(EncodingError) -> Int {
    switch value {
    case .array(let array):
      try EncodedValue.checkDepth(depth)
      let number = reserve()
      var children: [Int] = []
      children.reserveCapacity(array.items.count)
      for (index, item) in array.items.enumerated() {
        do { children.append(try flatten(item, depth: depth + 1)) } catch {
          throw error.inside(PlistCodingKey(index: index))
        }
      }
      objects[number] = .array(children)
      return number
    case .dictionary(let dictionary):
      try EncodedValue.checkDepth(depth)
      let number = reserve()
      let keys = dictionary.keys.map { scalar(.string($0)) }
      var values: [Int] = []
      values.reserveCapacity(dictionary.count)
      for (key, child) in zip(dictionary.keys, dictionary.values) {
        do { values.append(try flatten(child, depth: depth + 1)) } catch {
          throw error.inside(PlistCodingKey(stringValue: key))
        }
      }
      objects[number] = .dictionary(keys: keys, values: values)
      return number
    default:
      return scalar(value)
    }
  }

  private mutating func reserve() -> Int {
    objects.append(.array([]))
    return objects.count - 1
  }

  private mutating func scalar(_ value: EncodedValue) -> Int {
    let key = ScalarKey(value: value)
    if let number = numbers[key] { return number }
    objects.append(.scalar(value))
    numbers[key] = objects.count - 1
    return objects.count - 1
  }

  // MARK: - Emitting

  private func emit(to out: ByteOutput) {
    let referenceSize = Self.minimumByteCount(UInt64(objects.count))
    var offsets: [Int] = []
    offsets.reserveCapacity(objects.count)
    out.append("bplist00")
    for object in objects {
      offsets.append(out.position)
      switch object {
      case .scalar(let value): Self.appendScalar(value, to: out)
      case .array(let children):
        BinaryPlistWriter.appendHeader(0xA0, count: children.count, to: out)
        for child in children { out.appendBigEndian(UInt64(child), width: referenceSize) }
      case .dictionary(let keys, let values):
        BinaryPlistWriter.appendHeader(0xD0, count: keys.count, to: out)
        for child in keys { out.appendBigEndian(UInt64(child), width: referenceSize) }
        for child in values { out.appendBigEndian(UInt64(child), width: referenceSize) }
      }
    }
    let tableOffset = out.position
    BinaryPlistWriter.appendTrailer(
      offsets: offsets, tableOffset: tableOffset,
      offsetSize: Self.minimumByteCount(UInt64(tableOffset)), referenceSize: referenceSize, to: out)
  }

  private static func appendScalar(_ value: EncodedValue, to out: ByteOutput) {
    switch value {
    case .null: BinaryPlistWriter.appendString(EncodedValue.nullString, to: out)
    case .boolean(let b): out.append(b ? 0x09 : 0x08)
    case .signed(let i):
      let bits = UInt64(bitPattern: i)
      let width = bits <= 0xFFFF_FFFF ? BinaryPlistWriter.byteWidth(bits) : 8
      out.append(0x10 | UInt8(width.trailingZeroBitCount))
      out.appendBigEndian(bits, width: width)
    case .unsigned(let u):
      out.append(0x14)
      out.appendBigEndian(0, width: 8)
      out.appendBigEndian(u, width: 8)
    case .float(let f):
      out.append(0x22)
      out.appendBigEndian(UInt64(f.bitPattern), width: 4)
    case .double(let d):
      out.append(0x23)
      out.appendBigEndian(d.bitPattern, width: 8)
    case .date(let d):
      out.append(0x33)
      out.appendBigEndian(d.secondsSinceReferenceDate.bitPattern, width: 8)
    case .data(let d):
      BinaryPlistWriter.appendHeader(0x40, count: d.count, to: out)
      out.append(d.bytes)
    case .string(let s): BinaryPlistWriter.appendString(s, to: out)
    case .uid(let u):
      let width = BinaryPlistWriter.byteWidth(u)
      out.append(0x80 | UInt8(width - 1))
      out.appendBigEndian(u, width: width)
    case .array, .dictionary: break
    }
  }

  /// The fewest bytes that hold `value` (Foundation's `minimumRepresentableByteSize`).
  static func minimumByteCount(_ value: UInt64) -> Int {
    max(1, 8 - value.leadingZeroBitCount / 8)
  }
}

// MARK: - Uniquing

/// A scalar as Foundation's binary encoder uniques it: same kind, and equal by `==` (NaN
/// equal to NaN for reals, never for dates); strings compare as Swift strings, but an ASCII
/// string never equals a non-ASCII one.
private struct ScalarKey: Hashable {
  let value: EncodedValue

  static func == (lhs: ScalarKey, rhs: ScalarKey) -> Bool {
    switch (lhs.value, rhs.value) {
    case (.null, .null): return true
    case (.boolean(let a), .boolean(let b)): return a == b
    case (.signed(let a), .signed(let b)): return a == b
    case (.unsigned(let a), .unsigned(let b)): return a == b
    case (.float(let a), .float(let b)): return a == b || (a.isNaN && b.isNaN)
    case (.double(let a), .double(let b)): return a == b || (a.isNaN && b.isNaN)
    case (.date(let a), .date(let b)):
      return a.secondsSinceReferenceDate == b.secondsSinceReferenceDate
    case (.data(let a), .data(let b)): return a.bytes == b.bytes
    case (.string(let a), .string(let b)): return a == b && isASCII(a) == isASCII(b)
    case (.uid(let a), .uid(let b)): return a == b
    default: return false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch value {
    case .null: hasher.combine(0)
    case .boolean(let b): hasher.combine(b)
    case .signed(let i): hasher.combine(i)
    case .unsigned(let u): hasher.combine(u)
    case .float(let f): hasher.combine(f.isNaN ? .nan : f)
    case .double(let d): hasher.combine(d.isNaN ? .nan : d)
    case .date(let d): hasher.combine(d.secondsSinceReferenceDate)
    case .data(let d): hasher.combine(d.bytes)
    case .string(let s): hasher.combine(s)
    case .uid(let u): hasher.combine(u)
    case .array, .dictionary: break
    }
  }

  private static func isASCII(_ s: String) -> Bool { s.utf8.allSatisfy { $0 < 0x80 } }
}
