/// The element names of the plist DTD; anything else is refused.
enum XMLTag: CaseIterable {
  case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

  var name: String {
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

  private static let byName: [[UInt8]: XMLTag] = Dictionary(
    uniqueKeysWithValues: allCases.map { (Array($0.name.utf8), $0) })

  init?(_ name: UnsafeBufferPointer<UInt8>) {
    // Distinguish by length and first byte before hashing: tags are few and short.
    guard (3...7).contains(name.count) else { return nil }
    guard let tag = XMLTag.byName[Array(name)] else { return nil }
    self = tag
  }
}
