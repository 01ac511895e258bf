/// A Settings bundle's panes as plain text, the way `settings show` prints them: each pane
/// under its path from the root, groups under their headers, one row per element with its
/// value on the right, `(default)` where the domain does not set it, footers under their
/// groups.
package enum SettingsText {
  /// Every pane of a schema as lines of at most `width` columns.
  ///
  /// - Parameters:
  ///   - schema: The schema.
  ///   - title: The root pane's title (the app's name, or the domain).
  ///   - width: The columns available.
  ///   - showSecrets: Show secure text fields' values.
  ///   - managed: The keys the administrator forces or locks, shown `(managed)`.
  ///   - value: A key's effective value and whether it is the factory default.
  /// - Returns: The lines.
  package static func lines(
    of schema: SettingsSchema, title: String, width: Int = 80, showSecrets: Bool = false,
    managed: Set<String> = [], value: (String) -> (value: PlistValue, isDefault: Bool)?
  ) -> [String] {
    var lines: [String] = []
    let rootTitle = schema.bundle.root.declaredTitle ?? title
    for pane in schema.bundle.panes {
      let breadcrumb = ([rootTitle] + schema.bundle.titles(leadingTo: pane.name))
        .joined(separator: " › ")
      let path = DisplayWidth.clip(TextWidth.oneLine(breadcrumb), to: width)
      if !lines.isEmpty { lines.append("") }
      lines.append(path)
      lines.append(String(repeating: "=", count: DisplayWidth.of(path)))
      for row in schema.rows(of: pane, showSecrets: showSecrets, value: value) {
        lines += self.lines(of: row, width: width, managed: row.key.map(managed.contains) ?? false)
      }
    }
    return lines
  }

  /// One row as lines: a header as a blank line and the title in capitals, a footer
  /// wrapped, an element as its title with its value flush right.
  ///
  /// - Parameters:
  ///   - row: The row.
  ///   - width: The columns available.
  ///   - managed: Whether the administrator forces or locks the row's key.
  /// - Returns: The lines.
  package static func lines(of row: SettingsRow, width: Int, managed: Bool = false) -> [String] {
    switch row.kind {
    case .header:
      return row.title.isEmpty ? [""] : [""] + TextWidth.wrap(row.title.uppercased(), width: width)
    case .footer:
      return TextWidth.wrap(row.title, width: width - 2).map { "  " + $0 }
    default:
      return [line(of: row, width: width, managed: managed)]
    }
  }

  /// An element's row on one line: `  Title ……… value (default)`, or `(managed)` for a key
  /// the administrator forces or locks.
  ///
  /// - Parameters:
  ///   - row: The row.
  ///   - width: The columns available.
  ///   - managed: Whether the administrator forces or locks the row's key.
  /// - Returns: The line.
  static func line(of row: SettingsRow, width: Int, managed: Bool = false) -> String {
    var left = "  "
    switch row.kind {
    case .radioOption(_, let isChecked): left += (isChecked ? "(•) " : "( ) ") + row.title
    default: left += row.title
    }
    left = TextWidth.oneLine(left)
    var value = TextWidth.oneLine(row.value)
    var suffix = ""
    switch row.kind {
    case .childPane: value = "›"
    case .inert: value = ""
    case .toggle, .multiValue, .slider, .textField, .date, .readOnly:
      // Only a value can be the default one (a child pane may carry a Key too).
      if row.isDefault, row.key != nil, !value.isEmpty { suffix = " (default)" }
      if managed { suffix = " (managed)" }
    default: break
    }
    if value.isEmpty { return DisplayWidth.clip(left, to: width) }
    // A value too long to fit beside the title is cut, the title keeping half the line.
    let valueRoom =
      width - DisplayWidth.of(suffix) - 1 - min(DisplayWidth.of(left), width / 2)
    if DisplayWidth.of(value) > valueRoom {
      value = DisplayWidth.clip(value, to: max(valueRoom, 1))
    }
    let right = value + suffix
    let clipped = DisplayWidth.clip(left, to: max(width - DisplayWidth.of(right) - 1, 4))
    let gap = max(1, width - DisplayWidth.of(clipped) - DisplayWidth.of(right))
    return clipped + String(repeating: " ", count: gap) + right
  }

}

/// Text laid out in terminal columns (`DisplayWidth`): on one line, or wrapped.
enum TextWidth {
  /// The text on one line: a line break (`\n`, `\r\n`, `\r`, U+2028…) shown as `↵`, other controls escaped as everywhere
  /// else (`TerminalText`), so that a bundle's text can neither move the cursor nor reorder
  /// the line.
  static func oneLine(_ text: String) -> String {
    // Any line break: `\r\n` is one Character, and U+2028 and U+2029 are breaks too.
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .map { TerminalText.escaped(String($0)) }.joined(separator: "↵")
  }

  /// The text wrapped at word boundaries into lines of at most `width` columns; its own
  /// line breaks kept, other controls escaped (`TerminalText`).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      var line = ""
      for word in TerminalText.escaped(String(paragraph)).split(separator: " ") {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if DisplayWidth.of(candidate) > width, !line.isEmpty {
          lines.append(line)
          line = DisplayWidth.clip(String(word), to: width)
        } else {
          line =
            DisplayWidth.of(candidate) > width ? DisplayWidth.clip(candidate, to: width) : candidate
        }
      }
      lines.append(line)
    }
    return lines
  }
}
