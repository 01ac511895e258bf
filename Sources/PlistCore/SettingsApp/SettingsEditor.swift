/// The terminal Settings app's model: which screen is open, which row is selected, what is
/// being typed. Pure: it turns keys into changes of its own state and into writes for its
/// runner to make (through `Defaults`, which validates them), and it is drawn by
/// `render(size:)`. The runner feeds it the values the app sees whenever they change.
struct SettingsEditor: Sendable {
  /// What the runner must do after a key.
  enum Action: Sendable, Equatable {
    /// Store a value for a key (the runner reports a refusal with `show(message:)`).
    case write(key: String, value: PlistValue)
    /// Leave the app.
    case quit
  }

  /// One open screen, the last on top.
  enum Screen: Sendable, Equatable {
    /// A pane's rows.
    case pane(name: String, selection: Int)
    /// A multi-value's page of choices.
    case choices(key: String, selection: Int)
    /// Search results for a query.
    case search(query: String, selection: Int)
    /// The list of keys.
    case help
  }

  /// Text being typed into a row: a text field's value, a slider's number, a search query.
  struct Typing: Sendable, Equatable {
    enum Target: Sendable, Equatable {
      case text(key: String)
      case number(key: String)
      case search
    }
    var target: Target
    var text: [Character]
    var cursor: Int
  }

  /// The schema whose panes are shown.
  let schema: SettingsSchema
  /// The title of the root pane (the app's name).
  let title: String
  var screens: [Screen]
  var typing: Typing?
  /// Each key's effective value and whether it is the factory default.
  var values: [String: (value: PlistValue, isDefault: Bool)] = [:]
  /// The keys the administrator forces or locks, with the managed file of each: shown
  /// `(managed)`, and not changed here.
  var managed: [String: String] = [:]
  /// A line for the status bar (a refusal, a hint), until the next key.
  var message: String?

  /// An editor on the root pane.
  ///
  /// - Parameters:
  ///   - schema: The schema to show.
  ///   - title: The root pane's title when the bundle has none (the domain).
  init(schema: SettingsSchema, title: String) {
    self.schema = schema
    self.title = schema.bundle.root.declaredTitle ?? title
    let root = schema.bundle.root
    screens = [.pane(name: root.name, selection: 0)]
    if let first = firstFocusable(in: rows(of: root)) {
      screens[0] = .pane(name: root.name, selection: first)
    }
  }

  /// Replaces the values shown (each schema key's effective value, or nil when unset) and
  /// the keys the administrator manages.
  ///
  /// - Parameters:
  ///   - lookup: A key's value and whether it is the factory default.
  ///   - forcing: The managed file that forces or locks a key, or nil.
  mutating func refresh(
    _ lookup: (String) -> (value: PlistValue, isDefault: Bool)?,
    managed forcing: (String) -> String? = { _ in nil }
  ) {
    values = [:]
    managed = [:]
    for entry in schema.keys {
      if let source = forcing(entry.key) { managed[entry.key] = source }
    }
    for entry in schema.keys {
      if let found = lookup(entry.key) { values[entry.key] = found }
    }
  }

  /// Shows a line in the status bar until the next key.
  ///
  /// - Parameter message: The line.
  mutating func show(message: String) { self.message = message }

  /// The rows of a pane with the current values.
  func rows(of pane: SettingsPane) -> [SettingsRow] {
    schema.rows(of: pane) { values[$0] }
  }

  /// Whether the cursor can rest on a row (not on headers and footers).
  static func isFocusable(_ row: SettingsRow) -> Bool {
    switch row.kind {
    case .header, .footer: return false
    default: return true
    }
  }

  func firstFocusable(in rows: [SettingsRow]) -> Int? {
    rows.firstIndex(where: Self.isFocusable)
  }
}
