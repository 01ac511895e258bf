import PlistCore

/// How `state` words sizes, ages and archives.
enum StateText {
  /// `301 bytes`, `12 KiB`, `3.4 MiB`.
  static func size(_ bytes: Int64) -> String {
    if bytes < 1024 { return "\(bytes) bytes" }
    if bytes < 1024 * 1024 { return "\(bytes / 1024) KiB" }
    let tenths = bytes * 10 / (1024 * 1024)
    return "\(tenths / 10).\(tenths % 10) MiB"
  }

  /// `12 s`, `5 min`, `3 h`, `2 days` (a time in the future, a clock set back, is `0 s`).
  static func age(seconds: Int64) -> String {
    let seconds = max(0, seconds)
    if seconds < 60 { return "\(seconds) s" }
    if seconds < 3600 { return "\(seconds / 60) min" }
    if seconds < 86400 { return "\(seconds / 3600) h" }
    let days = seconds / 86400
    return days == 1 ? "1 day" : "\(days) days"
  }

  /// Why an archive cannot be read, without its path (the listing names the app).
  static func problem(_ error: StateError) -> String {
    if case .unreadableArchive(_, let problem) = error { return problem.description }
    return error.description
  }

  /// The archive's lines as `state show` prints them: who saved it and when, the app-wide values, then
  /// each element with its values, indented under its parent.
  static func tree(_ archive: StateArchive, domain: String) -> [String] {
    var lines = ["\(domain): saved by version \(archive.savedBy) at \(date(archive.savedAt))"]
    if !archive.appState.isEmpty {
      lines.append("app state")
      values(archive.appState, indent: "  ", into: &lines)
    }
    for element in archive.elements { self.element(element, indent: "", into: &lines) }
    return lines
  }

  private static func element(_ element: StateElement, indent: String, into lines: inout [String]) {
    lines.append(indent + element.identifier)
    values(element.state, indent: indent + "  ", into: &lines)
    for child in element.children { self.element(child, indent: indent + "  ", into: &lines) }
  }

  private static func values(_ values: PlistDictionary, indent: String, into lines: inout [String])
  {
    for (key, value) in values {
      let text = PropertyList.describe(value).split(
        separator: "\n", omittingEmptySubsequences: false)
      lines.append(indent + "\(key) = " + (text.first.map(String.init) ?? ""))
      for line in text.dropFirst() { lines.append(indent + line) }
    }
  }

  /// `2026-11-27 03:41:20 +0000`.
  private static func date(_ date: PlistDate) -> String {
    guard let parts = date.components else { return "an unknown time" }
    func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
    return "\(parts.year)-\(two(parts.month))-\(two(parts.day)) "
      + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
  }

  /// The archive as one JSON object: domain, savedBy, savedAt, appState, elements (each
  /// with identifier, state and children).
  static func json(_ archive: StateArchive, domain: String) -> PlistValue {
    .dictionary([
      "domain": .string(domain), "savedBy": .string(archive.savedBy),
      "savedAt": .date(archive.savedAt), "appState": .dictionary(archive.appState),
      "elements": .array(archive.elements.map(json)),
    ])
  }

  private static func json(_ element: StateElement) -> PlistValue {
    .dictionary([
      "identifier": .string(element.identifier), "state": .dictionary(element.state),
      "children": .array(element.children.map(json)),
    ])
  }
}

extension String {
  /// The string followed by spaces to `width` characters.
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
