import PlistCore

/// `find WORD`: every key whose domain name, key, or string content contains WORD, ignoring
/// case, printed per domain as `defaults find` does.
struct FindCommand: Command {
  static let name = "find"
  let word: String

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    word = try cursor.required("WORD", topic: Self.name)
    try cursor.expectEnd(topic: Self.name)
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let all = try ReadCommand.allDomains(try context.store())
    let needle = word.lowercased()
    var found = false
    for (name, contents) in all {
      guard case .dictionary(let dictionary) = contents else { continue }
      let nameMatches = name.lowercased().contains(needle)
      var selected = PlistDictionary()
      for (key, value) in dictionary
      where nameMatches || key.lowercased().contains(needle) || Self.contains(value, needle) {
        selected[key] = value
      }
      guard !selected.isEmpty else { continue }
      found = true
      let description = PropertyList.describe(.dictionary(selected))
      try context.print("Found \(selected.count) keys in domain '\(name)': \(description)")
    }
    if !found { throw CommandFailure("No domain, key, nor value containing '\(word)'") }
  }

  /// Whether any string in the value (dictionary keys included) contains the lowercased word.
  static func contains(_ value: PlistValue, _ needle: String) -> Bool {
    switch value {
    case .string(let s): return s.lowercased().contains(needle)
    case .array(let items): return items.contains { contains($0, needle) }
    case .dictionary(let dict):
      return dict.contains { $0.key.lowercased().contains(needle) || contains($0.value, needle) }
    default: return false
    }
  }
}
