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

  /// Matches an element name without allocating: by length, then by bytes.
  init?(_ name: UnsafeBufferPointer<UInt8>) {
    func matches(_ literal: StaticString) -> Bool {
      literal.withUTF8Buffer { Platform.bytesEqual($0, name) }
    }
    switch name.count {
    case 3 where matches("key"): self = .key
    case 4 where matches("dict"): self = .dict
    case 4 where matches("real"): self = .real
    case 4 where matches("date"): self = .date
    case 4 where matches("data"): self = .data
    case 4 where matches("true"): self = .true
    case 5 where matches("plist"): self = .plist
    case 5 where matches("array"): self = .array
    case 5 where matches("false"): self = .false
    case 6 where matches("string"): self = .string
    case 7 where matches("integer"): self = .integer
    default: return nil
    }
  }
}
