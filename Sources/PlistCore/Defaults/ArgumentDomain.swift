/// The argument domain: `-Key value` pairs in the process arguments, read exactly as
/// Foundation reads them (`UserDefaults._parseArguments`).
enum ArgumentDomain {
  /// Parses the pairs. An argument that starts with `-` followed by one that does not is a
  /// pair (a bare `-` names no key, but both words are used up); the value is trimmed of
  /// white space and newlines, and parsed as a property list (XML, binary or OpenStep, not
  /// JSON) when it starts with `{ [ ( < "` and parses, else kept as a string. So `-Num 5` is
  /// the string "5", `-List '(1,2)'` the array ["1", "2"], and no value can start with `-`.
  ///
  /// - Parameter arguments: The arguments, the program's own name first.
  /// - Returns: The keys and values (a later pair for the same key wins).
  static func parse(_ arguments: [String]) -> PlistDictionary {
    var result = PlistDictionary()
    var index = 0
    while index < arguments.count - 1 {
      let current = arguments[index]
      let next = arguments[index + 1]
      if current.hasPrefix("-") && !next.hasPrefix("-") {
        let key = String(current.dropFirst())
        if !key.isEmpty {
          let value = FoundationText.trimmingWhitespaceAndNewlines(next)
          result[key] = parsedValue(value) ?? .string(value)
        }
        index += 1
      }
      index += 1
    }
    return result
  }

  /// The property list a value spells, when it looks like one and parses.
  private static func parsedValue(_ text: String) -> PlistValue? {
    guard let first = text.unicodeScalars.first, "{[(<\"".unicodeScalars.contains(first) else {
      return nil
    }
    return try? PropertyList.decode(Array(text.utf8), allowJSON: false).value
  }
}
