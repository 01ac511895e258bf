import PlistCore

/// `find [--json] WORD`: every key whose domain name, key, or string content contains WORD,
/// ignoring case, printed per domain as `defaults find` does, or as one JSON object of
/// domains to their matching keys.
struct FindCommand: Command {
  static let name = "find"
  let word: String
  let json: Bool

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    let options = try Options(&cursor, flags: ["json"], topic: Self.name)
    try options.expectPositional(1, 1, "WORD", topic: Self.name)
    word = options.positional[0]
    json = options.flags.contains("json")
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let all = try ReadCommand.allDomains(try context.store())
    let needle = word.lowercased()
    var found = PlistDictionary()
    for (name, contents) in all {
      guard case .dictionary(let dictionary) = contents else { continue }
      let nameMatches = name.lowercased().contains(needle)
      var selected = PlistDictionary()
      for (key, value) in dictionary
      where nameMatches || key.lowercased().contains(needle) || Self.contains(value, needle) {
        selected[key] = value
      }
      guard !selected.isEmpty else { continue }
      found[name] = .dictionary(selected)
      if !json {
        let description = PropertyList.describe(.dictionary(selected))
        try context.print("Found \(selected.count) keys in domain '\(name)': \(description)")
      }
    }
    if found.isEmpty { throw CommandFailure("No domain, key, nor value containing '\(word)'") }
    if json { try context.emit(.dictionary(found), as: .plist(.json)) }
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
