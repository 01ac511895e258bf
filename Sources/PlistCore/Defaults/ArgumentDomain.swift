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
    parse(
      count: arguments.count, isOption: { arguments[$0].hasPrefix("-") },
      text: { arguments[$0] })
  }

  /// `parse(_:)` of this process's own arguments, read from `argv`: no array of them is
  /// made (`CommandLine.arguments` costs a program 29 k instructions, the runtime's set-up
  /// of `[String]`), and a string only for each word of a pair.
  ///
  /// - Returns: The keys and values.
  static func parseProcessArguments() -> PlistDictionary {
    let argv = CommandLine.unsafeArgv
    return parse(
      count: Int(CommandLine.argc), isOption: { argv[$0]?.pointee == CChar(UInt8(ascii: "-")) },
      text: { argv[$0].map { String(cString: $0) } ?? "" })
  }

  /// The walk over the arguments: `count` of them, whether each starts with `-`, its text.
  private static func parse(
    count: Int, isOption: (Int) -> Bool, text: (Int) -> String
  ) -> PlistDictionary {
    var result = PlistDictionary()
    var index = 0
    while index < count - 1 {
      if isOption(index) && !isOption(index + 1) {
        let key = String(text(index).dropFirst())
        if !key.isEmpty {
          let value = FoundationText.trimmingWhitespaceAndNewlines(text(index + 1))
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
