/// What a value costs in a replica's file as this replica writes it (XML), measured without
/// writing it. The quota counts a value as its binary property list, where equal objects are
/// stored once: a 1 MB binary array of references to one long string is hundreds of
/// megabytes of XML. The merge bounds this replica's file by this measure, and takes only
/// values its file can hold at all (nesting within the writers' limit at an entry's depth,
/// dates the XML writer can write), so another replica's value can neither make the file
/// too large to read nor make every save of it fail.
enum CloudFileCost {
  /// How deep an entry's value sits in a replica's file: root, `entries`, the entry.
  static let entryDepth = 3

  /// The bytes a value takes in a replica's file, an upper bound of what `XMLPlistWriter`
  /// writes for it; nil when that is more than `limit` (the walk stops there, so a huge
  /// value costs no more than `limit` to measure) or when the file cannot hold it.
  ///
  /// - Parameters:
  ///   - value: An entry's value.
  ///   - limit: The most bytes wanted.
  /// - Returns: The bytes, at most `limit`, or nil.
  static func bytes(of value: PlistValue, limit: Int) -> Int? {
    var budget = limit
    return add(value, depth: entryDepth, to: &budget) ? limit - budget : nil
  }

  /// Takes `value`'s cost at `depth` from `budget`; false once the budget is spent or the
  /// value cannot be written.
  private static func add(_ value: PlistValue, depth: Int, to budget: inout Int) -> Bool {
    // Each line: its indentation, the tags, a newline.
    var cost = depth + 1
    switch value {
    case .string(let text): cost += 17 + escaped(text)
    case .integer: cost += 40
    case .real: cost += 40
    case .boolean: cost += 8
    case .date(let date):
      guard date.components != nil else { return false }
      cost += 48
    case .data(let data):
      // Base64 in lines of at least 12 characters, each indented by at most 8 tabs.
      let characters = (data.bytes.count + 2) / 3 * 4
      cost += 15 + depth + characters + (characters / 12 + 1) * 10
    case .uid:
      guard NestingLimit.allowsContainer(inside: depth) else { return false }
      cost += 80 + 2 * depth
    case .array(let items):
      guard NestingLimit.allowsContainer(inside: depth) else { return false }
      cost += 17 + depth
      budget -= cost
      guard budget >= 0 else { return false }
      return items.allSatisfy { add($0, depth: depth + 1, to: &budget) }
    case .dictionary(let dictionary):
      guard NestingLimit.allowsContainer(inside: depth) else { return false }
      cost += 15 + depth
      for key in dictionary.keys {
        cost += depth + 13 + escaped(key)
        guard cost <= budget else { return false }
      }
      budget -= cost
      guard budget >= 0 else { return false }
      return dictionary.values.allSatisfy { add($0, depth: depth + 1, to: &budget) }
    }
    budget -= cost
    return budget >= 0
  }

  /// The bytes of text once `&`, `<` and `>` are escaped.
  private static func escaped(_ text: String) -> Int {
    var count = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): count += 5
      case UInt8(ascii: "<"), UInt8(ascii: ">"): count += 4
      default: count += 1
      }
    }
    return count
  }
}
