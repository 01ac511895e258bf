import PlistCore

/// What `read --effective`, `where` and `watch --effective` print: an app's values along its
/// search list, with their layers.
struct EffectiveView {
  let defaults: Defaults
  let domainName: String

  /// `read --effective [--show-source] D [KEY]`.
  func print(key: String?, format: OutputFormat, showSource: Bool, in context: CommandContext)
    throws
  {
    warnAboutManagedFiles(in: context)
    var entries: [(key: String, value: PlistValue, layer: DefaultsLayer)]
    if let key {
      let path = KeyArgument.path(key)
      guard let top = path.components.first,
        let found = try defaults.values(forKey: top).first,
        let value = try found.value.value(
          at: PlistPath(components: Array(path.components.dropFirst())))
      else { throw PlistError.keyNotFound(path, domain: domainName) }
      entries = [(key, value, found.layer)]
    } else {
      entries = try defaults.effectiveValues()
      guard !entries.isEmpty else { throw PlistError.domainNotFound(domain: domainName) }
    }
    switch (showSource, format) {
    case (false, _) where key != nil:
      try context.emit(entries[0].value, as: format)
    case (false, _):
      try context.emit(.dictionary(PlistDictionary(entries.map { ($0.key, $0.value) })), as: format)
    case (true, .defaults):
      let width = entries.map { $0.layer.description.count }.max() ?? 0
      for entry in entries {
        let layer = entry.layer.description
        let padding = String(repeating: " ", count: width - layer.count)
        try context.print(
          "\(layer)\(padding)  \(TerminalText.escaped(entry.key)) = \(Self.oneLine(entry.value))"
        )
      }
    case (true, .plist):
      let sourced = entries.map { entry -> (String, PlistValue) in
        (entry.key, ["value": entry.value, "source": .string(entry.layer.description)])
      }
      try context.emit(.dictionary(PlistDictionary(sourced)), as: format)
    }
  }

  /// `where D KEY`: every layer that holds the key, the winner marked.
  func printLayers(of key: String, json: Bool, in context: CommandContext) throws {
    warnAboutManagedFiles(in: context)
    let found = try defaults.values(forKey: key)
    guard !found.isEmpty else {
      if let line = lockLine(for: key) { try context.print(line) }
      throw PlistError.keyNotFound(PlistPath(topLevelKey: key), domain: domainName)
    }
    if json {
      let rows = found.enumerated().map { index, entry -> PlistValue in
        var row: PlistDictionary = [
          "layer": .string(entry.layer.description), "value": entry.value,
          "effective": .boolean(index == 0),
        ]
        if let path = place(of: entry.layer, key: key) { row["path"] = .string(path) }
        return .dictionary(row)
      }
      return try context.emit(.array(rows), as: .plist(.json))
    }
    for (index, entry) in found.enumerated() {
      let place = place(of: entry.layer, key: key).map { " (\(TerminalText.escaped($0)))" } ?? ""
      try context.print(
        "\(index == 0 ? "*" : " ") \(entry.layer)\(place): \(Self.oneLine(entry.value))")
    }
    if let line = lockLine(for: key) { try context.print(line) }
  }

  /// The file a layer's value of a key comes from: a managed layer's is one of several.
  private func place(of layer: DefaultsLayer, key: String) -> String? {
    guard case .managed(let name) = layer else { return defaults.path(of: layer) }
    return defaults.managed(domain: name).source(of: key, .forced)
  }

  /// The line `where` adds for a locked key: the user's own layers do not count.
  private func lockLine(for key: String) -> String? {
    for name in [domainName, ManagedDomain.globalName] {
      if let source = defaults.managed(domain: name).source(of: key, .locked) {
        return "  (locked by \(TerminalText.escaped(source)): the user's own values do not count)"
      }
    }
    return nil
  }

  /// Warns about the managed files that were ignored (a user could change them).
  func warnAboutManagedFiles(in context: CommandContext) {
    for name in [domainName, ManagedDomain.globalName] {
      context.warn(about: defaults.managed(domain: name).problems)
    }
  }

  /// `watch --effective D [KEY]`: one line per change of an effective value, until
  /// interrupted.
  func watch(key: String?, json: Bool, in context: CommandContext) throws {
    try defaults.watchChanges(forKeys: key.map { [$0] }) { change in
      if json {
        var line: PlistDictionary = [
          "key": .string(change.key), "layer": change.layer.map { .string($0.description) } ?? "",
          "origin": .string(change.origin == .thisProcess ? "thisProcess" : "otherProcess"),
        ]
        if let old = change.oldValue { line["old"] = old }
        if let new = change.newValue { line["new"] = new }
        if change.layer == nil { line["layer"] = nil }
        // One line: the JSON writer ends it.
        return try context.writeValue(
          .dictionary(line), .json, PropertyList.WriteOptions(prettyJSON: false))
      }
      let who = change.origin == .thisProcess ? "this process" : "another process"
      let now = change.newValue.map(Self.spelling) ?? "(none)"
      let before = change.oldValue.map(Self.spelling) ?? "(none)"
      let layer = change.layer.map { "\($0), " } ?? ""
      try context.print(
        "\(ShellQuoting.quote(change.key)): \(before) -> \(now) (\(layer)\(who))")
    }
  }

  /// A value in a line of its own, as `read` describes it: a string (which `read` prints
  /// bare) with its controls escaped, so that it stays on its line and cannot be obeyed.
  static func oneLine(_ value: PlistValue) -> String {
    let described = PropertyList.describe(value)
    guard case .string = value else { return described }
    return TerminalText.escaped(described)
  }

  /// A value on one line, as `write` would take it.
  private static func spelling(_ value: PlistValue) -> String {
    guard let words = try? WriteArguments.spelling(of: value) else {
      return "(nested too deep to write as arguments)"
    }
    return words.map(ShellQuoting.quote).joined(separator: " ")
  }
}
