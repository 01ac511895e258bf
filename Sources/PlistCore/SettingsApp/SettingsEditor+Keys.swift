/// What each key does, screen by screen. Arrow keys and vi keys both move; Enter or Space acts
/// on the selected row; Esc or ← goes back; `/` searches; `?` lists the keys; `q` quits.
extension SettingsEditor {
  /// Handles one key.
  ///
  /// - Parameter key: The key.
  /// - Returns: What the runner must do: a value to write, or quitting.
  mutating func handle(_ key: TerminalKey) -> [Action] {
    message = nil
    if key == .control("c") { return [.quit] }
    if typing != nil { return handleTyping(key) }
    switch screens.last {
    case .pane(let name, let selection)?:
      guard let pane = schema.bundle.pane(named: name) else { return [] }
      return handlePane(key, pane: pane, selection: selection)
    case .choices(let key_, let selection)?:
      return handleChoices(key, key: key_, selection: selection)
    case .search(let query, let selection)?:
      return handleSearch(key, query: query, selection: selection)
    case .help?:
      screens.removeLast()
      return []
    case nil:
      return [.quit]
    }
  }

  // MARK: - A pane

  private mutating func handlePane(_ key: TerminalKey, pane: SettingsPane, selection: Int)
    -> [Action]
  {
    let rows = rows(of: pane)
    guard rows.indices.contains(selection) else { return common(key) ?? [] }
    let row = rows[selection]
    if let name = row.key, let source = managed[name], changes(row, key) {
      message = "\(row.title) is managed by the administrator (\(source)): it cannot be changed"
      return []
    }
    switch key {
    case .up, .character("k"): select(move(from: selection, by: -1, in: rows))
    case .down, .character("j"): select(move(from: selection, by: 1, in: rows))
    case .pageUp: select(move(from: selection, by: -10, in: rows))
    case .pageDown: select(move(from: selection, by: 10, in: rows))
    case .home, .character("g"): select(firstFocusable(in: rows) ?? selection)
    case .end, .character("G"): select(rows.lastIndex(where: Self.isFocusable) ?? selection)
    case .left, .character("h"):
      if row.kind == .slider { return nudge(row, by: -1) }
      back()
    case .right, .character("l"):
      if row.kind == .slider { return nudge(row, by: 1) }
      return activate(row)
    case .enter, .character(" "): return activate(row)
    default: return common(key) ?? []
    }
    return []
  }

  /// Whether a key would change the row's value (rather than move, go back or open a pane).
  private func changes(_ row: SettingsRow, _ key: TerminalKey) -> Bool {
    if case .childPane = row.kind { return false }
    switch key {
    case .right, .character("l"), .enter, .character(" "): return true
    case .left, .character("h"): return row.kind == .slider
    default: return false
    }
  }

  /// Keys every list screen shares: back, search, help, quit.
  private mutating func common(_ key: TerminalKey) -> [Action]? {
    switch key {
    case .escape:
      back()
      return []
    case .character("/"):
      typing = Typing(target: .search, text: [], cursor: 0)
      screens.append(.search(query: "", selection: 0))
      return []
    case .character("?"):
      screens.append(.help)
      return []
    case .character("q"): return [.quit]
    default: return nil
    }
  }

  /// Enter or Space on a row.
  private mutating func activate(_ row: SettingsRow) -> [Action] {
    guard let key = row.key else {
      if case .childPane(let child) = row.kind { open(pane: child) }
      return []
    }
    let entry = schema[key]
    switch row.kind {
    case .toggle:
      guard case .toggle(let on, let off)? = entry?.constraint else { return [] }
      let isOn = values[key]?.value.toggleState(on: on, off: off) ?? false
      return [.write(key: key, value: isOn ? off : on)]
    case .radioOption(let choice, _):
      guard case .choice(let choices)? = entry?.constraint else { return [] }
      return [.write(key: key, value: choices[choice].value)]
    case .multiValue:
      guard let constraint = entry?.constraint, case .choice = constraint else {
        message = "\(row.title) has no choices to pick from"
        return []
      }
      let current = values[key].flatMap { constraint.choiceIndex(of: $0.value) } ?? 0
      screens.append(.choices(key: key, selection: current))
    case .textField:
      let text = values[key]?.value.stringValue ?? ""
      typing = Typing(target: .text(key: key), text: Array(text), cursor: text.count)
    case .slider:
      let text = values[key]?.value.displayText ?? ""
      typing = Typing(target: .number(key: key), text: Array(text), cursor: text.count)
    case .childPane(let child): open(pane: child)
    case .readOnly: message = "\(row.title) is set by the app: it cannot be changed here"
    case .date: message = "dates are changed with plistctl write -date"
    default: break
    }
    return []
  }

  /// ← and → on a slider: a twentieth of its range.
  private mutating func nudge(_ row: SettingsRow, by steps: Double) -> [Action] {
    guard let key = row.key, case .range(let minimum, let maximum)? = schema[key]?.constraint,
      minimum.isFinite, maximum.isFinite, minimum < maximum
    else { return [] }
    let current = values[key]?.value.settingsNumber ?? minimum
    // Whole twentieths, divided last, so that 12 steps of 0…1 are 0.6 and not 0.6000000000000001.
    let position = ((current - minimum) * 20 / (maximum - minimum)).rounded() + steps
    let next = min(maximum, max(minimum, minimum + position * (maximum - minimum) / 20))
    return next == current ? [] : [.write(key: key, value: .real(next))]
  }

  private mutating func open(pane name: String) {
    guard let pane = schema.bundle.pane(named: name) else { return }
    screens.append(.pane(name: name, selection: firstFocusable(in: rows(of: pane)) ?? 0))
  }

  /// Closes the top screen (the root pane stays).
  mutating func back() {
    guard screens.count > 1 else { return }
    screens.removeLast()
  }

  private mutating func select(_ selection: Int) {
    switch screens.last {
    case .pane(let name, _)?: screens[screens.count - 1] = .pane(name: name, selection: selection)
    case .choices(let key, _)?:
      screens[screens.count - 1] = .choices(key: key, selection: selection)
    case .search(let query, _)?:
      screens[screens.count - 1] = .search(query: query, selection: selection)
    default: break
    }
  }

  /// The next focusable row `steps` away, staying inside the list.
  private func move(from selection: Int, by steps: Int, in rows: [SettingsRow]) -> Int {
    var index = selection
    var remaining = abs(steps)
    let direction = steps < 0 ? -1 : 1
    var candidate = selection
    while remaining > 0 {
      candidate += direction
      guard rows.indices.contains(candidate) else { break }
      if Self.isFocusable(rows[candidate]) {
        index = candidate
        remaining -= 1
      }
    }
    return index
  }

  // MARK: - A multi-value's choices

  private mutating func handleChoices(_ key: TerminalKey, key name: String, selection: Int)
    -> [Action]
  {
    guard case .choice(let choices)? = schema[name]?.constraint else {
      back()
      return []
    }
    switch key {
    case .up, .character("k"): select(max(0, selection - 1))
    case .down, .character("j"): select(min(choices.count - 1, selection + 1))
    case .home, .character("g"): select(0)
    case .end, .character("G"): select(choices.count - 1)
    case .left, .character("h"): back()
    case .enter, .character(" "), .right, .character("l"):
      back()
      return [.write(key: name, value: choices[selection].value)]
    default: return common(key) ?? []
    }
    return []
  }

  // MARK: - Search

  /// A row found by search: its pane and index.
  struct Match: Sendable, Equatable {
    let pane: String
    let index: Int
    let title: String
    let path: String
  }

  /// Every focusable row across panes whose title or key contains the query (ignoring case).
  func matches(for query: String) -> [Match] {
    let needle = query.lowercased()
    guard !needle.isEmpty else { return [] }
    var found: [Match] = []
    for pane in schema.bundle.panes {
      for (index, row) in rows(of: pane).enumerated() where Self.isFocusable(row) {
        // A row shown without a title (a slider's track) is found, and listed, by its key.
        let titled = row.specifier == nil || !(row.specifier?.title ?? "").isEmpty
        let title = titled ? row.title : row.key ?? row.title
        let haystack = (title + " " + (row.key ?? "")).lowercased()
        if haystack.contains(needle) {
          found.append(
            Match(pane: pane.name, index: index, title: title, path: path(to: pane.name)))
        }
      }
    }
    return found
  }

  private mutating func handleSearch(_ key: TerminalKey, query: String, selection: Int)
    -> [Action]
  {
    let found = matches(for: query)
    switch key {
    case .up, .character("k"): select(max(0, selection - 1))
    case .down, .character("j"): select(min(max(found.count - 1, 0), selection + 1))
    case .character("/"):
      typing = Typing(target: .search, text: Array(query), cursor: query.count)
    case .enter, .right, .character("l"):
      guard found.indices.contains(selection) else { return [] }
      let match = found[selection]
      screens.removeLast()
      screens.append(.pane(name: match.pane, selection: match.index))
    default: return common(key) ?? []
    }
    return []
  }

  // MARK: - Typing

  private mutating func handleTyping(_ key: TerminalKey) -> [Action] {
    guard var typing else { return [] }
    switch key {
    case .escape:
      self.typing = nil
      if typing.target == .search { back() }
      return []
    case .enter:
      self.typing = nil
      return commit(typing)
    case .left: typing.cursor = max(0, typing.cursor - 1)
    case .right: typing.cursor = min(typing.text.count, typing.cursor + 1)
    case .home, .control("a"): typing.cursor = 0
    case .end, .control("e"): typing.cursor = typing.text.count
    case .backspace:
      if typing.cursor > 0 {
        typing.text.remove(at: typing.cursor - 1)
        typing.cursor -= 1
      }
    case .delete:
      if typing.cursor < typing.text.count { typing.text.remove(at: typing.cursor) }
    case .control("u"):
      typing.text.removeFirst(typing.cursor)
      typing.cursor = 0
    case .character(let character):
      typing.text.insert(character, at: typing.cursor)
      typing.cursor += 1
    case .up, .down:
      if typing.target == .search {
        self.typing = nil
        return handle(key)
      }
    default: break
    }
    self.typing = typing
    if typing.target == .search {
      screens[screens.count - 1] = .search(query: String(typing.text), selection: 0)
    }
    return []
  }

  /// Enter while typing: the value to write, or the search to show.
  private mutating func commit(_ typing: Typing) -> [Action] {
    let text = String(typing.text)
    switch typing.target {
    case .text(let key): return [.write(key: key, value: .string(text))]
    case .number(let key):
      guard let number = Double(text.filter { $0 != " " }) else {
        message = "'\(text)' is not a number"
        return []
      }
      return [.write(key: key, value: .real(number))]
    case .search:
      if matches(for: text).isEmpty { message = "nothing matches '\(text)'" }
      return []
    }
  }
}
