import PlistCore

/// The candidates that come from a domain: its keys (and those its Settings bundle declares),
/// the keys inside a nested value, and the values `write` may store at a key.
enum KeyCompletion {
  /// The keys of the request's DOMAIN: after a leading `:`, the entries of the value at the
  /// key path typed so far (`:HPLocation:` offers `:HPLocation:lat`); otherwise the domain's
  /// top-level keys, each with its type, then the keys only its Settings bundle declares.
  static func keys(for request: CompletionRequest) throws -> [CompletionCandidate] {
    guard let argument = request.argument("DOMAIN") else { return [] }
    let domain = try request.context.domain(argument)
    let store = try request.context.store()
    if request.prefix.hasPrefix(":"), let typed = PlistPath(request.prefix) {
      let parent = PlistPath(components: Array(typed.components.dropLast()))
      return try entries(of: store.value(at: parent, in: domain), at: parent)
    }
    let contents = (try? store.dictionary(of: domain)) ?? [:]
    var candidates = contents.map { CompletionCandidate(word: $0.key, help: $0.value.type.name) }
    for entry in try schema(for: request)?.keys ?? [] where contents[entry.key] == nil {
      candidates.append(CompletionCandidate(word: entry.key, help: entry.title ?? ""))
    }
    return candidates
  }

  /// The keys the request's DOMAIN's Settings bundle declares, with their titles.
  static func settingsKeys(for request: CompletionRequest) throws -> [CompletionCandidate] {
    try (schema(for: request)?.keys ?? []).map {
      CompletionCandidate(word: $0.key, help: $0.title ?? "")
    }
  }

  /// `write DOMAIN KEY …`'s value words: first a type flag (or a string the Settings bundle
  /// allows for KEY, as a plain word); after a flag, the values of that type the bundle allows,
  /// with their titles, or the words `-bool` takes.
  static func values(for request: CompletionRequest) throws -> [CompletionCandidate] {
    let typed = request.positionals.dropFirst(2)
    let choices = try allowedSpellings(for: request)
    guard let flag = typed.last?.lowercased() else {
      let words = choices.filter { $0.flag == "-string" && $0.argument == plainWord($0.argument) }
      return words.map { CompletionCandidate(word: $0.argument, help: $0.title) }
        + WriteArguments.flags.map { CompletionCandidate(word: $0) }
    }
    let matching = choices.filter { $0.flag == flag }
    if !matching.isEmpty {
      return matching.map { CompletionCandidate(word: $0.argument, help: $0.title) }
    }
    if flag == "-bool" || flag == "-boolean" {
      return ["true", "false", "yes", "no"].map { CompletionCandidate(word: $0) }
    }
    return request.prefix.hasPrefix("-")
      ? WriteArguments.flags.map { CompletionCandidate(word: $0) } : []
  }

  // MARK: - Helpers

  /// The entries of a dictionary or an array, as key paths below `parent`.
  private static func entries(of value: PlistValue, at parent: PlistPath) -> [CompletionCandidate] {
    let children: [(String, PlistValue)]
    switch value {
    case .dictionary(let dictionary): children = dictionary.map { ($0.key, $0.value) }
    case .array(let items): children = items.enumerated().map { (String($0.offset), $0.element) }
    default: return []
    }
    return children.map { name, child in
      CompletionCandidate(
        word: PlistPath(components: parent.components + [name]).description, help: child.type.name)
    }
  }

  /// The Settings schema of the request's DOMAIN, if it names an app with one.
  private static func schema(for request: CompletionRequest) throws -> SettingsSchema? {
    guard let argument = request.argument("DOMAIN"),
      case .named(let name) = try request.context.domain(argument).kind
    else { return nil }
    return try request.context.schema(forDomain: name)
  }

  /// The values the schema allows for the request's KEY, spelled as `write` takes them.
  private static func allowedSpellings(for request: CompletionRequest) throws -> [(
    flag: String, argument: String, title: String
  )] {
    guard request.spec.positionals.count > 1,
      let key = request.argument(request.spec.positionals[1]),
      let entry = try schema(for: request)?[key],
      case .choice(let choices) = entry.constraint
    else { return [] }
    var spellings: [(flag: String, argument: String, title: String)] = []
    for (choice, title) in zip(choices, entry.choiceTitles) {
      guard let words = try? WriteArguments.spelling(of: choice.value) else { continue }
      if words.count == 2 { spellings.append((words[0], words[1], title)) }
    }
    return spellings
  }

  /// The word itself when `write` would read it, untyped, as that string.
  private static func plainWord(_ text: String) -> String? {
    (try? WriteArguments.literal(text)) == .string(text) && !text.hasPrefix("-") ? text : nil
  }
}
