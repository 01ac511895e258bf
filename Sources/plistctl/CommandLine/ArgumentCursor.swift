/// Walks the arguments left to right. Commands take what they expect by position, which is
/// how `defaults` grammar works (`-int` and `-5` are values, not options).
struct ArgumentCursor {
  private let arguments: [String]
  private(set) var index = 0

  init(_ arguments: [String]) { self.arguments = arguments }

  var isAtEnd: Bool { index >= arguments.count }
  var remaining: ArraySlice<String> { arguments[index...] }
  func peek() -> String? { isAtEnd ? nil : arguments[index] }

  mutating func next() -> String? {
    guard let value = peek() else { return nil }
    index += 1
    return value
  }

  /// The next argument, or a usage error naming what is missing.
  mutating func required(_ what: String, topic: String?) throws(UsageError) -> String {
    guard let value = next() else { throw UsageError("missing \(what)", topic: topic) }
    return value
  }

  /// `DOMAIN [KEY]` and nothing more, the arguments of several commands.
  mutating func domainAndOptionalKey(topic: String) throws(UsageError) -> (String, String?) {
    let domain = try required("DOMAIN", topic: topic)
    let key = next()
    try expectEnd(topic: topic)
    return (domain, key)
  }

  /// Fails on anything left over.
  func expectEnd(topic: String) throws(UsageError) {
    if let extra = peek() { throw UsageError("unexpected argument '\(extra)'", topic: topic) }
  }
}
