import PlistCore

/// `write [--deep] DOMAIN KEY VALUE…` sets a key (or a `:key:path`); `write DOMAIN 'PLIST'`
/// replaces the whole domain. `--deep` makes `-dict-add` merge nested dictionaries too.
/// Options come first: what follows KEY is all value.
struct WriteCommand: Command {
  static let name = "write"
  let domain: String
  let key: String
  let values: [String]
  let deepMerge: Bool

  init(parsing cursor: inout ArgumentCursor) throws(UsageError) {
    var deep = false
    while let option = cursor.peek(), option.hasPrefix("--") {
      _ = cursor.next()
      if option == "--" { break }
      guard option == "--deep" else {
        throw UsageError("unknown option '\(option)'", topic: Self.name)
      }
      deep = true
    }
    deepMerge = deep
    domain = try cursor.required("DOMAIN", topic: Self.name)
    key = try cursor.required("KEY or a dictionary to replace the domain with", topic: Self.name)
    values = Array(cursor.remaining)
  }

  func run(in context: CommandContext) throws(CommandFailure) {
    let domain = try context.domain(self.domain)
    let store = try context.store()
    let change = try makeChange()
    do { try store.update(domain, change) } catch { throw Self.writeFailure(error, domain) }
  }

  /// The edit to make: replace the domain (no value after KEY, which is then a dictionary
  /// literal) or apply the value arguments to KEY.
  private func makeChange() throws(CommandFailure)
    -> (inout PlistDictionary) throws(PlistError) -> Void
  {
    if values.isEmpty {
      let literal: PlistValue
      do { literal = try DefaultsValue.literal(key) } catch { throw error.asFailure }
      guard case .dictionary(let replacement) = literal else {
        throw CommandFailure("Rep argument is not a dictionary. Defaults have not been changed.")
      }
      return { $0 = replacement }
    }
    let operation: DefaultsValue.Operation
    do { operation = try DefaultsValue.parse(values) } catch { throw error.asFailure }
    let (path, deep) = (PlistPath(key: key), deepMerge)
    return { (dictionary) throws(PlistError) in
      try operation.apply(to: &dictionary, at: path, deep: deep)
    }
  }

  /// `defaults`' "Could not write domain" for I/O, the plain message for refusals.
  static func writeFailure(_ error: PlistError, _ domain: Domain) -> CommandFailure {
    switch error {
    case .system(let system):
      return CommandFailure(
        "Could not write domain \(domain.displayName): \(system)", status: .dataError)
    default: return error.asFailure
    }
  }
}
