/// How the editor looks: a title bar with the path to the open pane, the pane's rows the way
/// the iOS Settings app lays them out (group headers, rows with their values on the right,
/// footers), and a status bar with the keys or the last message.
extension SettingsEditor {
  /// The frame for a terminal of a size.
  ///
  /// - Parameter size: The terminal's rows and columns.
  /// - Returns: Exactly `size.rows` lines, and the cursor while text is typed.
  func render(size: TerminalSize) -> TerminalFrame {
    let width = max(size.columns, 20)
    let bodyHeight = max(size.rows - 3, 1)
    var body: (lines: [StyledLine], selected: Int, cursor: Int?)
    var heading = title
    switch screens.last {
    case .pane(let name, let selection)?:
      heading = path(to: name)
      body = paneBody(name, selection: selection, width: width)
    case .choices(let key, let selection)?:
      heading = choicesHeading(key)
      body = choicesBody(key, selection: selection, width: width)
    case .search(let query, let selection)?:
      heading = "Search"
      body = searchBody(query, selection: selection, width: width)
    case .help?:
      heading = "Keys"
      body = (Self.helpLines.map { StyledLine($0) }, 0, nil)
    case nil:
      body = ([], 0, nil)
    }
    // Keep the selected line in view, with a line of context above it where there is room.
    let top = max(0, min(body.selected - bodyHeight + 2, body.lines.count - bodyHeight))
    var lines = [
      StyledLine(" " + DisplayWidth.clip(heading, to: width - 2), style: [.reverse, .bold])
    ]
    lines.append(StyledLine())
    lines += body.lines.dropFirst(top).prefix(bodyHeight)
    while lines.count < size.rows - 1 { lines.append(StyledLine()) }
    lines.append(StyledLine(DisplayWidth.clip(message ?? hints, to: width), style: .dim))
    var cursor: TerminalPosition?
    if let column = body.cursor, body.selected >= top, body.selected < top + bodyHeight {
      cursor = TerminalPosition(row: 2 + body.selected - top, column: min(column, width - 1))
    }
    return TerminalFrame(lines: Array(lines.prefix(size.rows)), cursor: cursor)
  }

  /// The keys that matter on the current screen.
  var hints: String {
    if let typing {
      return typing.target == .search
        ? "type to search  ⏎ done  ↑↓ results  esc cancel" : "⏎ save  esc cancel  ←→ move"
    }
    switch screens.last {
    case .choices?: return "↑↓ move  ⏎ choose  esc back  q quit"
    case .help?: return "any key: back"
    default: return "↑↓/jk move  ⏎/space change  ←→ slider  esc back  / search  ? keys  q quit"
    }
  }

  static let helpLines = [
    "  ↑ ↓  or  k j       move",
    "  PgUp PgDn, g G     page, first, last",
    "  Enter or Space     flip a switch, open choices or a pane, edit text",
    "  ← →  or  h l       move a slider; ← also goes back",
    "  Enter on a slider  type a value",
    "  Esc                back, or cancel typing",
    "  /                  search titles and keys in every pane",
    "  ?                  this list",
    "  q  or  Ctrl-C      quit",
  ]

  // MARK: - Bodies

  private func paneBody(_ name: String, selection: Int, width: Int)
    -> (lines: [StyledLine], selected: Int, cursor: Int?)
  {
    guard let pane = schema.bundle.pane(named: name) else { return ([], 0, nil) }
    var lines: [StyledLine] = []
    var selectedLine = 0
    var cursor: Int?
    for (index, row) in rows(of: pane).enumerated() {
      switch row.kind {
      case .header:
        if !lines.isEmpty { lines.append(StyledLine()) }
        if !row.title.isEmpty {
          lines.append(StyledLine(" " + row.title.uppercased(), style: .bold))
        }
      case .footer:
        for text in SettingsText.lines(of: row, width: width - 1) {
          lines.append(StyledLine(text, style: .dim))
        }
      default:
        if index == selection {
          selectedLine = lines.count
          let (line, column) = selectedRow(row, width: width)
          lines.append(line)
          cursor = column
        } else {
          let isManaged = row.key.map { managed[$0] != nil } ?? false
          let style: TextStyle = row.kind == .inert || isManaged ? .dim : []
          lines.append(
            StyledLine(SettingsText.line(of: row, width: width, managed: isManaged), style: style))
        }
      }
    }
    return (lines, selectedLine, cursor)
  }

  /// The selected row in reverse video; while typing into it, the text and the cursor.
  private func selectedRow(_ row: SettingsRow, width: Int) -> (StyledLine, Int?) {
    guard let typing, typing.target != .search else {
      let isManaged = row.key.map { managed[$0] != nil } ?? false
      var text = SettingsText.line(of: row, width: width, managed: isManaged)
      text = "▸" + text.dropFirst()
      return (StyledLine(runs: [StyledText(text, style: .reverse)], fill: .reverse), nil)
    }
    let secure = row.key.flatMap { schema[$0] }?.isSecure ?? false
    // Measured as drawn: the frame writer escapes controls (a bundle's title may hold them,
    // and so may what is typed), which makes them wider than they were.
    let shown = { (text: String) in FrameWriter.sanitized(text) }
    let typed = secure ? String(repeating: "•", count: typing.text.count) : String(typing.text)
    let prefix = shown("▸ " + row.title + ": ")
    let column =
      DisplayWidth.of(prefix) + DisplayWidth.of(shown(String(typed.prefix(typing.cursor))))
    return (
      StyledLine(
        runs: [StyledText(prefix, style: .bold), StyledText(shown(typed), style: .underline)]),
      column
    )
  }

  private func choicesHeading(_ key: String) -> String {
    guard let entry = schema[key] else { return title }
    let name = entry.title.flatMap { $0.isEmpty ? nil : $0 } ?? key
    return path(to: entry.pane) + " › " + name
  }

  private func choicesBody(_ key: String, selection: Int, width: Int)
    -> (lines: [StyledLine], selected: Int, cursor: Int?)
  {
    guard let entry = schema[key], case .choice = entry.constraint else { return ([], 0, nil) }
    var lines: [StyledLine] = []
    let current = values[key].flatMap { entry.constraint.choiceIndex(of: $0.value) }
    for (index, label) in entry.choiceTitles.enumerated() {
      let mark = index == current ? "✓ " : "  "
      let text = DisplayWidth.clip("  " + mark + FrameWriter.sanitized(label), to: width)
      lines.append(
        index == selection
          ? StyledLine(runs: [StyledText(text, style: .reverse)], fill: .reverse) : StyledLine(text)
      )
    }
    return (lines, selection, nil)
  }

  private func searchBody(_ query: String, selection: Int, width: Int)
    -> (lines: [StyledLine], selected: Int, cursor: Int?)
  {
    let prompt = " / " + query
    var lines = [StyledLine(prompt, style: .bold)]
    let cursor = typing?.target == .search ? DisplayWidth.of(prompt) : nil
    let found = matches(for: query)
    if found.isEmpty && !query.isEmpty {
      lines.append(StyledLine("   nothing matches", style: .dim))
    }
    for (index, match) in found.enumerated() {
      // Clipped and padded as drawn (controls escaped), so the path stays flush right.
      let right = FrameWriter.sanitized(match.path)
      let room = max(width - DisplayWidth.of(right) - 4, 8)
      let text =
        DisplayWidth.pad(
          "   " + DisplayWidth.clip(FrameWriter.sanitized(match.title), to: room),
          to: width - DisplayWidth.of(right) - 1)
        + right
      let selected = typing == nil && index == selection
      lines.append(
        selected
          ? StyledLine(runs: [StyledText(text, style: .reverse)], fill: .reverse) : StyledLine(text)
      )
    }
    // While typing, the prompt line holds the cursor.
    return (lines, typing == nil ? selection + 1 : 0, cursor)
  }

  /// The titles from the root to a pane: `Pigeon › Advanced › Fruit`.
  func path(to name: String) -> String {
    ([title] + schema.bundle.titles(leadingTo: name)).joined(separator: " › ")
  }
}
