/// The element names of the plist DTD; anything else is refused.
enum XMLTag {
  case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

  /// The name as static bytes, for comparing closing tags without allocating.
  var staticName: StaticString {
    switch self {
    case .plist: return "plist"
    case .dict: return "dict"
    case .array: return "array"
    case .key: return "key"
    case .string: return "string"
    case .integer: return "integer"
    case .real: return "real"
    case .date: return "date"
    case .data: return "data"
    case .true: return "true"
    case .false: return "false"
    }
  }

  var name: String { staticName.description }

  /// The bytes of `text` in `range` packed into an integer, the first byte lowest; 0 (no
  /// name's) for more than seven. One load of a word when the text goes on that far.
  @inline(__always)
  static func pack(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
    guard range.count <= 7 else { return 0 }
    if range.lowerBound + 8 <= text.count, let base = text.baseAddress {
      let word = UnsafeRawPointer(base).loadUnaligned(
        fromByteOffset: range.lowerBound, as: UInt64.self)
      return UInt64(littleEndian: word) & ((1 << (8 * UInt64(range.count))) - 1)
    }
    var packed: UInt64 = 0
    var i = range.upperBound
    while i > range.lowerBound {
      i -= 1
      packed = packed << 8 | UInt64(text[i])
    }
    return packed
  }

  /// Matches an element name by its bytes packed into one integer (`pack`), and its length:
  /// names are at most seven letters, so equal packed values mean equal names.
  init?(packed: UInt64, count: Int) {
    switch packed {
    case 0x79_65_6B: self = .key
    case 0x67_6E_69_72_74_73: self = .string
    case 0x72_65_67_65_74_6E_69: self = .integer
    case 0x6C_61_65_72: self = .real
    case 0x74_63_69_64: self = .dict
    case 0x79_61_72_72_61: self = .array
    case 0x65_74_61_64: self = .date
    case 0x61_74_61_64: self = .data
    case 0x65_75_72_74: self = .true
    case 0x65_73_6C_61_66: self = .false
    case 0x74_73_69_6C_70: self = .plist
    default: return nil
    }
    // A name ending in zero bytes packs as the shorter one.
    if count != staticName.utf8CodeUnitCount { return nil }
  }
}
