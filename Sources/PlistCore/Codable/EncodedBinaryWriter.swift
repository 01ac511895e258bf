/// Writes `bplist00` exactly as Foundation's `PropertyListEncoder` lays it out, which differs
/// from `BinaryPlistWriter` (CoreFoundation's `PropertyListSerialization` layout) in a few
/// ways: dictionary keys in the order they were encoded, `UInt64` and `UInt` as 16-byte
/// integers, `Float` as a 4-byte real, equal reals and dates uniqued by `==` (so `0.0` and
/// `-0.0` are one object), and reference and offset sizes of any byte count from 1 to 8.
///
/// Objects are numbered depth-first, a container before its keys and its keys before its
/// values; a scalar equal to one already numbered reuses its number.
struct EncodedBinaryWriter: BinaryScalarEncoder {
  typealias Failure = Never
  var order = BinaryWriterOrder()
  /// The distinct scalars, by handle.
  private var scalars: [EncodedValue] = []
  /// Their object numbers, as Foundation's encoder uniques them.
  private var numbers: [ScalarKey: UInt32] = [:]

  static func write(_ value: EncodedValue) throws(EncodingError) -> [UInt8] {
    var writer = EncodedBinaryWriter()
    try writer.number(value, depth: 0)
    let out = ByteOutput()
    writer.writeObjects(to: out, width: Self.minimumByteCount)
    return out.finish()
  }

  // MARK: - Numbering

  private mutating func number(_ value: EncodedValue, depth: Int) throws(EncodingError) {
    switch value {
    case .array(let array):
      try EncodedValue.checkDepth(depth)
      try open(isDictionary: false, count: array.items.count)
      for (index, item) in array.items.enumerated() {
        do { try number(item, depth: depth + 1) } catch {
          throw error.inside(PlistCodingKey(index: index))
        }
      }
      order.close()
    case .dictionary(let dictionary):
      try EncodedValue.checkDepth(depth)
      try open(isDictionary: true, count: dictionary.count)
      for key in dictionary.keys { try number(scalar: .string(key)) }
      for (key, child) in zip(dictionary.keys, dictionary.values) {
        do { try number(child, depth: depth + 1) } catch {
          throw error.inside(PlistCodingKey(stringValue: key))
        }
      }
      order.close()
    default:
      try number(scalar: value)
    }
  }

  private mutating func open(isDictionary: Bool, count: Int) throws(EncodingError) {
    do { try order.open(isDictionary: isDictionary, count: count) } catch {
      throw Self.tooLarge(error)
    }
  }

  private mutating func number(scalar value: EncodedValue) throws(EncodingError) {
    let key = ScalarKey(value: value)
    if let number = numbers[key] { return order.refer(to: number) }
    do { numbers[key] = try order.add(scalar: UInt64(scalars.count)) } catch {
      throw Self.tooLarge(error)
    }
    scalars.append(value)
  }

  /// More objects than a file holds, as the encoder's error.
  private static func tooLarge(_ error: PlistEncodingError) -> EncodingError {
    .invalidValue((), .init(codingPath: [], debugDescription: "Cannot write \(error.reason)."))
  }

  /// Writes scalar `handle`.
  func append(_ handle: UInt64, to out: ByteOutput) {
    Self.appendScalar(scalars[Int(handle)], to: out)
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
